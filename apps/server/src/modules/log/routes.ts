import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { listLogs, logDetail } from './service.ts';

export function logRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.log.selectLogPage, (input, { tenant, session }) =>
    listLogs(deps, tenant, session, input),
  );
  registerEndpoint(app, deps, api.log.selectLogDetail, (input, { tenant, session }) =>
    logDetail(deps, tenant, session, input.id),
  );
}
