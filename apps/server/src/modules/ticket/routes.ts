import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRawEndpoint } from '../../platform/http-binary.ts';
import { registerEndpoint, successEnvelope } from '../../platform/http.ts';
import { withTenant } from '../../platform/tenancy.ts';
import * as ticket from './service.ts';

/** Support tickets: the enterprise's list and recycle bin (/issue), and the operator end's queue. */
export function ticketRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.ticket;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) =>
    ticket.pageTickets(db, tenant, input, false),
  );
  registerEndpoint(app, deps, e.recyclePage, (input, { db, tenant }) =>
    ticket.pageTickets(db, tenant, input, true),
  );
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) => ticket.ticketDetail(db, tenant, input.id));
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) => ticket.addTicket(db, tenant, input));
  registerEndpoint(app, deps, e.revoke, (input, { db, tenant }) => ticket.revokeTicket(db, tenant, input.id));
  registerEndpoint(app, deps, e.delete, (input, { db, tenant }) =>
    ticket.moveTicket(db, tenant, input.id, true),
  );
  registerEndpoint(app, deps, e.restore, (input, { db, tenant }) =>
    ticket.moveTicket(db, tenant, input.id, false),
  );
  registerEndpoint(app, deps, e.statusLog, (input, { db, tenant }) =>
    ticket.ticketStatusLog(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.attachmentLink, (input, { db, tenant }) =>
    ticket.ticketAttachmentLink(db, deps, tenant, input),
  );
  // By hand: the attachments' content is removed only once the purge has committed.
  registerRawEndpoint(app, deps, e.purge, {}, async (input, { tenant, meta, req }) => {
    const paths = await withTenant(deps.db, tenant, (db) => ticket.purgeTicket(db, deps, tenant, input.id));
    for (const path of paths) {
      await deps.storage
        .remove(path)
        .catch((err: unknown) => req.log.error({ err }, 'purged ticket attachment content not removed'));
    }
    return successEnvelope(meta, null);
  });

  const o = api.operator.ticket;
  registerEndpoint(app, deps, o.page, (input, { db }) => ticket.operatorPage(db, input));
  registerEndpoint(app, deps, o.detail, (input, { db }) => ticket.operatorDetail(db, input.id));
  registerEndpoint(app, deps, o.handle, (input, { db, session }) =>
    ticket.operatorTransition(db, session, 'handle', input),
  );
  registerEndpoint(app, deps, o.solve, (input, { db, session }) =>
    ticket.operatorTransition(db, session, 'solve', input),
  );
  registerEndpoint(app, deps, o.attachmentLink, (input, { db }) =>
    ticket.operatorAttachmentLink(db, deps, input),
  );
}
