// What the trace module offers other modules (docs/structure.md): the link-level reads across enterprises,
// and the walk itself (the VIN map check of modules/checking walks many VINs at once).
export {
  documentBlocks,
  documentEvidence,
  enterpriseIdentities,
  enterpriseKinds,
  enterprisePlaces,
  lotSuppliers,
  sourceEnterprises,
  typesOf,
  type AcrossRow,
  type EnterpriseIdentity,
  type LinkDoc,
  type LotKey,
} from './links.ts';
export { walk, walkMany, type TraceEdge, type TraceGraph, type TraceNode } from './walk.ts';
// Whether a VIN/SN or lot is the caller's own: where a walk of the caller may start (evidence packages).
export { ownPartners, ownVin, ownVins, ownsLot } from './repo.ts';
// The product network (modules/graph) draws a product's trace down to the mine.
export { traceDown } from './service.ts';
