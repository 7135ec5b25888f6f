// The public face of the product module: what other modules may use of it (docs/structure.md). Other modules
// import from here, never from ./repo.ts (lint rule tracehub/no-foreign-repo).
export { findProduct, productConditions, productListQuery, type ProductFilters } from './repo.ts';
export { projectsWithProducts, type ProjectWithProducts } from './projects.ts';
