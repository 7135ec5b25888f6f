import {
  COMPANY_TASK_ACTION_LABELS,
  COMPANY_TASK_SIDE_LABELS,
  COMPANY_TASK_STATE_LABELS,
  api,
} from '@tracehub/contract';
import { EMPTY_TEXT, formatDateTime } from '../../shared/format';
import { defineResource } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { resultText } from './companyLabels';
import { CitedRecords, levelSearch } from './findingColumns';
import { LevelBadge } from './labels';
import { checkingKeys } from './queries';

/*
 * A company task's two lists (/dataChecking/checkLog/companyTask?id=): its finding lines and its history,
 * by the task id of the page's address, each with its own paging in the address.
 */

export const companyTaskFindingResource = defineResource({
  name: 'dataChecking/checkLog/companyTask/findings',
  endpoint: api.checking.companyTaskFindingPage,
  keys: { all: checkingKeys.all, list: checkingKeys.companyTaskFindings },
  rowKey: 'id',
  routeParams: ['id'],
  stateKey: 'findings',
  columns: [
    {
      key: 'level',
      label: 'checking.fields.level',
      width: 90,
      priority: 1,
      render: (r, { lang }) => <LevelBadge level={r.level} lang={lang} />,
    },
    {
      key: 'checkName',
      label: 'checking.fields.check',
      width: 220,
      priority: 1,
      render: (r, { lang }) => r.checkName[lang],
    },
    {
      key: 'state',
      label: 'checking.fields.state',
      width: 90,
      render: (r, { t }) => (
        <StatusBadge colour={r.state === 'fixed' ? 'green' : 'red'}>
          {t(`checking.company.findingState.${r.state}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'message',
      label: 'checking.fields.message',
      width: 380,
      priority: 1,
      render: (r, { lang }) => r.message[lang],
    },
    {
      key: 'cited',
      label: 'checking.fields.cited',
      width: 220,
      render: (r) => <CitedRecords cited={r.cited} />,
    },
  ],
  keyColumn: 'checkName',
  search: [
    levelSearch,
    {
      type: 'select',
      prop: 'state',
      label: 'checking.fields.state',
      options: ({ t }) =>
        (['open', 'fixed'] as const).map((s) => ({
          value: s,
          label: t(`checking.company.findingState.${s}`),
        })),
    },
  ],
});

export const companyTaskHistoryResource = defineResource({
  name: 'dataChecking/checkLog/companyTask/history',
  endpoint: api.checking.companyTaskHistoryPage,
  keys: { all: checkingKeys.all, list: checkingKeys.companyTaskHistory },
  rowKey: 'id',
  routeParams: ['id'],
  stateKey: 'history',
  columns: [
    {
      key: 'createdAt',
      label: 'checking.company.fields.time',
      width: 170,
      priority: 1,
      render: (r) => formatDateTime(r.createdAt),
    },
    {
      key: 'actor',
      label: 'checking.company.fields.actor',
      width: 200,
      render: (r, { lang }) => `${r.actor ?? EMPTY_TEXT} (${COMPANY_TASK_SIDE_LABELS[r.side][lang]})`,
    },
    {
      key: 'action',
      label: 'checking.company.fields.action',
      width: 110,
      priority: 1,
      render: (r, { lang }) => COMPANY_TASK_ACTION_LABELS[r.action][lang],
    },
    {
      key: 'toState',
      label: 'checking.company.fields.toState',
      width: 150,
      render: (r, { lang }) => COMPANY_TASK_STATE_LABELS[r.toState][lang],
    },
    {
      key: 'result',
      label: 'checking.company.fields.result',
      width: 120,
      render: (r, { lang }) => resultText(r.result, lang),
    },
    {
      key: 'comment',
      label: 'checking.company.fields.comment',
      width: 320,
      render: (r, { t }) =>
        r.comment ??
        (r.openCount !== null
          ? `${t('checking.company.fields.openCount')} ${r.openCount} · ${t('checking.company.fields.fixedCount')} ${r.fixedCount ?? 0}`
          : null),
    },
  ],
  search: [],
});
