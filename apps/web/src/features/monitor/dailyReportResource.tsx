import { ThunderboltOutlined } from '@ant-design/icons';
import {
  MONITOR_PAGE,
  MONITOR_STATES,
  MONITOR_STATE_LABELS,
  api,
  type TDailyReport,
} from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { LevelCounts } from '../checking/labels';
import { StateBadge, packageText, reasonText } from './labels';
import { MONITOR_ROUTES, monitorKeys } from './queries';
import { RunNowDialog } from './RunNowDialog';

/** The enterprise's daily reports (spec 2.2 /dailyMonitor/dailyReport), newest day first. */
export const dailyReportResource = defineResource({
  name: 'dailyMonitor/dailyReport',
  endpoint: api.monitor.page,
  keys: monitorKeys,
  rowKey: 'id',
  columns: [
    { key: 'date', label: 'monitor.fields.date', width: 130, priority: 1 },
    {
      key: 'state',
      label: 'monitor.fields.state',
      width: 120,
      priority: 1,
      render: (r: TDailyReport, { lang }) => <StateBadge report={r} lang={lang} />,
    },
    {
      key: 'counts',
      label: 'monitor.fields.counts',
      width: 260,
      priority: 1,
      render: (r: TDailyReport, { lang }) => <LevelCounts counts={r.counts} lang={lang} />,
    },
    {
      key: 'reason',
      label: 'monitor.fields.reason',
      width: 220,
      render: (r: TDailyReport, { lang }) => reasonText(r, lang),
    },
    {
      key: 'packageId',
      label: 'monitor.fields.package',
      width: 120,
      render: (r: TDailyReport) => packageText(r),
    },
    { key: 'vinAmount', label: 'monitor.fields.vinAmount', width: 100, priority: 3 },
    { key: 'blockHeight', label: 'monitor.fields.blockHeight', width: 100, priority: 3 },
    { key: 'updatedAt', label: 'monitor.fields.updatedAt', width: 180, format: 'datetime' },
  ],
  search: [
    {
      type: 'daterange',
      prop: 'dateRange',
      props: ['dateFrom', 'dateTo'],
      label: 'monitor.fields.date',
    },
    {
      type: 'select',
      prop: 'state',
      label: 'monitor.fields.state',
      options: ({ lang }) => MONITOR_STATES.map((s) => ({ value: s, label: MONITOR_STATE_LABELS[s][lang] })),
    },
  ],
  toolbar: [
    {
      key: 'runNow',
      label: 'monitor.actions.runNow',
      permission: MONITOR_PAGE,
      primary: true,
      icon: <ThunderboltOutlined />,
      dialog: 'runNow',
    },
  ],
  rowActions: [
    {
      key: 'detail',
      label: 'monitor.actions.detail',
      permission: MONITOR_PAGE,
      to: (r) => MONITOR_ROUTES.detail(r.id),
    },
    {
      key: 'errors',
      label: 'monitor.actions.errors',
      permission: MONITOR_PAGE,
      to: (r) => MONITOR_ROUTES.errors(r.id),
      visible: (r) => r.state === 'abnormal',
    },
  ],
  dialogs: { runNow: RunNowDialog },
  live: (r) => r.reason === 'running',
});
