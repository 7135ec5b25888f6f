import type { FastifyInstance } from 'fastify';
import { CURRENCIES, DOCUMENT_TYPES, documentCommonEndpoints, documentEndpoints } from '@tracehub/contract';
import type { TDocumentTypeDef } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerImportExport } from '../../platform/imports/routes.ts';
import { registerRecordEndpoints } from '../../platform/record-routes.ts';
import { partnerOptions } from '../material-relation/service.ts';
import { documentTransfers } from './import-export.ts';
import { registerDocumentReferences } from './references.ts';
import * as document from './service.ts';

/** One type's page: its endpoints, each fixing the type and checking that page's own codes. */
function typeRoutes(app: FastifyInstance, deps: AppDeps, def: TDocumentTypeDef): void {
  const e = documentEndpoints[def.code]!;
  registerRecordEndpoints(app, deps, e, {
    page: (db, tenant, req) => document.pageDocuments(db, tenant, def, req),
    detail: (db, tenant, id) => document.documentDetail(db, tenant, def, id),
    add: (db, tenant, input) => document.addDocument(db, deps, tenant, def, input),
    update: (db, tenant, input) => document.editDocument(db, deps, tenant, def, input),
    remove: (db, tenant, ids) => document.removeDocuments(db, deps, tenant, def, ids),
  });
  registerEndpoint(app, deps, e.partnerOptions, (input, { db, tenant }) =>
    def.partner ? partnerOptions(db, tenant, def.partner, input.keyword) : Promise.resolve([]),
  );
  registerImportExport(app, deps, e, documentTransfers.get(def.code)!);
}

/**
 * Every document list of the catalogue (purchase, production, sales, logistics, VIN tables A-E) with its
 * import and export, the currencies and the purchase return detail.
 */
export function documentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDocumentReferences();
  for (const def of DOCUMENT_TYPES) typeRoutes(app, deps, def);
  registerEndpoint(app, deps, documentCommonEndpoints.currencies, () =>
    Promise.resolve(CURRENCIES.map((c) => ({ code: c.code, name: c.name, nameEn: c.nameEn }))),
  );
  registerEndpoint(app, deps, documentCommonEndpoints.purchaseReturnDetail, (input, { db, tenant }) =>
    document.purchaseReturnDetail(db, tenant, input),
  );
}
