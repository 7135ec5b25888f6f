import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceDetail } from '../../shared/list/ResourceDetail';
import { grantedNodes } from './permissionTree';
import { PermissionTreeView } from './PermissionTree';
import { roleResource } from './roleResource';
import { usePermissionNodes } from './useMenuTree';

/** One role with its granted function permissions (spec 2.2 /account/role/roleDetail/:id). */
export default function RoleDetailPage() {
  const { t } = useTranslation();
  const { nodes, isPending } = usePermissionNodes();
  return (
    <ResourceDetail resource={roleResource}>
      {(role) => (
        <Card className="th-card" title={t('account.role.fields.permissions')} loading={isPending}>
          <PermissionTreeView nodes={grantedNodes(nodes, role.permissionCodes)} />
        </Card>
      )}
    </ResourceDetail>
  );
}
