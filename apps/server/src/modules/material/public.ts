// The public face of the material module: what other modules may use of it (docs/structure.md). Other modules
// import from here, never from ./repo.ts (lint rule tracehub/no-foreign-repo).
export { materialOptions, tracingObjects } from './repo.ts';
