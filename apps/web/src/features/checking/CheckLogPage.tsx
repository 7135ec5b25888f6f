import { useState } from 'react';
import { Button, Progress, Space, Table, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CHECK_CODES,
  CHECK_SOURCE_LABELS,
  CHECK_TASK_TYPE_LABELS,
  api,
  isTaskResting,
  type TCheckTask,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { TASK_LIST_POLL_MS, taskPercent } from '../../shared/tasks/taskModel';
import { CompanyTaskList } from './CompanyTaskList';
import { CreateTaskDialog } from './CreateTaskDialog';
import { LevelCounts, TaskStatus } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';
import { TaskActions } from './taskActions';

const COMPANY = 'company';

/**
 * /dataChecking/checkLog (spec: "tasks, abnormal data, company tasks"): the troubleshooting tasks, and the
 * company abnormal-data tasks in a second tab kept in the URL (?tab=company), where a message links to.
 */
export default function CheckLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === COMPANY ? COMPANY : 'tasks';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === COMPANY ? { tab: COMPANY } : {}, { replace: true })}
      items={[
        {
          key: 'tasks',
          label: <span data-testid="check-tab-tasks">{t('checking.company.tabs.tasks')}</span>,
          children: <TroubleshootingTasks />,
        },
        {
          key: COMPANY,
          label: <span data-testid="check-tab-company">{t('checking.company.tabs.company')}</span>,
          children: <CompanyTaskList />,
        },
      ]}
    />
  );
}

/** The troubleshooting tasks, both status readings, progress, counts by level. */
function TroubleshootingTasks() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const navigate = useNavigate();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const query = useQuery({
    queryKey: checkingKeys.tasks(page),
    queryFn: () => call(api.checking.selectTaskPage, page),
    refetchInterval: (q) =>
      q.state.data?.list.some((x) => !isTaskResting(x.task.status)) ? TASK_LIST_POLL_MS : false,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {can(CHECK_CODES.create) && (
        <Button type="primary" data-testid="check-create" onClick={() => setCreating(true)}>
          {t('checking.actions.create')}
        </Button>
      )}
      <Table<TCheckTask>
        rowKey="id"
        data-testid="check-task-table"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 1200 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { key: 'id', title: t('checking.fields.id'), width: 110, render: (_v, r) => r.id.slice(0, 8) },
          {
            key: 'taskType',
            title: t('checking.fields.taskType'),
            width: 100,
            render: (_v, r) => CHECK_TASK_TYPE_LABELS[r.taskType][lang],
          },
          {
            key: 'compared',
            title: t('checking.fields.compared'),
            width: 160,
            render: (_v, r) =>
              r.compared.length ? r.compared.map((c) => c.code).join(', ') : r.benchmark.name,
          },
          {
            key: 'package',
            title: t('checking.fields.package'),
            width: 120,
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => void navigate(CHECK_ROUTES.rules(r.packageId))}>
                {`${r.packageId} v${r.packageVersion}`}
              </Button>
            ),
          },
          {
            key: 'status',
            title: t('checking.fields.queueStatus'),
            width: 190,
            render: (_v, r) => <TaskStatus task={r} lang={lang} />,
          },
          {
            key: 'progress',
            title: t('checking.fields.progress'),
            width: 140,
            render: (_v, r) => (
              <Progress
                percent={taskPercent(r.task)}
                size="small"
                status={
                  r.task.status === 'failed'
                    ? 'exception'
                    : r.task.status === 'completed'
                      ? 'success'
                      : 'active'
                }
              />
            ),
          },
          {
            key: 'counts',
            title: t('checking.fields.counts'),
            width: 230,
            render: (_v, r) => <LevelCounts counts={r.counts} lang={lang} />,
          },
          { key: 'vinAmount', title: t('checking.fields.vinAmount'), width: 90, dataIndex: 'vinAmount' },
          {
            key: 'source',
            title: t('checking.fields.source'),
            width: 80,
            render: (_v, r) => CHECK_SOURCE_LABELS[r.source][lang],
          },
          {
            key: 'operator',
            title: t('checking.fields.operator'),
            width: 110,
            render: (_v, r) => r.task.operator,
          },
          {
            key: 'createdAt',
            title: t('checking.fields.createdAt'),
            width: 170,
            render: (_v, r) => formatDateTime(r.task.createdAt),
          },
          {
            key: 'actions',
            title: '',
            fixed: 'right',
            width: 200,
            render: (_v, r) => <TaskActions task={r} />,
          },
        ]}
      />
      <CreateTaskDialog open={creating} onClose={() => setCreating(false)} />
    </Space>
  );
}
