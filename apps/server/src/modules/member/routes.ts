import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as member from './service.ts';

/** Members of the current enterprise (/account/member). */
export function memberRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.member;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => member.pageMembers(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) => member.memberDetail(db, tenant, input.id));
  // The answers of add and reset carry a one-time password: no cache may keep it.
  registerEndpoint(app, deps, e.add, (input, { db, tenant, reply }) => {
    void reply.header('cache-control', 'no-store');
    return member.addMember(deps, db, tenant, input);
  });
  registerEndpoint(app, deps, e.update, (input, { db, tenant }) => member.updateMember(db, tenant, input));
  registerEndpoint(app, deps, e.updateStatus, (input, { db, tenant }) =>
    member.updateMemberStatus(db, tenant, input, deps.mailer),
  );
  registerEndpoint(app, deps, e.resetPassword, (input, { db, tenant, reply }) => {
    void reply.header('cache-control', 'no-store');
    return member.resetMemberPassword(deps, db, tenant, input.id);
  });
  registerEndpoint(app, deps, e.transferAdmin, (input, { db, tenant, session }) =>
    member.transferAdmin(deps, db, tenant, session, input.id),
  );
}
