import { ExportOutlined } from '@ant-design/icons';
import {
  api,
  AUDIT_ACTIONS,
  AUDIT_TABLES,
  auditTableLabel,
  type TAuditAction,
  type TAuditItem,
} from '@tracehub/contract';
import { downloadFile } from '../../shared/download';
import { exportRequest } from '../../shared/list/importModel';
import { defineResource, type TRenderContext } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { auditKeys } from './queries';

const ACTION_COLOURS = { insert: 'green', update: 'blue', delete: 'red' } as const;

export function AuditActionBadge({
  action,
  ctx,
}: {
  action: TAuditAction;
  ctx: Pick<TRenderContext, 'lang'>;
}) {
  return (
    <StatusBadge colour={ACTION_COLOURS[action]} variant="dot">
      {AUDIT_ACTIONS[action][ctx.lang]}
    </StatusBadge>
  );
}

/** The audit trail (data changes) as a declaration for the shared list page; the change itself is on the details page. */
export const auditList = defineResource({
  // The default tab of /log/list: it keeps the page's route name.
  name: 'log/list',
  endpoint: api.log.selectAuditPage,
  keys: auditKeys,
  rowKey: 'id',
  columns: [
    { key: 'createdAt', label: 'log.fields.createdAt', format: 'datetime', sortable: true, width: 180 },
    {
      key: 'action',
      label: 'log.fields.action',
      sortable: true,
      width: 110,
      render: (r: TAuditItem, ctx) => <AuditActionBadge action={r.action} ctx={ctx} />,
    },
    {
      key: 'tableName',
      label: 'log.audit.tableName',
      sortable: true,
      width: 180,
      render: (r: TAuditItem, ctx) => auditTableLabel(r.tableName, ctx.lang),
    },
    { key: 'recordId', label: 'log.audit.recordId', width: 120 },
    {
      key: 'fields',
      label: 'log.audit.fields',
      width: 260,
      render: (r: TAuditItem) => r.fields.join(', '),
    },
    { key: 'username', label: 'log.fields.username', width: 150 },
    { key: 'ip', label: 'log.fields.ip', width: 140 },
  ],
  search: [
    {
      type: 'select',
      prop: 'tableName',
      label: 'log.audit.tableName',
      multiple: true,
      options: (ctx) =>
        Object.keys(AUDIT_TABLES).map((value) => ({ value, label: auditTableLabel(value, ctx.lang) })),
    },
    {
      type: 'select',
      prop: 'action',
      label: 'log.fields.action',
      multiple: true,
      options: (ctx) =>
        (Object.keys(AUDIT_ACTIONS) as TAuditAction[]).map((value) => ({
          value,
          label: AUDIT_ACTIONS[value][ctx.lang],
        })),
    },
    { type: 'text', prop: 'recordId', label: 'log.audit.recordId' },
    { type: 'text', prop: 'username', label: 'log.fields.username' },
    { type: 'text', prop: 'ip', label: 'log.fields.ip', basic: true },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'log.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'export',
      label: 'log.audit.export',
      permission: 'Log:Export',
      icon: <ExportOutlined />,
      readOnly: true,
      run: (_rows, ctx) => downloadFile(api.log.downloadEnterprise, exportRequest(ctx.request)),
    },
  ],
  rowActions: [{ key: 'details', label: 'log.viewDetails', to: (record) => `/log/details/${record.id}` }],
});
