import { Button, Card, Empty, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, type TDailyReport } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { DetailCard, type TDetailField } from '../../shared/DetailCard';
import { formatDateTime } from '../../shared/format';
import { TASK_POLL_MS } from '../../shared/tasks/taskModel';
import { ResourceList } from '../../shared/list/ResourceList';
import { LevelCounts } from '../checking/labels';
import { CHECK_ROUTES } from '../checking/queries';
import { StateBadge, packageText, reasonText } from './labels';
import { MONITOR_ROUTES, idParam, monitorKeys } from './queries';
import { reportCheckResource } from './reportLists';

/** /dailyMonitor/reportDetail?reportId=: the report's summary and each check's passed, abnormal, unknown (a list). */
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
      {/* The results once the run has judged the day (they change until then). */}
      {report && report.reason !== 'running' && (
        <Card title={t('monitor.checks')}>
          <ResourceList resource={reportCheckResource} />
        </Card>
      )}
      {report?.checkingTaskId && (
        <Button type="link" onClick={() => void navigate(CHECK_ROUTES.detail(report.checkingTaskId ?? ''))}>
          {t('monitor.actions.run')}
        </Button>
      )}
    </Space>
  );
}
