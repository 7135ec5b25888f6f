import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_TASK_ACTION_LABELS,
  COMPANY_TASK_SIDE_LABELS,
  COMPANY_TASK_TRANSITIONS,
  api,
  companyTaskActions,
  type TCompanyTask,
  type TCompanyTaskAction,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { ResourceList } from '../../shared/list/ResourceList';
import { usePermissions } from '../../shared/permissions';
import { CompanyTaskDialog } from './CompanyTaskDialog';
import { companyTaskFindingResource, companyTaskHistoryResource } from './companyTaskLines';
import { CompanyTaskStateBadge, nameIn, resultText } from './companyLabels';
import { LevelBadge } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';

/**
 * /dataChecking/checkLog/companyTask?id=: a company abnormal-data task as either side sees it: its facts,
 * the actions the state machine offers the caller's side (each with its page code), and its finding lines
 * and the history of every step as lists (companyTaskLines.tsx).
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
        <ResourceList resource={companyTaskFindingResource} />
      </Card>
      <Card title={t('checking.company.history')} size="small">
        <ResourceList resource={companyTaskHistoryResource} />
      </Card>
      {data && <CompanyTaskDialog taskId={data.task.id} action={action} onClose={() => setAction(null)} />}
    </Space>
  );
}
