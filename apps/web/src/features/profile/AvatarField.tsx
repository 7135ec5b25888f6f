import { useState } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api, validationMessage } from '@tracehub/contract';
import { call, upload } from '../../api/client';
import { useLang } from '../../i18n';
import { usePermissions } from '../../shared/permissions';
import { applyUserInfo } from '../../shared/sessionRefresh';
import { UserAvatar } from '../../shared/UserAvatar';
import { checkImageFile } from '../certification/files';

const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
const AVATAR_SIZE = 64;

/**
 * The profile photo with its change button (EditProfilePhoto): the file is checked in the browser (jpg,
 * jpeg or png by name and by its first bytes, at most 5 MB), uploaded as bizType avatar, then applied.
 */
export function AvatarField() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const can = usePermissions();
  const [uploading, setUploading] = useState(false);

  const send = async (file: File) => {
    const problem = await checkImageFile(file);
    if (problem) {
      void message.error(validationMessage(problem, lang));
      return;
    }
    setUploading(true);
    try {
      const info = await upload(api.file.upload, { bizType: 'avatar' }, file);
      applyUserInfo(await call(api.profile.updateAvatar, { fileKey: info.fileKey }));
      void message.success(t('userCenter.perbasic.avatarSaved'));
    } catch {
      // Shown by the client.
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space size={16} align="center" className="avatar-field">
      <UserAvatar size={AVATAR_SIZE} fallback={<UserOutlined />} testId="avatar" />
      {can('EditProfilePhoto') && (
        <Space direction="vertical" size={2}>
          <Upload
            accept={ACCEPT}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void send(file);
              // Sent by the API client above (token, envelope); antd keeps no file list.
              return Upload.LIST_IGNORE;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={uploading} data-testid="change-avatar">
              {t('userCenter.perbasic.changeAvatar')}
            </Button>
          </Upload>
          <Typography.Text type="secondary" className="avatar-hint">
            {t('userCenter.perbasic.avatarHint')}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
}
