import { TICKET_STATUS_LABELS, type TTicketStatus } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { notify } from '../message/notify.ts';

/**
 * Tells a ticket's submitter that its status changed (message type ticketStatus), in the transaction of the
 * change: a rolled-back change leaves no message. The status is given in both languages, so the message
 * reads in the reader's.
 */
export async function notifySubmitter(
  db: Db,
  ticket: { enterpriseUuid: string; createdBy: number; ticketNo: string; title: string },
  status: TTicketStatus,
): Promise<void> {
  await notify(db, {
    enterpriseUuid: ticket.enterpriseUuid,
    recipients: [ticket.createdBy],
    type: 'ticketStatus',
    params: { ticketNo: ticket.ticketNo, title: ticket.title, status: TICKET_STATUS_LABELS[status] },
    link: '/issue/list',
  });
}
