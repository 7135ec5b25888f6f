import { PlusOutlined } from '@ant-design/icons';
import { COUNTRIES, api, placeLabel, type TRiskArea, type TRiskRule } from '@tracehub/contract';
import { call } from '../../api/client';
import { defineResource } from '../../shared/list/types';
import { AreaFormDialog } from './AreaFormDialog';
import { factorsNode, monitorNode, placeText, userValue } from './labels';
import { riskAreaKeys, riskKeys } from './queries';
import { RuleEnabledSwitch } from './RuleEnabledSwitch';
import { RuleFormDialog } from './RuleFormDialog';

/** The factor page of a rule (spec 2.2 /rule/Factor). */
export const factorPath = (rule: Pick<TRiskRule, 'id'>) => `/rule/Factor?id=${rule.id}`;

/** The enterprise's risk rules (spec 2.2 /rule/list). */
export const riskRuleResource = defineResource({
  name: 'rule/list',
  endpoint: api.risk.page,
  keys: riskKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'name',
      label: 'risk.fields.name',
      width: 180,
      sortable: true,
      priority: 1,
      render: (r: TRiskRule) => userValue(r.name),
    },
    {
      key: 'factors',
      label: 'risk.fields.factors',
      width: 260,
      priority: 1,
      render: (r: TRiskRule, { t, lang }) => factorsNode(r, lang, t),
    },
    {
      key: 'monitor',
      label: 'risk.fields.monitor',
      width: 180,
      priority: 1,
      render: (r: TRiskRule, { t }) => monitorNode(r, t),
    },
    {
      key: 'notes',
      label: 'risk.fields.notes',
      width: 150,
      render: (r: TRiskRule) => (r.notes ? userValue(r.notes) : ''),
    },
    {
      key: 'enabled',
      label: 'risk.fields.enabled',
      width: 100,
      priority: 1,
      render: (r: TRiskRule) => <RuleEnabledSwitch rule={r} />,
    },
    { key: 'createdBy', label: 'risk.fields.createdBy', width: 140, priority: 3 },
    {
      key: 'createdAt',
      label: 'risk.fields.createdAt',
      width: 180,
      format: 'datetime',
      sortable: true,
      priority: 3,
    },
  ],
  search: [
    { type: 'text', prop: 'name', label: 'risk.fields.name', basic: true },
    {
      type: 'select',
      prop: 'enabled',
      label: 'risk.fields.enabled',
      options: ({ t }) => [
        { value: 'true', label: t('risk.enabledOptions.yes') },
        { value: 'false', label: t('risk.enabledOptions.no') },
      ],
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'risk.create',
      permission: 'CreateRule',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
  ],
  rowActions: [
    { key: 'edit', label: 'risk.edit', permission: 'EditRule', dialog: 'form' },
    { key: 'factors', label: 'risk.setFactors', permission: 'SetFactors', to: factorPath },
    {
      key: 'delete',
      label: 'risk.delete',
      permission: 'DeleteRule',
      danger: true,
      confirm: (r, { t }) => t('risk.confirmDelete', { name: r.name }),
      run: (r) => call(api.risk.remove, { id: r.id }),
      success: 'risk.deleted',
    },
  ],
  dialogs: { form: RuleFormDialog },
});

/** The enterprise's risk areas: country, province|All, city|All, optional company and project. */
export const riskAreaResource = defineResource({
  name: 'rule/list/areas',
  endpoint: api.risk.areaPage,
  keys: riskAreaKeys,
  rowKey: 'id',
  columns: [
    {
      key: 'country',
      label: 'risk.fields.country',
      width: 140,
      priority: 1,
      render: (r: TRiskArea, { t, lang }) => placeText(r, lang, t).split(' / ')[0],
    },
    {
      key: 'province',
      label: 'risk.fields.province',
      width: 180,
      priority: 1,
      render: (r: TRiskArea, { t, lang }) => placeText(r, lang, t).split(' / ')[1],
    },
    {
      key: 'city',
      label: 'risk.fields.city',
      width: 180,
      priority: 1,
      render: (r: TRiskArea, { t, lang }) => placeText(r, lang, t).split(' / ')[2],
    },
    {
      key: 'company',
      label: 'risk.fields.company',
      width: 220,
      render: (r: TRiskArea, { t }) =>
        r.company ? userValue(r.company.name || r.company.usci) : t('risk.area.anyCompany'),
    },
    {
      key: 'projectCode',
      label: 'risk.fields.project',
      width: 160,
      render: (r: TRiskArea, { t }) => (r.projectCode ? userValue(r.projectCode) : t('risk.area.anyProject')),
    },
    { key: 'createdAt', label: 'risk.fields.createdAt', width: 180, format: 'datetime', sortable: true },
  ],
  search: [
    {
      type: 'select',
      prop: 'country',
      label: 'risk.fields.country',
      options: ({ lang }) => COUNTRIES.map((c) => ({ value: c.value, label: placeLabel(c, lang) })),
    },
  ],
  toolbar: [
    {
      key: 'create',
      label: 'risk.area.create',
      permission: 'CreateRule',
      primary: true,
      icon: <PlusOutlined />,
      dialog: 'form',
    },
  ],
  rowActions: [
    { key: 'edit', label: 'risk.edit', permission: 'EditRule', dialog: 'form' },
    {
      key: 'delete',
      label: 'risk.delete',
      permission: 'DeleteRule',
      danger: true,
      confirm: (r, { t, lang }) => t('risk.area.confirmDelete', { place: placeText(r, lang, t) }),
      run: (r) => call(api.risk.areaRemove, { id: r.id }),
      success: 'risk.deleted',
    },
  ],
  dialogs: { form: AreaFormDialog },
});
