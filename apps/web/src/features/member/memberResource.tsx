import { Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { api, type TMember } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { refreshSession } from '../../shared/sessionRefresh';
import { StatusBadge } from '../../shared/StatusBadge';
import { defineResource, type TRenderContext } from '../../shared/list/types';
import { useSession } from '../../stores/session';
import { EnabledBadge, statusOptions } from '../../shared/EnabledBadge';
import { dataScopeLabel } from '../role/labels';
import { roleOptions } from '../role/queries';
import { memberKeys } from './queries';
import { ResetPasswordDialog } from './OneTimePasswordDialog';

export const MEMBER_LIST = 'account/member';
export const memberPaths = {
  list: '/account/member',
  add: '/account/member/addMember',
  detail: (id: number) => `/account/member/memberDetail/${id}`,
  edit: (id: number) => `/account/member/editMember/${id}`,
};

/** The signed-in account's own row: it cannot disable itself, reset its own password or transfer to itself. */
const isSelf = (member: TMember) => useSession.getState().userInfo?.username === member.username;

function RoleTags({ member, ctx }: { member: TMember; ctx: TRenderContext }) {
  if (member.roles.length === 0) return null;
  return (
    <Space size={[4, 4]} wrap>
      {member.roles.map((role) => (
        <Tag key={role.id} className="role-tag">
          {pickLangText(ctx.lang, role.name, role.nameEn)}
        </Tag>
      ))}
    </Space>
  );
}

function UsernameCell({ member, ctx }: { member: TMember; ctx: TRenderContext }) {
  return (
    <Space size={6}>
      <span>{member.username}</span>
      {member.isAdmin && (
        <StatusBadge colour="primary" testId="admin-badge">
          {ctx.t('account.member.admin')}
        </StatusBadge>
      )}
    </Space>
  );
}

/** Members of the enterprise (spec 2.2 /account/member): list, detail and their actions. */
export const memberResource = defineResource({
  name: MEMBER_LIST,
  endpoint: api.member.page,
  keys: memberKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'username',
      label: 'account.member.fields.username',
      width: 170,
      sortable: true,
      render: (r, ctx) => <UsernameCell member={r} ctx={ctx} />,
    },
    {
      key: 'status',
      label: 'account.member.fields.status',
      width: 100,
      filter: { prop: 'status', options: statusOptions },
      render: (r, { t }) => <EnabledBadge status={r.status} t={t} />,
    },
    {
      key: 'roles',
      label: 'account.member.fields.roles',
      width: 200,
      render: (r, ctx) => <RoleTags member={r} ctx={ctx} />,
    },
    {
      key: 'dataScope',
      label: 'account.member.fields.dataScope',
      width: 120,
      render: (r, { t }) => dataScopeLabel(r.dataScope, t),
    },
    {
      key: 'chineseName',
      label: 'account.member.fields.name',
      width: 120,
      render: (r, ctx) => pickLangText(ctx.lang, r.chineseName, r.englishName),
    },
    { key: 'email', label: 'account.member.fields.email', width: 210 },
    {
      key: 'joinedAt',
      label: 'account.member.fields.joinedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [
    {
      type: 'combination',
      prop: 'keyword',
      label: 'account.member.fields.keyword',
      basic: true,
      items: [
        { prop: 'username', label: 'account.member.fields.username' },
        { prop: 'email', label: 'account.member.fields.email' },
      ],
    },
    { type: 'select', prop: 'roleId', label: 'account.member.fields.roles', options: roleOptions },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'account.member.create',
      permission: 'CreateMember',
      primary: true,
      icon: <PlusOutlined />,
      to: memberPaths.add,
    },
  ],
  rowActions: [
    { key: 'view', label: 'common.actions.view', listOnly: true, to: (r) => memberPaths.detail(r.id) },
    {
      key: 'edit',
      label: 'account.member.edit',
      permission: 'EditMember',
      visible: (r) => !r.isAdmin,
      to: (r) => memberPaths.edit(r.id),
    },
    {
      key: 'toggle',
      label: (r, { t }) => t(r.status === 'enabled' ? 'account.actions.disable' : 'account.actions.enable'),
      permission: 'Member:EnableDisable',
      visible: (r) => !r.isAdmin && !isSelf(r),
      danger: false,
      confirm: (r, { t }) =>
        t(r.status === 'enabled' ? 'account.member.confirmDisable' : 'account.member.confirmEnable', {
          name: r.username,
        }),
      run: (r) =>
        call(api.member.updateStatus, { id: r.id, status: r.status === 'enabled' ? 'disabled' : 'enabled' }),
      success: 'account.actions.done',
    },
    {
      key: 'resetPassword',
      label: 'account.member.resetPassword',
      permission: 'ResetPassword',
      visible: (r) => !isSelf(r),
      // Confirms, resets, then shows the new one-time password once.
      dialog: 'resetPassword',
    },
    {
      key: 'transferAdmin',
      label: 'account.member.transferAdmin',
      permission: 'Member:TransferAdmin',
      danger: true,
      visible: (r) =>
        !r.isAdmin && r.status === 'enabled' && useSession.getState().userInfo?.isEnterpriseAdmin === true,
      confirm: (r, { t }) => t('account.member.confirmTransfer', { name: r.username }),
      run: async (r, { navigate }) => {
        await call(api.member.transferAdmin, { id: r.id });
        // The signed-in account is no longer the administrator: its menu and buttons shrink at once, and
        // the account pages it stood on may be gone, so it lands on the home route.
        await refreshSession({ menus: true });
        void navigate('/home');
      },
      success: 'account.member.transferDone',
    },
  ],
  dialogs: { resetPassword: ResetPasswordDialog },
  detail: {
    endpoint: api.member.detail,
    title: 'account.member.detailCard',
    fields: [
      { key: 'username', label: 'account.member.fields.username' },
      { key: 'email', label: 'account.member.fields.email' },
      { key: 'chineseName', label: 'account.member.fields.chineseName' },
      { key: 'englishName', label: 'account.member.fields.englishName' },
      {
        key: 'status',
        label: 'account.member.fields.status',
        value: (r, { t }) => <EnabledBadge status={r.status} t={t} />,
      },
      {
        key: 'isAdmin',
        label: 'account.member.fields.isAdmin',
        value: (r, { t }) => t(r.isAdmin ? 'common.yes' : 'common.no'),
      },
      {
        key: 'roles',
        label: 'account.member.fields.roles',
        value: (r, ctx) => <RoleTags member={r} ctx={ctx} />,
      },
      {
        key: 'dataScope',
        label: 'account.member.fields.dataScope',
        value: (r, { t }) => dataScopeLabel(r.dataScope, t),
      },
      { key: 'joinedAt', label: 'account.member.fields.joinedAt', value: (r) => formatDateTime(r.joinedAt) },
      {
        key: 'lastLoginAt',
        label: 'account.member.fields.lastLoginAt',
        value: (r) => formatDateTime(r.lastLoginAt),
      },
    ],
  },
});
