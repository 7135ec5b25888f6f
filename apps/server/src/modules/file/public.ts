// The public face of the file module: what other modules may use of it (docs/structure.md). Other modules
// import from here, never from ./repo.ts (lint rule tracehub/no-foreign-repo).
export { assignFilesToEnterprise, ownUploads } from './repo.ts';
export { cjkFonts } from './certificate-pdf.ts';
