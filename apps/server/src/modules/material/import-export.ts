import type { TMaterialNature } from '@tracehub/contract';
import { recordExporter, recordImporter } from '../../platform/records/transfers.ts';
import { materialStores } from './service.ts';

// Bulk import and export of materials, one importer per nature: the template's columns are the declaration's
// import fields (the quality report is attached afterwards, row by row), the natural key is the code and
// batch number within the nature, and each imported material is recorded as evidence.

const transfersOf = (nature: TMaterialNature) => ({
  importer: recordImporter(materialStores[nature]),
  exporter: recordExporter(materialStores[nature]),
});

/** The importer and exporter of each nature, declared once at module load. */
export const materialTransfers = {
  purchased: transfersOf('purchased'),
  homemade: transfersOf('homemade'),
} as const;
