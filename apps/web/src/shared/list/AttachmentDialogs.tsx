import { PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../features/ledger/AttachmentList';
import { ledgerKeys } from '../../features/ledger/queries';
import { AppDialog } from '../AppDialog';
import { FileUploadDialog } from '../FileUploadDialog';

/** Attachments of master data and documents are uploads of this business type (spec 5 extensions). */
const BIZ_TYPE = 'attachment';
const LIST_DIALOG_WIDTH = 1080;

/** Names the record in a dialog title: "Upload attachment · P-2024-001". */
const titled = (title: string, name: string) => (name ? `${title} · ${name}` : title);

/**
 * Uploads one attachment of a record (spec 2.4): checked here for type and 5 MB, then sent to /file/upload,
 * which hashes it and records the upload on the evidence ledger.
 */
export function UploadAttachmentDialog({
  bizNo,
  name,
  onClose,
}: {
  bizNo: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <FileUploadDialog
      bizType={BIZ_TYPE}
      bizNo={bizNo}
      title={titled(t('ledger.attachments.upload'), name)}
      confirmText={t('ledger.attachments.uploadConfirm')}
      drop={t('ledger.attachments.drop')}
      dropHint={(types) => t('ledger.attachments.dropHint', { types })}
      icon={<PaperClipOutlined />}
      success={t('ledger.attachments.uploaded')}
      then={() => queryClient.invalidateQueries({ queryKey: ledgerKeys.attachments(BIZ_TYPE, bizNo) })}
      onClose={onClose}
      testId="upload-attachment-dialog"
      fileTestId="attachment-file"
    />
  );
}

/** A record's attachments with their hashes, chain status and the blockchain record dialog (spec 2.4, 3). */
export function AttachmentsDialog({
  bizNo,
  name,
  onClose,
}: {
  bizNo: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      open
      title={titled(t('ledger.attachments.view'), name)}
      width={LIST_DIALOG_WIDTH}
      onCancel={onClose}
      onConfirm={onClose}
      testId="attachments-dialog"
    >
      <AttachmentList bizType={BIZ_TYPE} bizNo={bizNo} />
    </AppDialog>
  );
}
