import { PlusOutlined } from '@ant-design/icons';
import { api } from '@tracehub/contract';
import { call } from '../../../api/client';
import { pickLangText } from '../../../i18n';
import { defineResource } from '../../../shared/list/types';
import { operatorKeys } from '../queries';
import { IdRuleDialog } from './IdRuleDialog';
import { ruleStructure } from './idRuleModel';
import { RuleStatusBadge, ruleStatusOptions } from './ruleStatus';

/** ID rules enterprises follow: create (elements add up to 32), set the default, see which are in use. */
export const idRuleResource = defineResource({
  name: 'operator/idRule',
  endpoint: api.operator.idRulePage,
  keys: operatorKeys.idRules,
  rowKey: 'id',
  columns: [
    {
      key: 'name',
      label: 'operator.idRule.fields.name',
      width: 200,
      sortable: true,
      render: (r, { lang }) => pickLangText(lang, r.name, r.nameEn),
    },
    {
      key: 'status',
      label: 'operator.idRule.fields.status',
      width: 120,
      filter: { prop: 'status', options: ruleStatusOptions },
      render: (r, ctx) => <RuleStatusBadge status={r.status} ctx={ctx} />,
    },
    {
      key: 'codeType',
      label: 'operator.idRule.fields.codeType',
      width: 110,
      render: (r, { t }) => t(`operator.idRule.codeType.${r.codeType}`),
    },
    {
      key: 'codeRule',
      label: 'operator.idRule.fields.codeRule',
      width: 420,
      render: (r, ctx) => (
        <span title={ruleStructure(r.elements, ctx)}>{ruleStructure(r.elements, ctx)}</span>
      ),
    },
    {
      key: 'notes',
      label: 'operator.idRule.fields.notes',
      width: 200,
      render: (r, { lang }) => pickLangText(lang, r.notes, r.notesEn),
    },
    {
      key: 'createdAt',
      label: 'operator.idRule.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [{ type: 'text', prop: 'name', label: 'operator.idRule.fields.name', basic: true }],
  toolbar: [
    {
      key: 'create',
      label: 'operator.idRule.actions.create',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'create',
    },
  ],
  rowActions: [
    {
      key: 'setDefault',
      label: 'operator.idRule.actions.setDefault',
      visible: (r) => r.status !== 'default',
      confirm: (r, { t }) => t('operator.idRule.confirmDefault', { name: r.name }),
      run: (r) => call(api.operator.idRuleSetDefault, { id: r.id }),
      success: 'operator.idRule.defaultSet',
    },
  ],
  dialogs: { create: IdRuleDialog },
});
