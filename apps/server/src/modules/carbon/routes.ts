import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import * as carbon from './service.ts';

/** Carbon footprints of the current enterprise's products (/carbonFootprint/...). */
export function carbonRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.carbon;
  registerEndpoint(app, deps, e.addCarbonFootprint, (input, { db, tenant, meta }) =>
    carbon.addFootprint(db, deps, tenant, input, meta.lang),
  );
  registerEndpoint(app, deps, e.selectCarbonList, (input, { db, tenant }) =>
    carbon.pageCurrentFootprints(db, tenant, input),
  );
  registerEndpoint(app, deps, e.queryCarbonFootprintList, (input, { db, tenant }) =>
    carbon.pageFootprintHistory(db, tenant, input),
  );
  registerEndpoint(app, deps, e.queryCarbonFootprintOne, (input, { db, tenant }) =>
    carbon.queryFootprintOne(db, tenant, input),
  );
  registerEndpoint(app, deps, e.queryCarbonFootprintOneSale, (input, { db, tenant }) =>
    carbon.queryFootprintOneSale(db, tenant, input),
  );
}
