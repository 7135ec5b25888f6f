import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { listLogs, logDetail } from './service.ts';

export function logRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.log.selectLogPage, (input, { db, tenant, session }) =>
    listLogs(db, tenant, session, input),
  );
  registerEndpoint(app, deps, api.log.selectLogDetail, (input, { db, tenant, session }) =>
    logDetail(db, tenant, session, input.id),
  );
}
