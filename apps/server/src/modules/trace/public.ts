// What the trace module offers other modules (docs/structure.md): the link-level reads across enterprises.
export { enterpriseIdentities, lotSuppliers, typesOf, type AcrossRow, type LotKey } from './links.ts';
