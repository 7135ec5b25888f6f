import type { FastifyInstance } from 'fastify';
import { materialEndpoints, MATERIAL_NATURES, type TMaterialNature } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { registerRecordEndpoints } from '../../platform/record-routes.ts';
import { materialTransfers } from './import-export.ts';
import * as material from './service.ts';

/** One nature's page: its endpoints, each fixing the nature and checking that page's own codes. */
function natureRoutes(app: FastifyInstance, deps: AppDeps, nature: TMaterialNature): void {
  const e = materialEndpoints[nature];
  registerRecordEndpoints(app, deps, e, {
    page: (db, tenant, req) => material.pageMaterials(db, tenant, nature, req),
    detail: (db, tenant, id) => material.materialDetail(db, tenant, nature, id),
    add: (db, tenant, input) => material.addMaterial(db, deps, tenant, nature, input),
    update: (db, tenant, input) => material.editMaterial(db, deps, tenant, nature, input),
    remove: (db, tenant, ids) => material.removeMaterials(db, deps, tenant, nature, ids),
  });
  registerEndpoint(app, deps, e.attachQuality, (input, { db, tenant, meta }) =>
    material.attachQuality(db, deps, tenant, nature, input, meta.lang),
  );
  registerEndpoint(app, deps, e.options, (input, { db, tenant }) =>
    material.optionsOf(db, tenant, nature, input),
  );
  registerImportExport(app, deps, e, materialTransfers[nature]);
}

/**
 * Purchased materials (/basicData/materialData) and homemade semi-finished products
 * (/basicData/materialDataIn), with their bulk import and export.
 */
export function materialRoutes(app: FastifyInstance, deps: AppDeps): void {
  for (const nature of MATERIAL_NATURES) natureRoutes(app, deps, nature);
}
