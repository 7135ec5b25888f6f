import { Typography } from 'antd';
import { Link } from 'react-router';
import { CHECK_LEVEL_LABELS, CHECK_LEVELS, api } from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { findingColumns, levelSearch } from '../checking/findingColumns';
import { LevelBadge } from '../checking/labels';
import { MONITOR_ROUTES, monitorKeys } from './queries';

/*
 * A daily report's two lists, by the report id of the page's address: its results by check
 * (/dailyMonitor/reportDetail?reportId=) and its abnormal records, or one check's
 * (/dailyMonitor/errorDetail?reportId=&checkId=).
 */

export const reportCheckResource = defineResource({
  name: 'dailyMonitor/reportDetail/checks',
  endpoint: api.monitor.checkPage,
  keys: { all: monitorKeys.all, list: monitorKeys.checks },
  rowKey: 'checkId',
  routeParams: ['reportId'],
  columns: [
    {
      key: 'level',
      label: 'monitor.fields.level',
      width: 90,
      priority: 1,
      render: (c, { lang }) => <LevelBadge level={c.level} lang={lang} />,
    },
    { key: 'kindName', label: 'monitor.fields.kind', width: 170, render: (c, { lang }) => c.kindName[lang] },
    {
      key: 'name',
      label: 'monitor.fields.check',
      width: 300,
      priority: 1,
      render: (c, { lang }) => c.name[lang],
    },
    { key: 'version', label: 'monitor.fields.version', width: 88, render: (c) => `v${c.version}` },
    { key: 'passed', label: 'monitor.fields.passed', width: 100, format: 'number' },
    {
      key: 'abnormal',
      label: 'monitor.fields.abnormal',
      width: 100,
      priority: 1,
      // The count opens the check's abnormal records.
      render: (c) =>
        c.abnormal + c.unknown > 0 ? (
          <Link
            to={MONITOR_ROUTES.errors(c.reportId, c.checkId)}
            data-testid={`monitor-check-errors-${c.checkId}`}
          >
            {c.abnormal > 0 ? <Typography.Text type="danger">{c.abnormal}</Typography.Text> : c.abnormal}
          </Link>
        ) : (
          String(c.abnormal)
        ),
    },
    { key: 'unknown', label: 'monitor.fields.unknown', width: 150, format: 'number' },
  ],
  keyColumn: 'name',
  search: [
    {
      type: 'select',
      prop: 'level',
      label: 'monitor.fields.level',
      options: ({ lang }) => CHECK_LEVELS.map((l) => ({ value: l, label: CHECK_LEVEL_LABELS[l][lang] })),
    },
    {
      type: 'select',
      prop: 'abnormal',
      label: 'monitor.fields.onlyAbnormal',
      options: ({ t }) => [{ value: 'yes', label: t('monitor.onlyAbnormal') }],
    },
  ],
});

export const reportErrorResource = defineResource({
  name: 'dailyMonitor/errorDetail',
  endpoint: api.monitor.errorPage,
  keys: { all: monitorKeys.all, list: monitorKeys.errors },
  rowKey: 'id',
  routeParams: ['reportId', 'checkId'],
  columns: findingColumns,
  keyColumn: 'checkName',
  search: [levelSearch],
});
