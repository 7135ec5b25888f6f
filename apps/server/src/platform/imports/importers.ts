/*
 * Every importer of the app, registered by loading the modules that declare them. The sheet worker loads
 * this (it has no routes to load them), so that it validates rows with the same declarations as the job;
 * a module with an importer must be listed here (import-hostile.test.ts checks every import kind).
 */
import '../../modules/document/import-export.ts';
import '../../modules/material/import-export.ts';
import '../../modules/material-relation/import-export.ts';
import '../../modules/partner/import-export.ts';
import '../../modules/product/import-export.ts';
import '../../modules/project/import-export.ts';
