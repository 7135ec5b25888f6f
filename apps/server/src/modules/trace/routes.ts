import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as trace from './service.ts';

/**
 * /dataManagement (project data -> product data -> materials -> related suppliers) and the traces from a
 * VIN/SN down to the mine and from a lot up to every VIN/SN (link rules: walk.ts). All need the
 * DataManagement page code: a trace shows other enterprises' link data, so it is that page's right, not
 * every document page's.
 */
export function traceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.trace;
  registerEndpoint(app, deps, e.projectPage, (input, { db, tenant }) => trace.projectPage(db, tenant, input));
  registerEndpoint(app, deps, e.productPage, (input, { db, tenant }) => trace.productPage(db, tenant, input));
  registerEndpoint(app, deps, e.materialPage, (input, { db, tenant }) =>
    trace.materialPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.supplierPage, (input, { db, tenant }) =>
    trace.supplierPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.traceVin, (input, { db, tenant }) => trace.traceVin(db, tenant, input));
  registerEndpoint(app, deps, e.traceLot, (input, { db, tenant }) => trace.traceLot(db, tenant, input));
}
