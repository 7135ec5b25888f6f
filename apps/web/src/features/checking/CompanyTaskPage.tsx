import { useState } from 'react';
import { Button, Card, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_TASK_ACTION_LABELS,
  COMPANY_TASK_SIDE_LABELS,
  COMPANY_TASK_STATE_LABELS,
  COMPANY_TASK_TRANSITIONS,
  api,
  companyTaskActions,
  type TCompanyTask,
  type TCompanyTaskAction,
  type TCompanyTaskFinding,
  type TCompanyTaskHistory,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { usePermissions } from '../../shared/permissions';
import { StatusBadge } from '../../shared/StatusBadge';
import { CompanyTaskDialog } from './CompanyTaskDialog';
import { CompanyTaskStateBadge, nameIn, resultText } from './companyLabels';
import { LevelBadge } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';

/**
 * /dataChecking/checkLog/companyTask?id=: a company abnormal-data task as either side sees it: its facts,
 * the actions the state machine offers the caller's side (each with its page code), the finding lines and
 * the history of every step.
 */
export default function CompanyTaskPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const can = usePermissions();
  const id = Number(useSearchParams()[0].get('id') ?? '');
  const [action, setAction] = useState<TCompanyTaskAction | null>(null);
  const query = useQuery({
    queryKey: checkingKeys.companyTask(id),
    queryFn: () => call(api.checking.companyTaskDetail, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const data = query.data;
  const fields: TDetailField<TCompanyTask>[] = [
    { key: 'id', label: 'checking.company.fields.id', value: (r) => `#${r.id}` },
    {
      key: 'state',
      label: 'checking.company.fields.state',
      value: (r) => <CompanyTaskStateBadge state={r.state} lang={lang} />,
    },
    { key: 'benchmark', label: 'checking.company.fields.benchmark', value: (r) => nameIn(r.benchmark, lang) },
    { key: 'company', label: 'checking.company.fields.company', value: (r) => nameIn(r.company, lang) },
    {
      key: 'side',
      label: 'checking.company.fields.side',
      value: (r) => COMPANY_TASK_SIDE_LABELS[r.side][lang],
    },
    { key: 'result', label: 'checking.company.fields.result', value: (r) => resultText(r.result, lang) },
    {
      key: 'maxLevel',
      label: 'checking.company.fields.maxLevel',
      value: (r) => <LevelBadge level={r.maxLevel} lang={lang} />,
    },
    { key: 'openCount', label: 'checking.company.fields.openCount', value: (r) => String(r.openCount) },
    { key: 'fixedCount', label: 'checking.company.fields.fixedCount', value: (r) => String(r.fixedCount) },
    {
      key: 'lastRun',
      label: 'checking.company.fields.lastRun',
      // The run is the benchmark's: only its side can open it.
      value: (r) =>
        r.side === 'benchmark' ? (
          <a href={CHECK_ROUTES.detail(r.lastRunId)}>{r.lastRunId.slice(0, 8)}</a>
        ) : (
          r.lastRunId.slice(0, 8)
        ),
    },
    {
      key: 'createdAt',
      label: 'checking.company.fields.createdAt',
      value: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'updatedAt',
      label: 'checking.company.fields.updatedAt',
      value: (r) => formatDateTime(r.updatedAt),
    },
  ];
  const actions = data
    ? companyTaskActions(data.task.state, data.task.side).filter((a) => can(COMPANY_TASK_TRANSITIONS[a].code))
    : [];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DetailCard
        title={t('checking.company.card')}
        record={data?.task}
        fields={fields}
        loading={query.isPending}
        testId="company-task-card"
        extra={
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a}
                type={a === 'resolve' || a === 'close' ? 'primary' : 'default'}
                danger={a === 'reject'}
                data-testid={`company-task-${a}`}
                onClick={() => setAction(a)}
              >
                {COMPANY_TASK_ACTION_LABELS[a][lang]}
              </Button>
            ))}
          </Space>
        }
      />
      <Card title={t('checking.company.findings')} size="small">
        <Table<TCompanyTaskFinding>
          rowKey="id"
          data-testid="company-task-findings"
          loading={query.isPending}
          dataSource={data?.findings ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 900 }}
          columns={[
            {
              key: 'level',
              title: t('checking.fields.level'),
              width: 90,
              render: (_v, r) => <LevelBadge level={r.level} lang={lang} />,
            },
            {
              key: 'check',
              title: t('checking.fields.check'),
              width: 180,
              render: (_v, r) => r.checkName[lang],
            },
            {
              key: 'state',
              title: t('checking.fields.state'),
              width: 90,
              render: (_v, r) => (
                <StatusBadge colour={r.state === 'fixed' ? 'green' : 'red'}>
                  {t(`checking.company.findingState.${r.state}`)}
                </StatusBadge>
              ),
            },
            { key: 'message', title: t('checking.fields.message'), render: (_v, r) => r.message[lang] },
            {
              key: 'cited',
              title: t('checking.fields.cited'),
              width: 220,
              render: (_v, r) => r.cited.map((c) => c.label).join(', ') || EMPTY_TEXT,
            },
          ]}
        />
      </Card>
      <Card title={t('checking.company.history')} size="small">
        <Table<TCompanyTaskHistory>
          rowKey="id"
          data-testid="company-task-history"
          loading={query.isPending}
          dataSource={data?.history ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          columns={[
            {
              key: 'time',
              title: t('checking.company.fields.time'),
              width: 170,
              render: (_v, r) => formatDateTime(r.createdAt),
            },
            {
              key: 'actor',
              title: t('checking.company.fields.actor'),
              width: 200,
              render: (_v, r) => `${r.actor ?? EMPTY_TEXT} (${COMPANY_TASK_SIDE_LABELS[r.side][lang]})`,
            },
            {
              key: 'action',
              title: t('checking.company.fields.action'),
              width: 110,
              render: (_v, r) => COMPANY_TASK_ACTION_LABELS[r.action][lang],
            },
            {
              key: 'toState',
              title: t('checking.company.fields.toState'),
              width: 150,
              render: (_v, r) => COMPANY_TASK_STATE_LABELS[r.toState][lang],
            },
            {
              key: 'result',
              title: t('checking.company.fields.result'),
              width: 120,
              render: (_v, r) => resultText(r.result, lang) ?? EMPTY_TEXT,
            },
            {
              key: 'comment',
              title: t('checking.company.fields.comment'),
              render: (_v, r) =>
                r.comment ??
                (r.openCount !== null
                  ? `${t('checking.company.fields.openCount')} ${r.openCount} · ${t('checking.company.fields.fixedCount')} ${r.fixedCount ?? 0}`
                  : EMPTY_TEXT),
            },
          ]}
        />
      </Card>
      {data && <CompanyTaskDialog taskId={data.task.id} action={action} onClose={() => setAction(null)} />}
    </Space>
  );
}
