import { LIMITS } from '@tracehub/contract';
import type { TFormField } from '../../shared/form/types';
import { roleOptions } from '../role/queries';

/** The names and roles every member form has (add, edit). */
export const memberProfileFields: readonly TFormField[] = [
  { name: 'chineseName', label: 'account.member.fields.chineseName', maxLength: 50 },
  { name: 'englishName', label: 'account.member.fields.englishName', maxLength: 100 },
  {
    name: 'roleIds',
    label: 'account.member.fields.roles',
    input: 'select',
    multiple: true,
    maxCount: LIMITS.rolesPerMember,
    options: roleOptions,
    extra: 'account.member.rolesHint',
  },
];

export const addMemberFields: readonly TFormField[] = [
  { name: 'username', label: 'account.member.fields.username', maxLength: LIMITS.usernameMax },
  { name: 'email', label: 'account.member.fields.email', maxLength: LIMITS.emailMax },
  ...memberProfileFields,
];
