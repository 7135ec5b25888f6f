import { useEffect, useState } from 'react';
import { App, Button, Image, Spin, Upload } from 'antd';
import { CloudUploadOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, validationMessage, type TFileBizType } from '@tracehub/contract';
import { upload } from '../../api/client';
import { useLang } from '../../i18n';
import { checkImageFile, useFileObjectUrl } from './files';

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/**
 * An image field of the company form: checks the file in the browser (type, leading bytes, 5 MB), uploads
 * it, and holds the returned fileKey as the field value, with a preview of the picture.
 */
export function ImageUpload({
  value,
  onChange,
  bizType,
  testId,
}: {
  value?: string;
  onChange?: (fileKey: string) => void;
  bizType: Extract<TFileBizType, 'businessLicence' | 'idPhoto'>;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  // The chosen file previews at once; a value that came with the form (resubmission) is fetched.
  const [local, setLocal] = useState<{ fileKey: string; url: string } | null>(null);
  const remote = useFileObjectUrl(local?.fileKey === value ? null : value);
  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);
  const previewUrl = local && local.fileKey === value ? local.url : remote.url;

  const send = async (file: File) => {
    const problem = await checkImageFile(file);
    if (problem) {
      void message.error(validationMessage(problem, lang));
      return;
    }
    setUploading(true);
    try {
      const info = await upload(api.file.upload, { bizType }, file);
      setLocal({ fileKey: info.fileKey, url: URL.createObjectURL(file) });
      onChange?.(info.fileKey);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="image-upload" data-testid={testId} data-file-key={value ?? ''}>
      <div className="image-upload-box">
        {uploading || (value && !previewUrl && remote.isLoading) ? (
          <Spin />
        ) : previewUrl ? (
          <Image src={previewUrl} alt={t('identify.upload.preview')} data-testid={`${testId}-preview`} />
        ) : (
          <PictureOutlined className="image-upload-placeholder" />
        )}
      </div>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(file) => {
          void send(file);
          // Sent by hand above (the API client adds the token and reads the envelope); antd keeps no list.
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<CloudUploadOutlined />} loading={uploading} size="small">
          {uploading
            ? t('identify.upload.uploading')
            : value
              ? t('identify.upload.replace')
              : t('identify.upload.choose')}
        </Button>
      </Upload>
    </div>
  );
}
