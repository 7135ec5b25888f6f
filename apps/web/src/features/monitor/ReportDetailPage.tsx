import { Button, Card, Empty, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, type TDailyReport, type TMonitorCheckResult } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { TASK_POLL_MS } from '../../shared/tasks/taskModel';
import { LevelBadge, LevelCounts } from '../checking/labels';
import { CHECK_ROUTES } from '../checking/queries';
import { StateBadge, packageText, reasonText } from './labels';
import { MONITOR_ROUTES, idParam, monitorKeys } from './queries';

/** /dailyMonitor/reportDetail?reportId=: the report's summary and each check's passed, abnormal, unknown. */
export default function ReportDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const reportId = idParam(useSearchParams()[0].get('reportId'));
  const query = useQuery({
    queryKey: monitorKeys.report(reportId ?? 0),
    queryFn: () => call(api.monitor.detail, { reportId: reportId ?? 0 }),
    enabled: reportId !== null,
    // A report being judged changes when its run settles.
    refetchInterval: (q) => (q.state.data?.report.reason === 'running' ? TASK_POLL_MS : false),
  });
  if (reportId === null) return <Empty />;
  const report = query.data?.report;
  const fields: TDetailField<TDailyReport>[] = [
    { key: 'date', label: 'monitor.fields.date' },
    { key: 'state', label: 'monitor.fields.state', value: (r) => <StateBadge report={r} lang={lang} /> },
    { key: 'reason', label: 'monitor.fields.reason', value: (r) => reasonText(r, lang) },
    {
      key: 'counts',
      label: 'monitor.fields.counts',
      value: (r) => <LevelCounts counts={r.counts} lang={lang} />,
    },
    { key: 'package', label: 'monitor.fields.package', value: packageText },
    {
      key: 'packageHash',
      label: 'monitor.fields.packageHash',
      value: (r) => <code>{r.packageHash}</code>,
      wide: true,
    },
    { key: 'blockHeight', label: 'monitor.fields.blockHeight' },
    { key: 'vinAmount', label: 'monitor.fields.vinAmount' },
    {
      key: 'run',
      label: 'monitor.fields.run',
      value: (r) => (r.checkingTaskId ? r.checkingTaskId.slice(0, 8) : null),
    },
    { key: 'createdAt', label: 'monitor.fields.createdAt', value: (r) => formatDateTime(r.createdAt) },
    { key: 'updatedAt', label: 'monitor.fields.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
  ];
  const abnormal = report
    ? report.counts.fatal + report.counts.urgent + report.counts.minor + report.counts.unknown
    : 0;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <DetailCard
        title={t('monitor.detail.card')}
        record={report}
        fields={fields}
        loading={query.isPending}
        testId="monitor-detail-card"
        extra={
          report && abnormal > 0 ? (
            <Button
              data-testid="monitor-all-errors"
              onClick={() => void navigate(MONITOR_ROUTES.errors(report.id))}
            >
              {t('monitor.actions.allErrors')}
            </Button>
          ) : null
        }
      />
      <Card title={t('monitor.checks')}>
        <Table<TMonitorCheckResult>
          rowKey="checkId"
          data-testid="monitor-checks"
          loading={query.isPending}
          dataSource={query.data?.checks ?? []}
          pagination={false}
          scroll={{ x: 800 }}
          columns={[
            {
              key: 'level',
              title: t('monitor.fields.level'),
              width: 90,
              render: (_v, c) => <LevelBadge level={c.level} lang={lang} />,
            },
            { key: 'check', title: t('monitor.fields.check'), render: (_v, c) => c.name[lang] },
            {
              key: 'version',
              title: t('monitor.fields.version'),
              width: 80,
              render: (_v, c) => `v${c.version}`,
            },
            { key: 'passed', title: t('monitor.fields.passed'), width: 90, dataIndex: 'passed' },
            {
              key: 'abnormal',
              title: t('monitor.fields.abnormal'),
              width: 90,
              render: (_v, c) =>
                c.abnormal + c.unknown > 0 ? (
                  <Button
                    type="link"
                    size="small"
                    danger={c.abnormal > 0}
                    data-testid={`monitor-check-errors-${c.checkId}`}
                    onClick={() => void navigate(MONITOR_ROUTES.errors(reportId, c.checkId))}
                  >
                    {c.abnormal}
                  </Button>
                ) : (
                  c.abnormal
                ),
            },
            { key: 'unknown', title: t('monitor.fields.unknown'), width: 140, dataIndex: 'unknown' },
          ]}
        />
      </Card>
      {report?.checkingTaskId && (
        <Button type="link" onClick={() => void navigate(CHECK_ROUTES.detail(report.checkingTaskId ?? ''))}>
          {t('monitor.actions.run')}
        </Button>
      )}
    </Space>
  );
}
