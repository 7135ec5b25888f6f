import { Suspense } from 'react';
import { Spin } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFileBizType } from '@tracehub/contract';
import { AppDialog } from '../AppDialog';
import { FileUploadDialog } from '../FileUploadDialog';
import { attachmentsProvider } from './attachmentSlot';

/**
 * Attachments of master data are uploads of this business type; a document's are of its type's numeric
 * code (TResourceAttachments.bizType). Each type has its own extensions (spec 5).
 */
export const ATTACHMENT_BIZ_TYPE: TFileBizType = 'attachment';
const LIST_DIALOG_WIDTH = 1080;

/** Names the record in a dialog title: "Upload attachment · P-2024-001". */
const titled = (title: string, name: string) => (name ? `${title} · ${name}` : title);

/**
 * Uploads one attachment of a record (spec 2.4): checked here for the business type's extensions and
 * 5 MB (the hint lists the extensions), then sent to /file/upload, which hashes it and records the upload
 * on the evidence ledger.
 */
export function UploadAttachmentDialog({
  bizType = ATTACHMENT_BIZ_TYPE,
  bizNo,
  name,
  onClose,
}: {
  bizType?: TFileBizType;
  bizNo: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <FileUploadDialog
      bizType={bizType}
      bizNo={bizNo}
      title={titled(t('ledger.attachments.upload'), name)}
      confirmText={t('ledger.attachments.uploadConfirm')}
      drop={t('ledger.attachments.drop')}
      dropHint={(types) => t('ledger.attachments.dropHint', { types })}
      icon={<PaperClipOutlined />}
      success={t('ledger.attachments.uploaded')}
      then={() => queryClient.invalidateQueries({ queryKey: attachmentsProvider().queryKey(bizType, bizNo) })}
      onClose={onClose}
      testId="upload-attachment-dialog"
      fileTestId="attachment-file"
    />
  );
}

/**
 * A record's attachments with their hashes, chain status and, for holders of `chainPermission` (the page's
 * ViewBCdata), the blockchain record dialog (spec 2.4, 3); holders of `deletePermission` (the page's
 * UploadAffix) may delete them.
 */
export function AttachmentsDialog({
  bizType = ATTACHMENT_BIZ_TYPE,
  bizNo,
  name,
  deletePermission,
  chainPermission,
  onClose,
}: {
  bizType?: TFileBizType;
  bizNo: string;
  name: string;
  deletePermission?: string;
  chainPermission: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { List } = attachmentsProvider();
  return (
    <AppDialog
      open
      title={titled(t('ledger.attachments.view'), name)}
      width={LIST_DIALOG_WIDTH}
      onCancel={onClose}
      readOnly
      testId="attachments-dialog"
    >
      <Suspense fallback={<Spin />}>
        <List
          bizType={bizType}
          bizNo={bizNo}
          deletePermission={deletePermission}
          chainPermission={chainPermission}
        />
      </Suspense>
    </AppDialog>
  );
}
