import {
  CHECK_CODES,
  COMPANY_TASK_SIDE_LABELS,
  COMPANY_TASK_STATES,
  COMPANY_TASK_STATE_LABELS,
  api,
} from '@tracehub/contract';
import { defineResource } from '../../shared/list/types';
import { CompanyTaskStateBadge, nameIn, resultText } from './companyLabels';
import { LevelBadge } from './labels';
import { CHECK_ROUTES, checkingKeys } from './queries';

/**
 * The company abnormal-data tasks of /dataChecking/checkLog (its "company tasks" tab): the ones the
 * enterprise raised as benchmark and the ones assigned to it as supplier, searched by side and state.
 */
export const companyTaskResource = defineResource({
  name: 'dataChecking/companyTasks',
  endpoint: api.checking.companyTaskPage,
  keys: { all: checkingKeys.all, list: checkingKeys.companyTasks },
  rowKey: 'id',
  columns: [
    { key: 'id', label: 'checking.company.fields.id', width: 90, priority: 1, render: (r) => `#${r.id}` },
    {
      key: 'benchmark',
      label: 'checking.company.fields.benchmark',
      width: 200,
      priority: 1,
      render: (r, { lang }) => nameIn(r.benchmark, lang),
    },
    {
      key: 'company',
      label: 'checking.company.fields.company',
      width: 200,
      priority: 1,
      render: (r, { lang }) => nameIn(r.company, lang),
    },
    {
      key: 'side',
      label: 'checking.company.fields.side',
      width: 100,
      render: (r, { lang }) => COMPANY_TASK_SIDE_LABELS[r.side][lang],
    },
    {
      key: 'state',
      label: 'checking.company.fields.state',
      width: 150,
      priority: 1,
      render: (r, { lang }) => <CompanyTaskStateBadge state={r.state} lang={lang} />,
    },
    {
      key: 'result',
      label: 'checking.company.fields.result',
      width: 120,
      render: (r, { lang }) => resultText(r.result, lang),
    },
    {
      key: 'maxLevel',
      label: 'checking.company.fields.maxLevel',
      width: 100,
      render: (r, { lang }) => <LevelBadge level={r.maxLevel} lang={lang} />,
    },
    { key: 'openCount', label: 'checking.company.fields.openCount', width: 90 },
    { key: 'fixedCount', label: 'checking.company.fields.fixedCount', width: 90 },
    { key: 'updatedAt', label: 'checking.company.fields.updatedAt', width: 170, format: 'datetime' },
  ],
  search: [
    {
      type: 'select',
      prop: 'side',
      label: 'checking.company.fields.side',
      placeholder: 'checking.company.all',
      options: ({ t }) => [
        { value: 'raised', label: t('checking.company.raised') },
        { value: 'assigned', label: t('checking.company.assigned') },
      ],
    },
    {
      type: 'select',
      prop: 'state',
      label: 'checking.company.fields.state',
      placeholder: 'checking.company.anyState',
      options: ({ lang }) =>
        COMPANY_TASK_STATES.map((s) => ({ value: s, label: COMPANY_TASK_STATE_LABELS[s][lang] })),
    },
  ],
  rowActions: [
    {
      key: 'detail',
      label: 'checking.actions.detail',
      permission: CHECK_CODES.view,
      to: (r) => CHECK_ROUTES.companyTask(r.id),
    },
  ],
});
