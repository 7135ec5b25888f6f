import {
  materialEndpoints,
  materialRecords,
  type TMaterial,
  type TMaterialEndpoints,
  type TMaterialNature,
  unitLabel,
} from '@tracehub/contract';
import { recordResource } from '../../shared/list/recordResource';
import type { TResource } from '../../shared/list/types';
import { chainStatusColumn, chainStatusDetail, txHashDetail } from '../ledger/ChainStatusLink';
import { HashText } from '../ledger/HashText';
import { QualityReport, qualityUploadDialog } from './QualityReport';
import { materialKeys } from './queries';

/** Wide enough for the report's name and full hashes beside the two columns of fields. */
const DETAIL_DIALOG_WIDTH = 880;

/**
 * One nature's materials (spec 2.2 /basicData/materialData: purchased materials, /materialDataIn: homemade
 * semi-finished products; 3 "Material"), derived from the contract's declaration of the nature: search,
 * create, edit, detail, delete and bulk delete, bulk import, template, export, upload records and
 * attachments. Added here: the quality inspection report (its upload, and its chain status opening the
 * blockchain record of the upload) and the record's chain status.
 */
function materialResourceOf(nature: TMaterialNature): TResource<TMaterialEndpoints['page']> {
  const record = materialRecords[nature];
  const { code } = record;
  return recordResource<TMaterialEndpoints, TMaterial>(
    record,
    materialEndpoints[nature] as TMaterialEndpoints,
    { name: `basicData/${record.name}`, keys: materialKeys(nature) },
    {
      render: {
        quality: (r) => r.quality && <QualityReport quality={r.quality} code={code} />,
        unit: (r, { lang }) => unitLabel(r.unit, lang) || null,
      },
      // The chain status between the quality report and the receipt's fields.
      columnsBefore: {
        [nature === 'purchased' ? 'supplierMaterialCode' : 'receiptNo']: [chainStatusColumn<TMaterial>(code)],
      },
      detailsAfter: {
        receiptTime: [chainStatusDetail<TMaterial>(code)],
        quality: [
          {
            key: 'qualityHash',
            label: 'ledger.attachments.fileHash',
            value: (r) => (r.quality ? <HashText value={r.quality.fileHash} /> : null),
            wide: true,
          },
          txHashDetail<TMaterial>(),
        ],
      },
      formFields: { weight: { extra: 'material.weightHint' } },
      formColumns: 2,
      initialValues: { tracingObject: false },
      texts: { confirmBatchDelete: 'material.confirmBatchDelete' },
      rowActionsAfter: {
        delete: [
          {
            key: 'qualityReport',
            label: (r, { t }) => t(r.quality ? 'material.quality.replace' : 'material.quality.upload'),
            permission: `${code}:UploadAffix`,
            dialog: 'quality',
          },
        ],
      },
      dialogs: { quality: qualityUploadDialog(nature) },
      detailWidth: DETAIL_DIALOG_WIDTH,
      testId: 'material',
    },
  );
}

/** The purchased materials page (/basicData/materialData). */
export const purchasedMaterialResource = materialResourceOf('purchased');
/** The homemade semi-finished products page (/basicData/materialDataIn). */
export const homemadeMaterialResource = materialResourceOf('homemade');
