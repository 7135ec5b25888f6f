import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as role from './service.ts';

/** Roles of the current enterprise and their permissions (/account/role). */
export function roleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.role;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => role.pageRoles(db, tenant, input));
  registerEndpoint(app, deps, e.options, (_input, { db, tenant }) => role.roleOptions(db, tenant));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) => role.roleDetail(db, tenant, input.id));
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) => role.addRole(db, tenant, input));
  registerEndpoint(app, deps, e.update, (input, { db, tenant }) => role.updateRole(db, tenant, input));
  registerEndpoint(app, deps, e.updateStatus, (input, { db, tenant }) =>
    role.updateRoleStatus(db, tenant, input),
  );
  registerEndpoint(app, deps, e.menuTree, async () => [...role.permissionTree()]);
  registerEndpoint(app, deps, e.configAuth, (input, { db, tenant, meta }) =>
    role.configureRole(db, tenant, input, meta.lang),
  );
}
