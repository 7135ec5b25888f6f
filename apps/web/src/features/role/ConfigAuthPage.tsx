import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, LIMITS } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText, useLang } from '../../i18n';
import { FormCard } from '../../shared/form/FormCard';
import type { TFormField } from '../../shared/form/types';
import { useLeavePage } from '../../shared/useLeavePage';
import { roleKeys } from './queries';
import { PermissionTreeInput } from './PermissionTree';
import { rolePaths } from './roleResource';
import { usePermissionNodes } from './useMenuTree';

const PAGE = 'account/role/configAuth';

/**
 * Function, data and project permissions of a role (spec 2.2 /account/role/configAuth/:id, spec 6): a
 * tree of modules, pages and operations from the menu, all company data or the account's own, and all
 * or selected projects.
 */
export default function ConfigAuthPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const leave = useLeavePage();
  const id = Number(useParams().id);
  const { nodes, isPending } = usePermissionNodes();
  const role = useQuery({
    queryKey: roleKeys.detail(id),
    queryFn: () => call(api.role.detail, { id }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const fields: TFormField[] = [
    {
      name: 'permissionCodes',
      label: 'account.role.config.functionCard',
      extra: 'account.role.config.functionHint',
      render: () => <PermissionTreeInput nodes={nodes} />,
    },
    {
      name: 'dataScope',
      label: 'account.role.config.dataCard',
      input: 'radio',
      options: ({ t: tr }) => [
        { value: 'company', label: tr('account.dataScope.company') },
        { value: 'account', label: tr('account.dataScope.account') },
      ],
    },
    {
      name: 'projectScope',
      label: 'account.role.config.projectCard',
      input: 'radio',
      options: ({ t: tr }) => [
        { value: 'all', label: tr('account.role.projectScope.all') },
        { value: 'selected', label: tr('account.role.projectScope.selected') },
      ],
    },
    {
      name: 'projectCodes',
      label: 'account.role.config.projectCodes',
      input: 'tags',
      maxLength: LIMITS.projectNumberMax,
      placeholder: 'account.role.config.projectCodesPlaceholder',
      visible: (values) => values.projectScope === 'selected',
      dependencies: ['projectScope'],
    },
  ];
  const data = role.data;
  return (
    <FormCard
      title={data ? `${t('account.role.configAuth')} · ${pickLangText(lang, data.name, data.nameEn)}` : ''}
      fields={fields}
      schema={api.role.configAuth.input}
      base={{ id }}
      loading={!data || isPending}
      initialValues={
        data && {
          permissionCodes: data.permissionCodes,
          dataScope: data.dataScope,
          projectScope: data.projectScope,
          projectCodes: data.projectCodes,
        }
      }
      submit={(request) => call(api.role.configAuth, request)}
      success="account.role.config.saved"
      invalidates={roleKeys.all}
      onCancel={() => leave(PAGE, rolePaths.list)}
      onDone={() => leave(PAGE, rolePaths.list)}
      testId="config-auth-form"
      stickyButtons
      className="config-auth-card"
    />
  );
}
