import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  api,
  fileBizTypeExtensions,
  fileBizType,
  TICKET_ATTACHMENTS_MAX,
  TICKET_FILE_BIZ_TYPE,
} from '@tracehub/contract';
import { upload } from '../../api/client';
import { useLang } from '../../i18n';
import { acceptOf, checkUploadFile } from '../../shared/fileCheck';

const BIZ_TYPE = fileBizType(TICKET_FILE_BIZ_TYPE);
const EXTENSIONS = fileBizTypeExtensions(BIZ_TYPE);

/**
 * The attachments of a new work order, as a form control: each chosen file is checked (type, leading bytes,
 * 5 MB) and uploaded at once; the value is the uploaded files' keys, which the ticket attaches.
 */
export function TicketFiles({
  value = [],
  onChange,
}: {
  value?: string[];
  onChange?: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [names, setNames] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  const choose = async (file: File) => {
    const problem = await checkUploadFile(file, EXTENSIONS, lang);
    if (problem) {
      void message.error(problem);
      return;
    }
    setSending(true);
    try {
      const uploaded = await upload(api.file.upload, { bizType: BIZ_TYPE }, file);
      setNames((n) => ({ ...n, [uploaded.fileKey]: uploaded.fileName }));
      onChange?.([...value, uploaded.fileKey]);
    } catch {
      // The client has shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Space direction="vertical" size={4} data-testid="ticket-files">
      {value.map((key) => (
        <Space key={key} size={8}>
          <PaperClipOutlined />
          <span data-testid="ticket-file-name">{names[key] ?? key}</span>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(value.filter((k) => k !== key))}
          >
            {t('ticket.files.remove')}
          </Button>
        </Space>
      ))}
      {value.length < TICKET_ATTACHMENTS_MAX && (
        <label>
          <input
            type="file"
            hidden
            accept={acceptOf(EXTENSIONS)}
            data-testid="ticket-file-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void choose(file);
            }}
          />
          <Button
            icon={<UploadOutlined />}
            loading={sending}
            onClick={(e) => e.currentTarget.parentElement?.querySelector('input')?.click()}
          >
            {t('ticket.files.add')}
          </Button>
        </label>
      )}
      <Typography.Text type="secondary">
        {t('ticket.files.hint', { max: TICKET_ATTACHMENTS_MAX, types: EXTENSIONS.join('/') })}
      </Typography.Text>
    </Space>
  );
}
