import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import {
  api,
  fileBizTypeExtensions,
  validationMessage,
  type TFileBizType,
  type TFileInfo,
} from '@tracehub/contract';
import { upload } from '../api/client';
import { useLang } from '../i18n';
import { AppDialog } from './AppDialog';
import { checkUploadFile } from './fileCheck';
import { FileDrop } from './FileDrop';

/**
 * Uploads one file of a business type (spec 2.4 "Attachment upload", 5): checked here for the type's
 * extensions, its leading bytes and 5 MB, then sent to /file/upload, which checks it again, hashes it and
 * records the upload on the evidence ledger. `then` does what follows (attach it to a record); a failure
 * there keeps the dialog open with the file chosen, as a failed upload does.
 */
export function FileUploadDialog({
  bizType,
  bizNo,
  title,
  confirmText,
  drop,
  dropHint,
  icon,
  before,
  success,
  then,
  onClose,
  testId,
  fileTestId,
}: {
  bizType: TFileBizType;
  bizNo: string;
  title: ReactNode;
  confirmText: string;
  drop: string;
  /** Under the drop text; gets the allowed extensions. */
  dropHint: (types: string) => string;
  icon: ReactNode;
  /** Shown above the drop zone (the file a record has now). */
  before?: ReactNode;
  /** The message after success. */
  success: string;
  then?: (file: TFileInfo) => Promise<unknown>;
  onClose: () => void;
  testId: string;
  /** Test id of the drop zone (its chosen file and problem get `-chosen` and `-problem`). */
  fileTestId: string;
}) {
  const lang = useLang();
  const { message } = App.useApp();
  const extensions = fileBizTypeExtensions(bizType);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const choose = async (chosen: File) => {
    setFile(chosen);
    setProblem(await checkUploadFile(chosen, extensions, lang));
  };
  const send = async () => {
    if (!file) {
      setProblem(validationMessage('v.file.required', lang));
      return;
    }
    if (problem || sending) return;
    setSending(true);
    try {
      const uploaded = await upload(api.file.upload, { bizType, bizNo }, file);
      await then?.(uploaded);
      void message.success(success);
      onClose();
    } catch {
      // The client has shown the server's reason; the file stays chosen.
    } finally {
      setSending(false);
    }
  };

  return (
    <AppDialog
      open
      title={title}
      onCancel={onClose}
      onConfirm={() => void send()}
      submitting={sending}
      confirmText={confirmText}
      testId={testId}
    >
      {before}
      <FileDrop
        extensions={extensions}
        file={file}
        problem={problem}
        onChoose={(chosen) => void choose(chosen)}
        text={drop}
        hint={dropHint(extensions.join(', '))}
        icon={icon}
        testId={fileTestId}
      />
    </AppDialog>
  );
}
