import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHECK_OUTCOME_LABELS,
  FINDING_STATE_LABELS,
  api,
  documentTypeByTypeCode,
  type TCheckFinding,
  type TListResponse,
} from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { LevelBadge } from './labels';
import { checkingKeys } from './queries';

/** Where a cited record is listed: its document type's page, searched by its number. */
function citedHref(type: string, label: string): string | null {
  const def = /^[0-9]+$/.test(type) ? documentTypeByTypeCode(Number(type)) : undefined;
  return def ? `/${def.route}?billNo=${encodeURIComponent(label)}` : null;
}

/** A task's abnormal data (optionally one company's), most severe first, each with the records it cites. */
export function FindingsTable({ taskId, companyUuid }: { taskId: string; companyUuid?: string }) {
  return (
    <FindingsList
      queryKey={(page) => checkingKeys.findings({ taskId, ...(companyUuid ? { companyUuid } : {}), ...page })}
      load={(page) =>
        call(api.checking.selectAbnormalPage, { taskId, ...(companyUuid ? { companyUuid } : {}), ...page })
      }
      testId="check-findings"
    />
  );
}

type TPage = { pageNo: number; pageSize: number };

/**
 * Findings, a page at a time, from any endpoint that answers them (a task's abnormal data here, a daily
 * report's abnormal records in features/monitor): level, check, outcome, state, message and cited records.
 */
export function FindingsList({
  queryKey,
  load,
  testId,
}: {
  queryKey: (page: TPage) => QueryKey;
  load: (page: TPage) => Promise<TListResponse<TCheckFinding>>;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const query = useQuery({ queryKey: queryKey(page), queryFn: () => load(page) });
  return (
    <Table<TCheckFinding>
      rowKey="id"
      data-testid={testId}
      loading={query.isPending}
      dataSource={query.data?.list ?? []}
      scroll={{ x: 1100 }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
      }}
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
          width: 200,
          render: (_v, r) => `${r.checkName[lang]} v${r.checkVersion}`,
        },
        {
          key: 'outcome',
          title: t('checking.fields.outcome'),
          width: 120,
          render: (_v, r) => CHECK_OUTCOME_LABELS[r.outcome][lang],
        },
        {
          key: 'state',
          title: t('checking.fields.state'),
          width: 90,
          render: (_v, r) => FINDING_STATE_LABELS[r.state][lang],
        },
        { key: 'message', title: t('checking.fields.message'), render: (_v, r) => r.message[lang] },
        {
          key: 'cited',
          title: t('checking.fields.cited'),
          width: 260,
          render: (_v, r) => (
            <Space size={0} wrap>
              {r.cited.map((c) => {
                const href = citedHref(c.type, c.label);
                return href ? (
                  <Button key={`${c.type}-${c.id}`} type="link" size="small" href={href}>
                    {c.label}
                  </Button>
                ) : (
                  <span key={`${c.type}-${c.id}`} style={{ marginRight: 8 }}>
                    {c.label}
                  </span>
                );
              })}
            </Space>
          ),
        },
      ]}
    />
  );
}
