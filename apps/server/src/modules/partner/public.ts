// The public face of the partner module: what other modules may use of it (docs/structure.md). Other modules
// import from here, never from ./repo.ts (lint rule tracehub/no-foreign-repo).
export { partnerChoices, partnersByCode, partnersOfEnterprise, type PartnerRow } from './repo.ts';
export { findPartner } from './service.ts';
