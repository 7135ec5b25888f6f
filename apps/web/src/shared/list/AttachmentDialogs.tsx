import { useState } from 'react';
import { App } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, FILE_BIZ_TYPES, validationMessage } from '@tracehub/contract';
import { upload } from '../../api/client';
import { AttachmentList } from '../../features/ledger/AttachmentList';
import { ledgerKeys } from '../../features/ledger/queries';
import { useLang } from '../../i18n';
import { AppDialog } from '../AppDialog';
import { checkUploadFile } from '../fileCheck';
import { FileDrop } from '../FileDrop';

/** Attachments of master data and documents are uploads of this business type (spec 5 extensions). */
const BIZ_TYPE = 'attachment';
const EXTENSIONS = FILE_BIZ_TYPES[BIZ_TYPE];
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
  const lang = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setProblem(await checkUploadFile(chosen, EXTENSIONS, lang));
  };
  const send = async () => {
    if (!file) {
      setProblem(validationMessage('v.file.required', lang));
      return;
    }
    if (problem || uploading) return;
    setUploading(true);
    try {
      await upload(api.file.upload, { bizType: BIZ_TYPE, bizNo }, file);
      void message.success(t('ledger.attachments.uploaded'));
      void queryClient.invalidateQueries({ queryKey: ledgerKeys.attachments(BIZ_TYPE, bizNo) });
      onClose();
    } catch {
      // The client has shown the server's reason; the file stays chosen.
    } finally {
      setUploading(false);
    }
  };

  return (
    <AppDialog
      open
      title={titled(t('ledger.attachments.upload'), name)}
      onCancel={onClose}
      onConfirm={() => void send()}
      submitting={uploading}
      confirmText={t('ledger.attachments.uploadConfirm')}
      testId="upload-attachment-dialog"
    >
      <FileDrop
        extensions={EXTENSIONS}
        file={file}
        problem={problem}
        onChoose={(chosen) => void choose(chosen)}
        text={t('ledger.attachments.drop')}
        hint={t('ledger.attachments.dropHint', { types: EXTENSIONS.join(', ') })}
        icon={<PaperClipOutlined />}
        testId="attachment-file"
      />
    </AppDialog>
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
