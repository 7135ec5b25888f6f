import { PlusOutlined } from '@ant-design/icons';
import { api } from '@tracehub/contract';
import { call } from '../../../api/client';
import { pickLangText } from '../../../i18n';
import { defineResource } from '../../../shared/list/types';
import { operatorKeys } from '../queries';
import { CodeRuleDialog } from './CodeRuleDialog';
import { RuleStatusBadge, ruleStatusOptions } from './ruleStatus';

/** Code rules enterprises follow: create with a live sample, set the default, see which are in use. */
export const codeRuleResource = defineResource({
  name: 'operator/codeRule',
  endpoint: api.operator.codeRulePage,
  keys: operatorKeys.codeRules,
  rowKey: 'id',
  columns: [
    {
      key: 'name',
      label: 'operator.codeRule.fields.name',
      width: 200,
      sortable: true,
      render: (r, { lang }) => pickLangText(lang, r.name, r.nameEn),
    },
    {
      key: 'status',
      label: 'operator.codeRule.fields.status',
      width: 120,
      filter: { prop: 'status', options: ruleStatusOptions },
      render: (r, ctx) => <RuleStatusBadge status={r.status} ctx={ctx} />,
    },
    { key: 'prefix', label: 'operator.codeRule.fields.prefix', width: 110 },
    {
      key: 'dateFormat',
      label: 'operator.codeRule.fields.dateFormat',
      width: 130,
      render: (r, { t }) => t(`operator.codeRule.dateFormat.${r.dateFormat}`),
    },
    { key: 'serialLength', label: 'operator.codeRule.fields.serialLength', width: 120 },
    {
      key: 'sample',
      label: 'operator.codeRule.fields.sample',
      width: 240,
      render: (r) => <code className="mono-text">{r.sample}</code>,
    },
    {
      key: 'notes',
      label: 'operator.codeRule.fields.notes',
      width: 200,
      render: (r, { lang }) => pickLangText(lang, r.notes, r.notesEn),
    },
    {
      key: 'createdAt',
      label: 'operator.codeRule.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [{ type: 'text', prop: 'name', label: 'operator.codeRule.fields.name', basic: true }],
  toolbar: [
    {
      key: 'create',
      label: 'operator.codeRule.actions.create',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'create',
    },
  ],
  rowActions: [
    {
      key: 'setDefault',
      label: 'operator.codeRule.actions.setDefault',
      visible: (r) => r.status !== 'default',
      confirm: (r, { t }) => t('operator.codeRule.confirmDefault', { name: r.name }),
      run: (r) => call(api.operator.codeRuleSetDefault, { id: r.id }),
      success: 'operator.codeRule.defaultSet',
    },
  ],
  dialogs: { create: CodeRuleDialog },
});
