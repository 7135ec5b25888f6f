import {
  EVIDENCE_TASK_CODES,
  EVIDENCE_TASK_SOURCE_LABELS,
  EVIDENCE_TASK_ROUTES,
  PACKAGE_TYPE_LABELS,
  TASK_ACTION_FROM,
  TASK_STATUS_LABELS,
  ZTaskStatus,
  api,
  isTaskResting,
  type TEvidenceTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { formatDateTime } from '../../shared/format';
import { defineResource, type TResourceDialogProps } from '../../shared/list/types';
import { TaskProgressBar, TaskStatusBadge } from '../../shared/tasks/TaskStatus';
import { BatchByListDialog } from './BatchByListDialog';
import { ByCompanyDialog } from './ByCompanyDialog';
import { CreateEvidenceDialog } from './CreateEvidenceDialog';
import { DownloadDialog } from './PackageDownload';
import { packageTypeText, scopeText, sizeText } from './labels';
import { evidenceKeys } from './queries';
import { VinListDialog } from './VinListDialog';

/** A toolbar dialog: a created task refreshes the list. */
const asDialog =
  (Dialog: typeof CreateEvidenceDialog) =>
  ({ onClose, onDone }: TResourceDialogProps<TEvidenceTask>) => (
    <Dialog open onClose={(created) => (created ? onDone() : onClose())} />
  );

/** What a cancellation may leave (the server checks it again): every status but the final ones. */
const cancellable = (r: TEvidenceTask) => !['cancelled', 'withdrawn'].includes(r.status);

/**
 * The evidence-package export tasks of /task/taskList (spec 2.2, 3 "Export/evidence task", 4): type, scope,
 * status with progress, package size and downloads; the three creation paths and the export dialogs by
 * company and by VIN list in the toolbar; download (a 3-minute link), retry and cancel per row.
 */
export const evidenceTaskResource = defineResource({
  name: 'task/taskList',
  endpoint: api.evidenceTask.getMainEvidencesPage,
  keys: { all: evidenceKeys.all, list: evidenceKeys.tasks },
  rowKey: 'taskId',
  columns: [
    {
      key: 'taskId',
      label: 'evidenceTask.fields.taskId',
      width: 110,
      priority: 1,
      render: (r) => <span title={r.taskId}>{r.taskId.slice(0, 8)}</span>,
    },
    {
      key: 'taskType',
      label: 'evidenceTask.fields.taskType',
      width: 120,
      priority: 1,
      render: (r, { lang }) => packageTypeText(r.taskType, lang),
    },
    {
      key: 'scope',
      label: 'evidenceTask.fields.scope',
      width: 260,
      priority: 1,
      render: (r, { lang }) => scopeText(r, lang),
    },
    {
      key: 'status',
      label: 'evidenceTask.fields.status',
      width: 110,
      priority: 1,
      render: (r) => <TaskStatusBadge status={r.status} testId="evidence-status" />,
    },
    {
      key: 'task',
      id: 'progress',
      label: 'evidenceTask.fields.progress',
      width: 150,
      render: (r) => <TaskProgressBar task={r.task} />,
    },
    {
      key: 'task',
      id: 'reason',
      label: 'evidenceTask.fields.reason',
      width: 200,
      render: (r, { lang }) => r.task.reason?.[lang] ?? null,
    },
    {
      key: 'packageSize',
      label: 'evidenceTask.fields.packageSize',
      width: 110,
      render: (r) => sizeText(r.packageSize),
    },
    {
      key: 'source',
      label: 'evidenceTask.fields.source',
      width: 120,
      priority: 3,
      render: (r, { lang }) => EVIDENCE_TASK_SOURCE_LABELS[r.source][lang],
    },
    { key: 'projectNumber', label: 'evidenceTask.fields.projectNumber', width: 130, priority: 3 },
    {
      key: 'lastDownloadTime',
      label: 'evidenceTask.fields.lastDownloadTime',
      width: 170,
      render: (r) => (r.lastDownloadTime ? formatDateTime(r.lastDownloadTime) : null),
    },
    { key: 'operator', label: 'evidenceTask.fields.operator', width: 110 },
    { key: 'createdAt', label: 'evidenceTask.fields.createdAt', width: 170, format: 'datetime' },
  ],
  search: [
    {
      type: 'text',
      prop: 'keyword',
      label: 'evidenceTask.fields.keyword',
      placeholder: 'evidenceTask.fields.keywordHint',
      basic: true,
    },
    {
      type: 'select',
      prop: 'taskType',
      label: 'evidenceTask.fields.taskType',
      options: ({ lang }) =>
        ([1, 2] as const).map((v) => ({ value: v, label: PACKAGE_TYPE_LABELS[v][lang] })),
    },
    {
      type: 'select',
      prop: 'status',
      label: 'evidenceTask.fields.status',
      options: ({ lang }) =>
        ZTaskStatus.options.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s][lang] })),
    },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'evidenceTask.fields.createdRange',
      valueFormat: 'epochMs',
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'evidenceTask.actions.create',
      permission: EVIDENCE_TASK_CODES.create,
      primary: true,
      dialog: 'create',
    },
    {
      key: 'byList',
      label: 'evidenceTask.actions.byList',
      permission: EVIDENCE_TASK_CODES.create,
      dialog: 'byList',
    },
    {
      key: 'byVins',
      label: 'evidenceTask.actions.byVins',
      permission: EVIDENCE_TASK_CODES.create,
      dialog: 'byVins',
    },
    {
      key: 'byCompany',
      label: 'evidenceTask.actions.byCompany',
      permission: EVIDENCE_TASK_CODES.create,
      dialog: 'byCompany',
    },
  ],
  rowActions: [
    {
      key: 'detail',
      label: 'evidenceTask.actions.detail',
      permission: EVIDENCE_TASK_CODES.view,
      to: (r) => EVIDENCE_TASK_ROUTES.TaskManagementDetail(r.taskId),
      listOnly: true,
    },
    {
      key: 'download',
      label: 'evidenceTask.actions.download',
      permission: EVIDENCE_TASK_CODES.download,
      visible: (r) => r.downloadable,
      dialog: 'download',
      readOnly: true,
    },
    {
      key: 'retry',
      label: 'evidenceTask.actions.retry',
      permission: EVIDENCE_TASK_CODES.retry,
      visible: (r) => TASK_ACTION_FROM.retry.includes(r.status),
      confirm: (_r, { t }) => t('evidenceTask.confirm.retry'),
      run: (r) => call(api.task.retry, { id: r.taskId }),
      success: 'evidenceTask.done.retried',
    },
    {
      key: 'withdraw',
      label: 'evidenceTask.actions.withdraw',
      permission: EVIDENCE_TASK_CODES.create,
      visible: (r) => r.status === 'pending' && r.task.mine && r.task.startedAt === null,
      confirm: (_r, { t }) => t('evidenceTask.confirm.withdraw'),
      run: (r) => call(api.task.withdraw, { id: r.taskId }),
      success: 'evidenceTask.done.withdrawn',
    },
    {
      key: 'cancel',
      label: 'evidenceTask.actions.cancel',
      permission: EVIDENCE_TASK_CODES.cancel,
      danger: true,
      visible: cancellable,
      confirm: (_r, { t }) => t('evidenceTask.confirm.cancel'),
      run: (r) => call(api.evidenceTask.cancellationMainEvidenceByTaskId, { taskId: r.taskId }),
      success: 'evidenceTask.done.cancelled',
    },
  ],
  dialogs: {
    create: asDialog(CreateEvidenceDialog),
    byList: asDialog(BatchByListDialog),
    byVins: asDialog(VinListDialog),
    byCompany: asDialog(ByCompanyDialog),
    download: DownloadDialog,
  },
  live: (r) => !isTaskResting(r.status),
});
