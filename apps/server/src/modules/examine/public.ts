// The public face of the examine module: what other modules may use of it (docs/structure.md). Other modules
// import from here, never from ./repo.ts (lint rule tracehub/no-foreign-repo).
export { listLinkedEnterprises, VISIBLE_LINK_STATES } from './repo.ts';
