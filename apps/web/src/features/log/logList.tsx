import { pickLangText } from '../../i18n';
import { api, LOG_ACTIONS, type TLogAction, type TLogItem } from '@tracehub/contract';
import { defineResource, type TRenderContext } from '../../shared/list/types';
import { StatusBadge } from '../../shared/StatusBadge';
import { logKeys } from './queries';

export function actionLabel(action: TLogAction, ctx: Pick<TRenderContext, 'lang'>): string {
  return LOG_ACTIONS[action][ctx.lang];
}

export function ResultBadge({ result, ctx }: { result: TLogItem['result']; ctx: TRenderContext }) {
  return (
    <StatusBadge colour={result === 'success' ? 'green' : 'red'} variant="dot">
      {result === 'success' ? ctx.t('log.result.success') : ctx.t('log.result.failure')}
    </StatusBadge>
  );
}

/** The account log list as a declaration for the shared list page; the client (user agent) is on the details page. */
export const logList = defineResource({
  // The sign-ins tab of /log/list.
  name: 'log/signIns',
  endpoint: api.log.selectLogPage,
  keys: logKeys,
  rowKey: 'id',
  columns: [
    { key: 'createdAt', label: 'log.fields.createdAt', format: 'datetime', sortable: true, width: 180 },
    {
      key: 'action',
      label: 'log.fields.action',
      sortable: true,
      width: 150,
      render: (r, ctx) => actionLabel(r.action, ctx),
    },
    {
      key: 'result',
      label: 'log.fields.result',
      width: 110,
      render: (r, ctx) => <ResultBadge result={r.result} ctx={ctx} />,
    },
    { key: 'username', label: 'log.fields.username', width: 150 },
    {
      key: 'enterpriseName',
      label: 'log.fields.enterpriseName',
      width: 220,
      render: (r, ctx) => pickLangText(ctx.lang, r.enterpriseName, r.enterpriseEnglishName),
    },
    { key: 'ip', label: 'log.fields.ip', width: 140 },
  ],
  search: [
    { type: 'text', prop: 'ip', label: 'log.fields.ip', basic: true },
    {
      type: 'select',
      prop: 'action',
      label: 'log.fields.action',
      multiple: true,
      options: (ctx) =>
        (Object.keys(LOG_ACTIONS) as TLogAction[]).map((value) => ({
          value,
          label: actionLabel(value, ctx),
        })),
    },
    {
      type: 'select',
      prop: 'result',
      label: 'log.fields.result',
      options: ({ t }) => [
        { value: 'success', label: t('log.result.success') },
        { value: 'failure', label: t('log.result.failure') },
      ],
    },
    {
      type: 'datetimerange',
      prop: 'createdRange',
      props: ['createdFrom', 'createdTo'],
      label: 'log.fields.createdAt',
      valueFormat: 'epochMs',
    },
  ],
  rowActions: [
    { key: 'details', label: 'log.viewDetails', to: (record) => `/log/details/${record.id}?type=signIn` },
  ],
});
