import type { api, TInput } from '@tracehub/contract';

/** Query keys of the enterprise's work orders (list, recycle bin, details, status logs). */
export const ticketKeys = {
  all: ['ticket'] as const,
  list: (request: TInput<typeof api.ticket.page>) => [...ticketKeys.all, 'list', request] as const,
  detail: (id: number) => [...ticketKeys.all, 'detail', id] as const,
  log: (id: number) => [...ticketKeys.all, 'log', id] as const,
};

/** The recycle bin's list, under the same domain key: a move refreshes both lists. */
export const recycleKeys = {
  all: [...ticketKeys.all, 'recycle'] as const,
  list: (request: TInput<typeof api.ticket.recyclePage>) => [...ticketKeys.all, 'recycle', request] as const,
};

/** The operator end's queue; below the operator session's key. */
export const operatorTicketKeys = {
  all: ['operator', 'tickets'] as const,
  list: (request: TInput<typeof api.operator.ticket.page>) =>
    [...operatorTicketKeys.all, 'list', request] as const,
  detail: (id: number) => [...operatorTicketKeys.all, 'detail', id] as const,
};
