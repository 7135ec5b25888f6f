import { DOCUMENT_TYPES } from '@tracehub/contract';
import { registerReferenceChecker } from '../../platform/references.ts';
import { anyDocumentWith } from './repo.ts';

// What documents mean to the master data they name (spec 5 "Deletion and returns", 8: B2040): a partner a
// document names by id, and a material or product a document names by its code, cannot be deleted.

const typeCodesNaming = (item: 'material' | 'product') =>
  DOCUMENT_TYPES.filter((d) => d.item === item).map((d) => d.typeCode);

let registered = false;

/** Registers the checkers once per process (every app instance of a test run calls it). */
export function registerDocumentReferences(): void {
  if (registered) return;
  registered = true;
  registerReferenceChecker('partner', 'document', (db, tenant, records) =>
    anyDocumentWith(db, tenant, { partnerIds: records.map((r) => r.id) }),
  );
  registerReferenceChecker('material', 'document', (db, tenant, records) =>
    anyDocumentWith(db, tenant, {
      itemCodes: records.map((r) => r.code),
      typeCodes: typeCodesNaming('material'),
    }),
  );
  registerReferenceChecker('product', 'document', (db, tenant, records) =>
    anyDocumentWith(db, tenant, {
      itemCodes: records.map((r) => r.code),
      typeCodes: typeCodesNaming('product'),
    }),
  );
}
