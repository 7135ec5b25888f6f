import { Image, Spin } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TCompanyForm } from '@tracehub/contract';
import { useFileObjectUrl } from '../../certification/files';

function AuditImage({ fileKey, label, testId }: { fileKey: string; label: string; testId: string }) {
  const { t } = useTranslation();
  // /file/view needs the operator's bearer token, so the picture is fetched and shown as a blob URL.
  const { url, isLoading, isError } = useFileObjectUrl(fileKey, 'operator');
  return (
    <figure className="audit-image" data-testid={testId}>
      <div className="audit-image-box">
        {isLoading ? (
          <Spin />
        ) : isError || !url ? (
          <span className="audit-image-failed">
            <WarningOutlined /> {t('operator.certification.detail.imageFailed')}
          </span>
        ) : (
          <Image src={url} alt={label} data-testid={`${testId}-img`} />
        )}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** The legal person's ID photos and the business licence of an application. */
export function CertificateImages({ form }: { form: TCompanyForm }) {
  const { t } = useTranslation();
  return (
    <Image.PreviewGroup>
      <div className="audit-images">
        <AuditImage
          fileKey={form.idPhotoFront}
          label={t('identify.form.fields.idPhotoFront')}
          testId="audit-image-front"
        />
        <AuditImage
          fileKey={form.idPhotoBack}
          label={t('identify.form.fields.idPhotoBack')}
          testId="audit-image-back"
        />
        <AuditImage
          fileKey={form.businessLicence}
          label={t('identify.form.fields.businessLicence')}
          testId="audit-image-licence"
        />
      </div>
    </Image.PreviewGroup>
  );
}
