import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { registerReferenceChecker } from '../../platform/references.ts';
import { onPartnersWritten } from '../partner/service.ts';
import { anyRelationWith, followPartners } from './repo.ts';

// What material code mappings mean to the records they name. A material, product or partner that a mapping
// names cannot be deleted (spec 5 "Deletion and returns", 8: B2040); their owners ask referencesTo before
// deleting. A partner's changed code or name reaches the mappings that name it.

let registered = false;

/** Registers the checkers and the partner hook once per process (both routes of the two directions call it). */
export function registerRelationReferences(): void {
  if (registered) return;
  registered = true;
  registerReferenceChecker('material', 'materialRelation', (db, tenant, records) =>
    anyRelationWith(
      db,
      tenant,
      'materialId',
      records.map((r) => r.id),
    ),
  );
  registerReferenceChecker('product', 'materialRelation', (db, tenant, records) =>
    anyRelationWith(
      db,
      tenant,
      'productId',
      records.map((r) => r.id),
    ),
  );
  registerReferenceChecker('partner', 'materialRelation', (db, tenant, records) =>
    anyRelationWith(
      db,
      tenant,
      'partnerId',
      records.map((r) => r.id),
    ),
  );
  onPartnersWritten(async (db, tenant, rows) => {
    try {
      await followPartners(
        db,
        tenant,
        rows.map((r) => r.id),
      );
    } catch (err) {
      // A recoded partner would give two of its mappings the same material number.
      if (violatedUnique(err) === 'material_relations_uq') throw new AppError('MATERIAL_RELATION_EXISTS');
      throw err;
    }
  });
}
