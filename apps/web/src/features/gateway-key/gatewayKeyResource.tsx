import { PlusOutlined } from '@ant-design/icons';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { EnabledBadge, statusOptions } from '../../shared/EnabledBadge';
import { defineResource } from '../../shared/list/types';
import { gatewayKeyKeys } from './queries';
import { CreateKeyDialog, ResetKeyDialog } from './SecretDialogs';

/** The enterprise's gateway keys (spec 2.2 /secretkey/perkey): never their secrets. */
export const gatewayKeyResource = defineResource({
  name: 'secretkey/perkey',
  endpoint: api.gatewayKey.page,
  keys: gatewayKeyKeys,
  rowKey: 'id',
  columns: [
    { key: 'appKey', label: 'gatewayKey.fields.appKey', width: 300 },
    { key: 'name', label: 'gatewayKey.fields.name', width: 180 },
    { key: 'remark', label: 'gatewayKey.fields.remark', width: 220 },
    {
      key: 'status',
      label: 'gatewayKey.fields.status',
      width: 110,
      render: (r, { t }) => <EnabledBadge status={r.status} t={t} />,
    },
    { key: 'createdBy', label: 'gatewayKey.fields.createdBy', width: 140 },
    {
      key: 'createdAt',
      label: 'gatewayKey.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
    {
      key: 'lastUsedAt',
      label: 'gatewayKey.fields.lastUsedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [
    { type: 'text', prop: 'name', label: 'gatewayKey.fields.name', basic: true },
    { type: 'select', prop: 'status', label: 'gatewayKey.fields.status', options: statusOptions },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'gatewayKey.create',
      permission: 'CreateSecret',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'create',
    },
  ],
  rowActions: [
    { key: 'reset', label: 'gatewayKey.reset', permission: 'ResetSecret', dialog: 'reset' },
    {
      key: 'toggle',
      label: (r, { t }) => t(r.status === 'enabled' ? 'gatewayKey.disable' : 'gatewayKey.enable'),
      permission: 'PerKey:Status',
      confirm: (r, { t }) =>
        t(r.status === 'enabled' ? 'gatewayKey.confirmDisable' : 'gatewayKey.confirmEnable', {
          name: r.name,
        }),
      run: (r) =>
        call(api.gatewayKey.updateStatus, {
          id: r.id,
          status: r.status === 'enabled' ? 'disabled' : 'enabled',
        }),
      success: 'gatewayKey.statusDone',
    },
  ],
  dialogs: { create: CreateKeyDialog, reset: ResetKeyDialog },
});
