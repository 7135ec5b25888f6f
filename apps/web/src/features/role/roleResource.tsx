import { PlusOutlined } from '@ant-design/icons';
import { api, type TRole } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { defineResource } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { EnabledBadge, statusOptions } from '../../shared/EnabledBadge';
import { dataScopeLabel } from './labels';
import { roleKeys } from './queries';
import { RoleFormDialog } from './RoleFormDialog';
import './role.css';

export const rolePaths = {
  list: '/account/role',
  detail: (id: number) => `/account/role/roleDetail/${id}`,
  configAuth: (id: number) => `/account/role/configAuth/${id}`,
};

const roleName = (role: TRole, lang: 'zh' | 'en') => pickLangText(lang, role.name, role.nameEn);

/** Roles of the enterprise (spec 2.2 /account/role): list, detail and their actions. */
export const roleResource = defineResource({
  name: 'account/role',
  endpoint: api.role.page,
  keys: roleKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'name',
      label: 'account.role.fields.name',
      width: 200,
      render: (r, { lang, t }) => (
        <span className="role-name-cell">
          {roleName(r, lang)}
          {r.isAdminRole && <StatusBadge colour="primary">{t('account.role.adminRole')}</StatusBadge>}
        </span>
      ),
    },
    {
      key: 'description',
      label: 'account.role.fields.description',
      width: 260,
      render: (r, { lang }) => pickLangText(lang, r.description, r.descriptionEn),
    },
    {
      key: 'status',
      label: 'account.role.fields.status',
      width: 110,
      render: (r, { t }) => <EnabledBadge status={r.status} t={t} />,
    },
    {
      key: 'dataScope',
      label: 'account.role.fields.dataScope',
      width: 140,
      render: (r, { t }) => dataScopeLabel(r.dataScope, t),
    },
    { key: 'memberCount', label: 'account.role.fields.memberCount', width: 100, format: 'number' },
    { key: 'createdAt', label: 'account.role.fields.createdAt', width: 180, format: 'datetime' },
  ],
  search: [
    { type: 'text', prop: 'name', label: 'account.role.fields.name', basic: true },
    { type: 'select', prop: 'status', label: 'account.role.fields.status', options: statusOptions },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'account.role.create',
      permission: 'CreateRole',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', listOnly: true, to: (r) => rolePaths.detail(r.id) },
    {
      key: 'edit',
      label: 'account.role.edit',
      permission: 'EditRole',
      visible: (r) => !r.isAdminRole,
      dialog: 'form',
    },
    {
      key: 'configAuth',
      label: 'account.role.configAuth',
      permission: 'SetPermission',
      visible: (r) => !r.isAdminRole,
      to: (r) => rolePaths.configAuth(r.id),
    },
    {
      key: 'toggle',
      label: (r, { t }) => t(r.status === 'enabled' ? 'account.actions.disable' : 'account.actions.enable'),
      permission: 'Role:EnableDisable',
      visible: (r) => !r.isAdminRole,
      // Spec 4: permissions before enabling; no disabling while members hold the role.
      guard: (r) =>
        r.status === 'disabled'
          ? r.permissionCodes.length === 0
            ? 'account.role.needPermissions'
            : null
          : r.memberCount > 0
            ? 'account.role.inUse'
            : null,
      confirm: (r, { lang, t }) =>
        t(r.status === 'enabled' ? 'account.role.confirmDisable' : 'account.role.confirmEnable', {
          name: roleName(r, lang),
        }),
      run: (r) =>
        call(api.role.updateStatus, { id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' }),
      success: 'account.actions.done',
    },
  ],
  dialogs: { form: RoleFormDialog },
  detail: {
    endpoint: api.role.detail,
    title: 'account.role.detailCard',
    fields: [
      { key: 'name', label: 'account.role.fields.name' },
      { key: 'nameEn', label: 'account.role.fields.nameEn' },
      {
        key: 'status',
        label: 'account.role.fields.status',
        value: (r, { t }) => <EnabledBadge status={r.status} t={t} />,
      },
      { key: 'memberCount', label: 'account.role.fields.memberCount', value: (r) => String(r.memberCount) },
      {
        key: 'dataScope',
        label: 'account.role.fields.dataScope',
        value: (r, { t }) => dataScopeLabel(r.dataScope, t),
      },
      {
        key: 'projectScope',
        label: 'account.role.fields.projectScope',
        value: (r, { t }) =>
          r.projectScope === 'all'
            ? t('account.role.projectScope.all')
            : t('account.role.projectScope.selectedList', {
                codes: r.projectCodes.join(t('common.listSeparator')),
              }),
      },
      { key: 'createdAt', label: 'account.role.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
      {
        key: 'description',
        label: 'account.role.fields.description',
        wide: true,
        value: (r, { lang }) => pickLangText(lang, r.description, r.descriptionEn),
      },
    ],
  },
});
