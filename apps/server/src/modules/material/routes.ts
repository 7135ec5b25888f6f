import type { FastifyInstance } from 'fastify';
import { materialEndpoints, MATERIAL_NATURES, type TMaterialNature } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerRecord } from '../../platform/records/routes.ts';
import { materialTransfers } from './import-export.ts';
import { attachQuality, materialStores, optionsOf } from './service.ts';

/** One nature's page: its endpoints, each fixing the nature and checking that page's own codes. */
function natureRoutes(app: FastifyInstance, deps: AppDeps, nature: TMaterialNature): void {
  const e = materialEndpoints[nature];
  registerRecord(app, deps, e, materialStores[nature], materialTransfers[nature]);
  registerEndpoint(app, deps, e.attachQuality, (input, { db, tenant, meta }) =>
    attachQuality(db, deps, tenant, nature, input, meta.lang),
  );
  registerEndpoint(app, deps, e.options, (input, { db, tenant }) => optionsOf(db, tenant, nature, input));
}

/**
 * Purchased materials (/basicData/materialData) and homemade semi-finished products
 * (/basicData/materialDataIn), with their bulk import and export.
 */
export function materialRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const nature of MATERIAL_NATURES) natureRoutes(app, deps, nature);
}
