import { useState } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useLang } from '../../i18n';
import { downloadCertificatePdf, openCertificatePdf } from './certificatePdf';

/**
 * A button for a certificate PDF in the console's language: `open` shows it in a new tab (a record's
 * blockchain evidence certificate), `download` saves it (the enterprise certification certificate).
 */
export function CertificatePdfButton({
  uuid,
  label,
  mode,
  type = 'default',
  size = 'small',
  className,
  testId,
}: {
  uuid: string;
  label: string;
  mode: 'open' | 'download';
  type?: 'link' | 'default' | 'primary';
  size?: 'small' | 'middle';
  className?: string;
  testId: string;
}) {
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await (mode === 'open' ? openCertificatePdf(uuid, lang) : downloadCertificatePdf(uuid, lang));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type={type}
      size={size}
      icon={<FilePdfOutlined />}
      loading={busy}
      className={className}
      onClick={() => void run()}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
