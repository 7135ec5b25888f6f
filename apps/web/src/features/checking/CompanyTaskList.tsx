import { useState } from 'react';
import { Button, Segmented, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_TASK_SIDE_LABELS,
  COMPANY_TASK_STATES,
  COMPANY_TASK_STATE_LABELS,
  api,
  type TCompanyTask,
  type TCompanyTaskState,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { CompanyTaskStateBadge, nameIn, resultText } from './companyLabels';
import { LevelBadge } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';

type TSideFilter = 'all' | 'raised' | 'assigned';

/**
 * The company abnormal-data tasks of /dataChecking/checkLog (its "company tasks" tab): the ones the
 * enterprise raised as benchmark and the ones assigned to it as supplier, filtered by side and state.
 */
export function CompanyTaskList() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [side, setSide] = useState<TSideFilter>('all');
  const [state, setState] = useState<TCompanyTaskState | undefined>();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const request = {
    ...page,
    ...(side === 'all' ? {} : { side }),
    ...(state ? { state } : {}),
  };
  const query = useQuery({
    queryKey: checkingKeys.companyTasks(request),
    queryFn: () => call(api.checking.companyTaskPage, request),
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Segmented<TSideFilter>
          data-testid="company-task-side"
          value={side}
          onChange={(v) => {
            setSide(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={[
            { value: 'all', label: t('checking.company.all') },
            { value: 'raised', label: t('checking.company.raised') },
            { value: 'assigned', label: t('checking.company.assigned') },
          ]}
        />
        <Select<TCompanyTaskState>
          allowClear
          style={{ width: 200 }}
          data-testid="company-task-state-filter"
          aria-label={t('checking.company.fields.state')}
          placeholder={t('checking.company.anyState')}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={COMPANY_TASK_STATES.map((s) => ({ value: s, label: COMPANY_TASK_STATE_LABELS[s][lang] }))}
        />
      </Space>
      <Table<TCompanyTask>
        rowKey="id"
        data-testid="company-task-table"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('checking.company.empty') }}
        scroll={{ x: 1200 }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { key: 'id', title: t('checking.company.fields.id'), width: 90, render: (_v, r) => `#${r.id}` },
          {
            key: 'benchmark',
            title: t('checking.company.fields.benchmark'),
            width: 200,
            render: (_v, r) => nameIn(r.benchmark, lang),
          },
          {
            key: 'company',
            title: t('checking.company.fields.company'),
            width: 200,
            render: (_v, r) => nameIn(r.company, lang) || EMPTY_TEXT,
          },
          {
            key: 'side',
            title: t('checking.company.fields.side'),
            width: 100,
            render: (_v, r) => COMPANY_TASK_SIDE_LABELS[r.side][lang],
          },
          {
            key: 'state',
            title: t('checking.company.fields.state'),
            width: 150,
            render: (_v, r) => <CompanyTaskStateBadge state={r.state} lang={lang} />,
          },
          {
            key: 'result',
            title: t('checking.company.fields.result'),
            width: 120,
            render: (_v, r) => resultText(r.result, lang) ?? EMPTY_TEXT,
          },
          {
            key: 'maxLevel',
            title: t('checking.company.fields.maxLevel'),
            width: 100,
            render: (_v, r) => <LevelBadge level={r.maxLevel} lang={lang} />,
          },
          { key: 'open', title: t('checking.company.fields.openCount'), width: 90, dataIndex: 'openCount' },
          {
            key: 'fixed',
            title: t('checking.company.fields.fixedCount'),
            width: 90,
            dataIndex: 'fixedCount',
          },
          {
            key: 'updatedAt',
            title: t('checking.company.fields.updatedAt'),
            width: 170,
            render: (_v, r) => formatDateTime(r.updatedAt),
          },
          {
            key: 'actions',
            title: '',
            fixed: 'right',
            width: 90,
            render: (_v, r) => (
              <Button
                type="link"
                size="small"
                data-testid={`company-task-detail-${r.id}`}
                onClick={() => void navigate(CHECK_ROUTES.companyTask(r.id))}
              >
                {t('checking.actions.detail')}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
}
