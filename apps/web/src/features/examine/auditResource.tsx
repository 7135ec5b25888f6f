import { AuditOutlined } from '@ant-design/icons';
import { api, EXAMINE_STATUS } from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { ExamineBadge, examineStatusOptions } from './labels';
import { auditKeys } from './queries';
import { AuditDialog } from './AuditDialog';

const isPending = (r: { examineStatus: number }) => r.examineStatus === EXAMINE_STATUS.pending;

/** Applications to join the enterprise, audited by its administrator (spec 2.2 /account/audit). */
export const auditResource = defineResource({
  name: 'account/audit',
  endpoint: api.examine.selectExamineList,
  keys: auditKeys,
  rowKey: 'id',
  columns: [
    { key: 'username', label: 'account.audit.fields.username', width: 150 },
    { key: 'email', label: 'account.audit.fields.email', width: 220 },
    { key: 'remark', label: 'account.audit.fields.remark', width: 200 },
    {
      key: 'examineStatus',
      label: 'account.audit.fields.examineStatus',
      width: 110,
      render: (r, { t }) => <ExamineBadge status={r.examineStatus} t={t} />,
    },
    {
      key: 'appliedAt',
      label: 'account.audit.fields.appliedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
    { key: 'auditedAt', label: 'account.audit.fields.auditedAt', width: 180, format: 'datetime' },
    { key: 'examineRemark', label: 'account.audit.fields.examineRemark', width: 200 },
  ],
  search: [
    { type: 'text', prop: 'username', label: 'account.audit.fields.username', basic: true },
    {
      type: 'select',
      prop: 'examineStatus',
      label: 'account.audit.fields.examineStatus',
      options: examineStatusOptions,
    },
  ],
  selectable: isPending,
  toolbar: [
    {
      key: 'batchAudit',
      label: 'account.audit.batchAudit',
      permission: 'BatchAudit',
      primary: true,
      icon: <AuditOutlined />,
      batch: true,
      dialog: 'audit',
    },
  ],
  rowActions: [
    { key: 'audit', label: 'account.audit.audit', permission: 'Audit', visible: isPending, dialog: 'audit' },
  ],
  dialogs: { audit: AuditDialog },
});
