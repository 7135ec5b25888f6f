import { api, type TInput } from '@tracehub/contract';
import { call } from '../../api/client';
import { pickLangText } from '../../i18n';
import { remoteOptions } from '../../shared/options';

/** Query keys of roles: mutations invalidate `all`. */
export const roleKeys = {
  all: ['role'] as const,
  list: (request: TInput<typeof api.role.page>) => [...roleKeys.all, 'list', request] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
  options: () => [...roleKeys.all, 'options'] as const,
  menuTree: () => [...roleKeys.all, 'menuTree'] as const,
};

/** Enabled roles to give a member (add, edit, approve an application). */
export const roleOptions = remoteOptions(
  roleKeys.options(),
  () => call(api.role.options, {}),
  (role, { lang }) => ({ value: role.id, label: pickLangText(lang, role.name, role.nameEn) }),
);
