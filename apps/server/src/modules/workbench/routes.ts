import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { dashboard } from './service.ts';

/** /workbench: the dashboard (contract workbench.ts). */
export function workbenchRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.workbench.dashboard, (_input, { db, tenant }) => dashboard(db, tenant));
}
