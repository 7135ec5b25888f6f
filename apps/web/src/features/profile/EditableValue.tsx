import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../shared/permissions';

/** A shown value with an edit link for sessions holding the permission code (spec 6 profile codes). */
export function EditableValue({
  children,
  permission,
  onEdit,
  testId,
  label,
}: {
  children: ReactNode;
  permission: string;
  onEdit: () => void;
  testId: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const can = usePermissions();
  return (
    <Space size={8} wrap className="editable-value">
      <span>{children}</span>
      {can(permission) && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={testId}>
          {label ?? t('userCenter.edit')}
        </Button>
      )}
    </Space>
  );
}
