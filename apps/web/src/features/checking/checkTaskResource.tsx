import { Link } from 'react-router';
import {
  CHECK_CODES,
  CHECK_SOURCE_LABELS,
  CHECK_TASK_TYPE_LABELS,
  CHECK_TASK_TYPES,
  TASK_ACTION_FROM,
  api,
  isTaskResting,
  type TCheckTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { downloadFile } from '../../shared/download';
import { formatDateTime } from '../../shared/format';
import { defineResource, type TResourceDialogProps } from '../../shared/list/types';
import { TaskProgressBar } from '../../shared/tasks/TaskStatus';
import { nameIn } from './companyLabels';
import { CreateTaskDialog } from './CreateTaskDialog';
import { LevelCounts, TaskStatus } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';

/** The create-task dialog as the list's toolbar dialog: a created task refreshes the list. */
function CreateTask({ onClose, onDone }: TResourceDialogProps<TCheckTask>) {
  return <CreateTaskDialog open onClose={(created) => (created ? onDone() : onClose())} />;
}

const ended = (r: TCheckTask) => ['cancelled', 'withdrawn', 'failed', 'completed'].includes(r.task.status);

/**
 * The troubleshooting tasks of /dataChecking/checkLog (spec 3 "Troubleshooting task"): both status readings,
 * progress, counts by level; the actions of spec 4 (retry with its warning, cancel, restart, export of the
 * abnormal data), each shown with its code and where the task's status allows it.
 */
export const checkTaskResource = defineResource({
  name: 'dataChecking/checkLog',
  endpoint: api.checking.selectTaskPage,
  keys: { all: checkingKeys.all, list: checkingKeys.tasks },
  rowKey: 'id',
  columns: [
    { key: 'id', label: 'checking.fields.id', width: 110, priority: 1, render: (r) => r.id.slice(0, 8) },
    {
      key: 'taskType',
      label: 'checking.fields.taskType',
      width: 100,
      priority: 1,
      render: (r, { lang }) => CHECK_TASK_TYPE_LABELS[r.taskType][lang],
    },
    {
      key: 'compared',
      label: 'checking.fields.compared',
      width: 160,
      render: (r, { lang }) =>
        r.compared.length ? r.compared.map((c) => c.code).join(', ') : nameIn(r.benchmark, lang),
    },
    {
      key: 'packageId',
      label: 'checking.fields.package',
      width: 120,
      render: (r) => (
        <Link to={CHECK_ROUTES.rules(r.packageId)}>{`${r.packageId} v${r.packageVersion}`}</Link>
      ),
    },
    {
      key: 'queueStatus',
      label: 'checking.fields.queueStatus',
      width: 190,
      priority: 1,
      render: (r, { lang }) => <TaskStatus task={r} lang={lang} />,
    },
    {
      key: 'task',
      id: 'progress',
      label: 'checking.fields.progress',
      width: 140,
      render: (r) => <TaskProgressBar task={r.task} />,
    },
    {
      key: 'counts',
      label: 'checking.fields.counts',
      width: 240,
      priority: 1,
      render: (r, { lang }) => <LevelCounts counts={r.counts} lang={lang} />,
    },
    { key: 'vinAmount', label: 'checking.fields.vinAmount', width: 90 },
    { key: 'completeVinAmount', label: 'checking.fields.completeVinAmount', width: 110, priority: 3 },
    {
      key: 'source',
      label: 'checking.fields.source',
      width: 88,
      render: (r, { lang }) => CHECK_SOURCE_LABELS[r.source][lang],
    },
    { key: 'blockHeight', label: 'checking.fields.blockHeight', width: 100, priority: 3 },
    {
      key: 'task',
      id: 'operator',
      label: 'checking.fields.operator',
      width: 110,
      render: (r) => r.task.operator,
    },
    {
      key: 'task',
      id: 'createdAt',
      label: 'checking.fields.createdAt',
      width: 170,
      render: (r) => formatDateTime(r.task.createdAt),
    },
  ],
  search: [
    {
      type: 'select',
      prop: 'taskType',
      label: 'checking.fields.taskType',
      options: ({ lang }) =>
        CHECK_TASK_TYPES.map((k) => ({ value: k, label: CHECK_TASK_TYPE_LABELS[k][lang] })),
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'checking.actions.create',
      permission: CHECK_CODES.create,
      primary: true,
      dialog: 'create',
    },
  ],
  rowActions: [
    {
      key: 'detail',
      label: 'checking.actions.detail',
      permission: CHECK_CODES.view,
      to: (r) => CHECK_ROUTES.detail(r.id),
      listOnly: true,
    },
    {
      key: 'retry',
      label: 'tasks.actions.retry',
      permission: CHECK_CODES.create,
      visible: (r) => TASK_ACTION_FROM.retry.includes(r.task.status),
      confirm: (_r, { t }) => t('tasks.confirm.retry'),
      run: (r) => call(api.task.retry, { id: r.id }),
      success: 'tasks.done.retry',
    },
    {
      key: 'cancel',
      label: 'tasks.actions.cancel',
      permission: CHECK_CODES.create,
      danger: true,
      visible: (r) => TASK_ACTION_FROM.cancel.includes(r.task.status),
      confirm: (_r, { t }) => t('tasks.confirm.cancel'),
      run: (r) => call(api.task.cancel, { id: r.id }),
      success: 'tasks.done.cancel',
    },
    {
      key: 'restart',
      label: 'checking.actions.restart',
      permission: CHECK_CODES.create,
      visible: ended,
      run: async (r, { navigate }) => {
        const restarted = await call(api.checking.restartTask, { taskId: r.id });
        void navigate(CHECK_ROUTES.detail(restarted.id));
      },
    },
    {
      key: 'export',
      label: 'checking.actions.export',
      permission: CHECK_CODES.export,
      visible: (r) => r.task.status === 'completed',
      run: (r) => downloadFile(api.checking.exportAbnormal, { taskId: r.id }),
      readOnly: true,
    },
  ],
  dialogs: { create: CreateTask },
  live: (r) => !isTaskResting(r.task.status),
});
