import { Card, Empty } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@tracehub/contract';
import { call } from '../../api/client';
import { useLang } from '../../i18n';
import { FindingsList } from '../checking/FindingsTable';
import { idParam, monitorKeys } from './queries';

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
  if (reportId === null) return <Empty />;
  const check = checkId ? detail.data?.checks.find((c) => c.checkId === checkId) : undefined;
  const title = [detail.data?.report.date, check?.name[lang] ?? checkId, t('monitor.actions.errors')]
    .filter(Boolean)
    .join(' · ');
  const filter = { reportId, ...(checkId ? { checkId } : {}) };
  return (
    <Card title={title}>
      <FindingsList
        queryKey={(page) => monitorKeys.errors({ ...filter, ...page })}
        load={(page) => call(api.monitor.errorPage, { ...filter, ...page })}
        testId="monitor-errors"
      />
    </Card>
  );
}
