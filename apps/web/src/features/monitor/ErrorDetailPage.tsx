import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { ResourceList } from '../../shared/list/ResourceList';
import { idParam, monitorKeys } from './queries';
import { reportErrorResource } from './reportLists';

/** /dailyMonitor/errorDetail?reportId=[&checkId=]: a report's abnormal records, or one check's. */
export default function ErrorDetailPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const reportId = idParam(params.get('reportId'));
  const checkId = params.get('checkId') ?? undefined;
  const detail = useQuery({
    queryKey: monitorKeys.report(reportId ?? 0),
    queryFn: () => call(api.monitor.detail, { reportId: reportId ?? 0 }),
    enabled: reportId !== null,
  });
  // The check's name for the title: its line of the report's results.
  const check = useQuery({
    queryKey: monitorKeys.checks({ reportId: reportId ?? 0, checkId, pageNo: 1, pageSize: 10 }),
    queryFn: () => call(api.monitor.checkPage, { reportId: reportId ?? 0, checkId, pageNo: 1, pageSize: 10 }),
    enabled: reportId !== null && checkId !== undefined,
  });
  if (reportId === null) return <Empty />;
  const name = check.data?.list[0]?.name[lang] ?? checkId;
  const title = [detail.data?.report.date, name, t('monitor.actions.errors')].filter(Boolean).join(' · ');
  return (
    <Card title={title}>
      <ResourceList resource={reportErrorResource} />
    </Card>
  );
}
