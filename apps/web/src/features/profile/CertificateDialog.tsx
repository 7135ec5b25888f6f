import { Descriptions, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { AppDialog } from '../../shared/AppDialog';
import { formatDateTime } from '../../shared/format';
import { CertificatePdfButton } from '../ledger/CertificatePdfButton';
import { companyKeys } from './queries';

/** The enterprise's certificate record (ViewBlockchainCertificate): issued on certification with its DID. */
export function CertificateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: companyKeys.certificate(),
    queryFn: () => call(api.certification.certificate, {}),
  });
  const cert = query.data;
  const mono = (text: string) => (
    <Typography.Text copyable className="mono-text">
      {text}
    </Typography.Text>
  );
  return (
    <AppDialog
      open
      title={t('userCenter.certificate.title')}
      width={720}
      loading={query.isPending}
      onCancel={onClose}
      readOnly
      testId="certificate-dialog"
    >
      <div className="certificate">
        <span className="certificate-seal">
          <SafetyCertificateOutlined />
        </span>
        <h3>{t('userCenter.certificate.heading')}</h3>
        <p className="certificate-sub">{t('userCenter.certificate.subheading')}</p>
        {cert && (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'number', label: t('userCenter.certificate.number'), children: mono(cert.number) },
              {
                key: 'name',
                label: t('userCenter.certificate.enterpriseName'),
                children: cert.enterpriseName,
              },
              {
                key: 'nameEn',
                label: t('userCenter.certificate.enterpriseEnglishName'),
                children: cert.enterpriseEnglishName ?? '--',
              },
              { key: 'usci', label: t('userCenter.certificate.usci'), children: cert.usci },
              { key: 'did', label: t('userCenter.certificate.did'), children: mono(cert.did) },
              {
                key: 'chain',
                label: t('userCenter.certificate.chainAccount'),
                children: mono(cert.chainAccount),
              },
              {
                key: 'issuedAt',
                label: t('userCenter.certificate.issuedAt'),
                children: formatDateTime(cert.issuedAt),
              },
            ]}
          />
        )}
        {cert && (
          <div className="certificate-actions">
            <CertificatePdfButton
              uuid={cert.number}
              mode="download"
              size="middle"
              label={t('userCenter.certificate.downloadPdf')}
              testId="certificate-download-pdf"
            />
          </div>
        )}
      </div>
    </AppDialog>
  );
}
