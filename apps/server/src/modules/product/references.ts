import { registerReferenceChecker } from '../../platform/references.ts';
import { tracesMaterials, usesProjectCodes } from './repo.ts';

// Products reference project codes (their project) and materials (their tracing materials): neither can be
// deleted while a product names it (spec 5 "Deletion", 8). Registered once, when the module loads.

registerReferenceChecker('project', 'product', (db, tenant, records) =>
  usesProjectCodes(
    db,
    tenant,
    records.map((r) => r.id),
  ),
);

registerReferenceChecker('material', 'product', (db, tenant, records) =>
  tracesMaterials(
    db,
    tenant,
    records.map((r) => r.id),
  ),
);
