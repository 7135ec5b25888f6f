import { api } from '@tracehub/contract';
import { call } from '../../../api/client';
import { pickLangText } from '../../../i18n';
import { StatusBadge } from '../../../shared/StatusBadge';
import { defineResource } from '../../../shared/list/types';
import { MonoText, businessAttributeText, sceneText } from '../labels';
import { operatorKeys } from '../queries';
import { EnterpriseModulesDialog } from './EnterpriseModulesDialog';

const AUTOMAKER_ROLE = 1;

/**
 * Enterprises on the platform (operator end): search, status, enable/disable with confirmation, and the
 * modules the platform configures for each.
 */
export const enterpriseResource = defineResource({
  name: 'operator/enterprise',
  endpoint: api.operator.enterprisePage,
  keys: operatorKeys.enterprises,
  rowKey: 'enterpriseUuid',
  columns: [
    {
      key: 'name',
      label: 'operator.enterprise.fields.name',
      width: 260,
      sortable: true,
      render: (r, { lang }) => pickLangText(lang, r.name, r.englishName),
    },
    { key: 'usci', label: 'operator.enterprise.fields.usci', width: 200 },
    {
      key: 'status',
      label: 'operator.enterprise.fields.status',
      width: 110,
      render: (r, { t }) => (
        <StatusBadge colour={r.status === 'enabled' ? 'green' : 'grey'} testId="enterprise-status">
          {t(`operator.enterprise.status.${r.status}`)}
        </StatusBadge>
      ),
    },
    {
      key: 'role',
      label: 'operator.enterprise.fields.role',
      width: 110,
      render: (r, { t }) =>
        r.role === AUTOMAKER_ROLE
          ? t('operator.enterprise.role.automaker')
          : t('operator.enterprise.role.other'),
    },
    {
      key: 'businessAttribute',
      label: 'operator.enterprise.fields.businessAttribute',
      width: 140,
      render: (r, ctx) => businessAttributeText(r.businessAttribute, ctx),
    },
    {
      key: 'scene',
      label: 'operator.enterprise.fields.scene',
      width: 170,
      render: (r, ctx) => sceneText(r.scene, ctx),
    },
    { key: 'memberCount', label: 'operator.enterprise.fields.memberCount', width: 100, format: 'number' },
    {
      key: 'did',
      label: 'operator.enterprise.fields.did',
      width: 280,
      render: (r) => <MonoText text={r.did} />,
    },
    {
      key: 'certifiedAt',
      label: 'operator.enterprise.fields.certifiedAt',
      width: 180,
      format: 'datetime',
      sortable: true,
    },
  ],
  search: [
    { type: 'text', prop: 'name', label: 'operator.enterprise.fields.name', basic: true },
    { type: 'text', prop: 'usci', label: 'operator.enterprise.fields.usci', basic: true },
    {
      type: 'select',
      prop: 'status',
      label: 'operator.enterprise.fields.status',
      options: ({ t }) => [
        { value: 'enabled', label: t('operator.enterprise.status.enabled') },
        { value: 'disabled', label: t('operator.enterprise.status.disabled') },
      ],
    },
  ],
  rowActions: [
    { key: 'modules', label: 'operator.enterprise.actions.modules', dialog: 'modules' },
    {
      key: 'disable',
      label: 'operator.enterprise.actions.disable',
      danger: true,
      visible: (r) => r.status === 'enabled',
      confirm: (r, { t, lang }) =>
        t('operator.enterprise.confirmDisable', { name: pickLangText(lang, r.name, r.englishName) }),
      run: (r) =>
        call(api.operator.enterpriseUpdateStatus, { enterpriseUuid: r.enterpriseUuid, status: 'disabled' }),
      success: 'operator.enterprise.disabledDone',
    },
    {
      key: 'enable',
      label: 'operator.enterprise.actions.enable',
      visible: (r) => r.status === 'disabled',
      confirm: (r, { t, lang }) =>
        t('operator.enterprise.confirmEnable', { name: pickLangText(lang, r.name, r.englishName) }),
      run: (r) =>
        call(api.operator.enterpriseUpdateStatus, { enterpriseUuid: r.enterpriseUuid, status: 'enabled' }),
      success: 'operator.enterprise.enabledDone',
    },
  ],
  dialogs: { modules: EnterpriseModulesDialog },
});
