import type { ComponentType } from 'react';
import { FileProtectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  materialEndpoints,
  MATERIAL_PAGES,
  type TMaterial,
  type TMaterialNature,
  type TMaterialQuality,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { FileUploadDialog } from '../../shared/FileUploadDialog';
import { attachmentBizNo } from '../../shared/list/importModel';
import type { TResourceDialogProps } from '../../shared/list/types';
import { EvidenceFile } from '../ledger/EvidenceFile';
import './material.css';

/** Quality inspection reports are uploads of this business type (spec 5: doc, docx, xls, xlsx, pdf). */
const BIZ_TYPE = 'quality';

/**
 * A material's quality inspection report: its name opens it, a button downloads it, and the chain status
 * of its upload opens the blockchain record (for sessions holding the page's ViewBCdata).
 */
export function QualityReport({ quality, code }: { quality: TMaterialQuality | null; code: string }) {
  if (!quality) return null;
  return (
    <EvidenceFile
      file={quality}
      chain={quality.chain}
      permission={`${code}:ViewBCdata`}
      testId="quality-report"
    />
  );
}

/**
 * Uploads a quality report for a material and attaches it (the row action): the file goes to /file/upload
 * as bizType 'quality', filed under the record, then becomes the material's report.
 */
export function qualityUploadDialog(nature: TMaterialNature): ComponentType<TResourceDialogProps<TMaterial>> {
  const { code } = MATERIAL_PAGES[nature];
  return function QualityUploadDialog({ record, onClose, refresh }: TResourceDialogProps<TMaterial>) {
    const { t } = useTranslation();
    if (!record) return null;
    return (
      <FileUploadDialog
        bizType={BIZ_TYPE}
        bizNo={attachmentBizNo(code, record.id)}
        title={`${t(record.quality ? 'material.quality.replace' : 'material.quality.upload')} · ${record.code}`}
        confirmText={t('material.quality.uploadConfirm')}
        drop={t('material.quality.drop')}
        dropHint={(types) => t('material.quality.dropHint', { types })}
        icon={<FileProtectOutlined />}
        before={
          record.quality ? (
            <p className="quality-current">
              {t('material.quality.current', { name: record.quality.fileName })}
            </p>
          ) : null
        }
        success={t('material.quality.attached')}
        then={async (file) => {
          await call(materialEndpoints[nature].attachQuality, { id: record.id, fileKey: file.fileKey });
          refresh();
        }}
        onClose={onClose}
        testId="quality-upload-dialog"
        fileTestId="quality-file"
      />
    );
  };
}
