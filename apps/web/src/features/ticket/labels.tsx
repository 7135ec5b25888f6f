import {
  TICKET_MODULES,
  TICKET_STATUS,
  type TLang,
  type TTicket,
  type TTicketStatus,
} from '@tracehub/contract';
import { StatusBadge, type TBadgeColour } from '../../shared/StatusBadge';
import type { TColumnDef, TOption, TRenderContext, TSearchField } from '../../shared/list/types';

const STATUS_COLOURS: Readonly<Record<TTicketStatus, TBadgeColour>> = {
  pending: 'yellow',
  inProgress: 'blue',
  done: 'green',
  cancelled: 'grey',
};

export function TicketStatusBadge({ status, ctx }: { status: TTicketStatus; ctx: TRenderContext }) {
  return (
    <StatusBadge colour={STATUS_COLOURS[status]} testId="ticket-status">
      {ctx.t(`ticket.status.${status}`)}
    </StatusBadge>
  );
}

/** A module code in the reader's language (the menu's top-level group titles). */
export function moduleText(code: string, lang: TLang): string {
  const m = TICKET_MODULES.find((x) => x.code === code);
  return m ? m[lang] : code;
}

export const moduleOptions = ({ lang }: TRenderContext): TOption[] =>
  TICKET_MODULES.map((m) => ({ value: m.code, label: m[lang] }));
export const statusOptions = ({ t }: TRenderContext): TOption[] =>
  TICKET_STATUS.map((s) => ({ value: s, label: t(`ticket.status.${s}`) }));

/** Columns both ends show, after their own first ones. */
export function ticketColumns<T extends TTicket>(): TColumnDef<T>[] {
  return [
    { key: 'ticketNo', label: 'ticket.fields.ticketNo', width: 200, sortable: true },
    { key: 'title', label: 'ticket.fields.title', width: 240, sortable: true },
    {
      key: 'module',
      label: 'ticket.fields.module',
      width: 160,
      render: (r, { lang }) => moduleText(r.module, lang),
    },
    {
      key: 'status',
      label: 'ticket.fields.status',
      width: 120,
      filter: { prop: 'status', options: statusOptions },
      render: (r, ctx) => <TicketStatusBadge status={r.status} ctx={ctx} />,
    },
    { key: 'submitterName', label: 'ticket.fields.submitter', width: 140 },
    { key: 'createdAt', label: 'ticket.fields.createdAt', width: 180, format: 'datetime', sortable: true },
  ];
}

/** Search fields both ends offer. */
export const TICKET_SEARCH: readonly TSearchField[] = [
  { type: 'text', prop: 'ticketNo', label: 'ticket.fields.ticketNo', basic: true },
  { type: 'text', prop: 'title', label: 'ticket.fields.title', basic: true },
  { type: 'select', prop: 'module', label: 'ticket.fields.module', options: moduleOptions },
  { type: 'select', prop: 'status', label: 'ticket.fields.status', options: statusOptions },
  {
    type: 'datetimerange',
    prop: 'createdRange',
    props: ['createdFrom', 'createdTo'],
    label: 'ticket.fields.createdAt',
    valueFormat: 'epochMs',
  },
];
