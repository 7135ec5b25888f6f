import { recordExporter, recordImporter } from '../../platform/records/transfers.ts';
import { projectStore } from './service.ts';

// Bulk import and export of project codes: the template's columns are the declaration's import fields, the
// natural key is the code (unique in the enterprise), each imported code is recorded as evidence.

export const projectImporter = recordImporter(projectStore);
export const projectExporter = recordExporter(projectStore);
