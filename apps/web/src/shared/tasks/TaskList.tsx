import { useState } from 'react';
import { Button, Space, Table, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, LIMITS, type TTask, type TTaskKind } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { useConfirm } from '../confirm';
import { downloadFile } from '../download';
import { feedback } from '../feedback';
import { EMPTY_TEXT, formatDateTime } from '../format';
import { usePermissions } from '../permissions';
import {
  isTaskActive,
  TASK_LIST_POLL_MS,
  taskActionCodes,
  taskActionFits,
  taskKeys,
  type TTaskAction,
} from './taskModel';
import { TaskProgressBar, TaskStatusBadge } from './TaskStatus';
import './tasks.css';

type TChangeAction = Exclude<TTaskAction, 'download'>;
const CHANGE_ENDPOINTS = { retry: api.task.retry, cancel: api.task.cancel, withdraw: api.task.withdraw };
const ACTIONS: readonly TTaskAction[] = ['retry', 'cancel', 'withdraw', 'download'];

/**
 * The tasks of a page (contract task.ts), newest first: status, progress, reason, operator and times, with
 * retry, cancel, withdraw and the result's download where the task's status and the session's codes allow
 * them (the server checks both again). It asks again every few seconds while a task is running.
 */
export function TaskList({ page, kind }: { page: string; kind?: TTaskKind }) {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<{ pageNo: number; pageSize: number }>({
    pageNo: 1,
    pageSize: LIMITS.defaultPageSize,
  });
  const request = { page, ...(kind ? { kind } : {}), ...paging };
  const query = useQuery({
    queryKey: taskKeys.list(request),
    queryFn: ({ signal }) => call(api.task.page, request, { signal }),
    refetchInterval: (q) => (q.state.data?.list.some(isTaskActive) ? TASK_LIST_POLL_MS : false),
  });

  const change = (task: TTask, action: TChangeAction) =>
    confirm({
      content: t(`tasks.confirm.${action}`),
      danger: action !== 'retry',
      onConfirm: async () => {
        await call(CHANGE_ENDPOINTS[action], { id: task.id });
        void feedback.message.success(t(`tasks.done.${action}`));
        await queryClient.invalidateQueries({ queryKey: taskKeys.all });
      },
    });
  const run = (task: TTask, action: TTaskAction) =>
    action === 'download'
      ? downloadFile(api.task.result, { id: task.id }, task.resultName ?? undefined)
      : change(task, action);

  const columns: TableColumnsType<TTask> = [
    {
      key: 'status',
      title: t('tasks.fields.status'),
      width: 110,
      render: (_, task) => <TaskStatusBadge status={task.status} />,
    },
    {
      key: 'progress',
      title: t('tasks.fields.progress'),
      width: 160,
      render: (_, task) => <TaskProgressBar task={task} className="task-list-progress" />,
    },
    {
      key: 'reason',
      title: t('tasks.fields.reason'),
      render: (_, task) => <span className="task-list-reason">{task.reason?.[lang] ?? EMPTY_TEXT}</span>,
    },
    { key: 'operator', title: t('tasks.fields.operator'), dataIndex: 'operator', width: 110 },
    {
      key: 'createdAt',
      title: t('tasks.fields.createdAt'),
      width: 170,
      render: (_, task) => formatDateTime(task.createdAt),
    },
    {
      key: 'finishedAt',
      title: t('tasks.fields.finishedAt'),
      width: 170,
      render: (_, task) => formatDateTime(task.finishedAt),
    },
    {
      key: 'actions',
      title: t('tasks.fields.actions'),
      width: 220,
      render: (_, task) => (
        <Space size={0}>
          {ACTIONS.filter((a) => taskActionFits(task, a) && can(taskActionCodes(task, a))).map((a) => (
            <Button
              key={a}
              type="link"
              size="small"
              danger={a === 'cancel' || a === 'withdraw'}
              onClick={() => void run(task, a)}
              data-testid={`task-${a}`}
            >
              {t(`tasks.actions.${a}`)}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Table<TTask>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.list ?? []}
      loading={query.isLoading}
      locale={{ emptyText: t('tasks.empty') }}
      pagination={{
        current: paging.pageNo,
        pageSize: paging.pageSize,
        total: query.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
      }}
      data-testid="task-list"
    />
  );
}
