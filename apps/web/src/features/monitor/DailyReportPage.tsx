import { ResourceList } from '../../shared/list/ResourceList';
import { dailyReportResource } from './dailyReportResource';

/** /dailyMonitor/dailyReport: the daily reports with their state and abnormal counts. */
export default function DailyReportPage() {
  return <ResourceList resource={dailyReportResource} />;
}
