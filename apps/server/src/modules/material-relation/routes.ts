import type { FastifyInstance } from 'fastify';
import { api, type TRelationDirection } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { registerRecordEndpoints } from '../../platform/record-routes.ts';
import { RELATION_TRANSFER } from './import-export.ts';
import { registerRelationReferences } from './references.ts';
import * as relation from './service.ts';

const ENDPOINTS = {
  supplier: api.materialRelation,
  client: api.customMaterialRelation,
} as const;

/** The mappings of one direction: list, changes, the link page, import and export. */
function directionRoutes(app: FastifyInstance, deps: AppDeps, direction: TRelationDirection): void {
  const e = ENDPOINTS[direction];
  registerRecordEndpoints(app, deps, e, {
    page: (db, tenant, req) => relation.pageRelations(db, tenant, direction, req),
    detail: (db, tenant, id) => relation.relationDetail(db, tenant, direction, id),
    add: (db, tenant, input) => relation.addRelation(db, deps, tenant, direction, input),
    update: (db, tenant, input) => relation.editRelation(db, deps, tenant, direction, input),
    remove: (db, tenant, ids) => relation.removeRelations(db, deps, tenant, direction, ids),
  });
  registerEndpoint(app, deps, e.partnerOptions, (input, { db, tenant }) =>
    relation.partnerOptions(db, tenant, direction, input.keyword),
  );
  registerEndpoint(app, deps, e.candidates, (input, { db, tenant }) =>
    relation.linkCandidates(db, tenant, direction, input),
  );
  registerEndpoint(app, deps, e.link, (input, { db, tenant }) =>
    relation.linkRelation(db, deps, tenant, direction, input),
  );
  registerEndpoint(app, deps, e.unlink, (input, { db, tenant }) =>
    relation.unlinkRelation(db, deps, tenant, direction, input.id),
  );
  registerImportExport(app, deps, e, RELATION_TRANSFER[direction]);
}

/**
 * Supplier (/basicData/materialRelation) and client (/basicData/custommaterialRelation) material code
 * mappings, and the deletion guards they put on materials, products and partners.
 */
export function materialRelationRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerRelationReferences();
  directionRoutes(app, deps, 'supplier');
  directionRoutes(app, deps, 'client');
}
