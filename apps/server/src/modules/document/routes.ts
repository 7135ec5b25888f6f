import type { FastifyInstance } from 'fastify';
import { CURRENCIES, DOCUMENT_TYPES, documentCommonEndpoints, documentEndpoints } from '@tracehub/contract';
import type { TDocumentTypeDef } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { registerRecord } from '../../platform/records/routes.ts';
import { partnerOptions } from '../material-relation/service.ts';
import { documentTransfers } from './import-export.ts';
import { registerDocumentReferences } from './references.ts';
import { documentStore, purchaseReturnDetail } from './service.ts';

/** One type's page: its declaration's endpoints over its store, and the partners its form can name. */
function typeRoutes(app: FastifyInstance, deps: AppDeps, def: TDocumentTypeDef): void {
  const e = documentEndpoints[def.code]!;
  registerRecord(app, deps, e, documentStore(def.code), documentTransfers.get(def.code)!);
  registerEndpoint(app, deps, e.partnerOptions, (input, { db, tenant }) =>
    def.partner ? partnerOptions(db, tenant, def.partner, input.keyword) : Promise.resolve([]),
  );
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
    purchaseReturnDetail(db, tenant, input),
  );
}
