import type { TUserInfo } from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';

/**
 * The two checks of a first load's user info (spec 5 "Session checks"): an empty answer, or one that names
 * no role, ends the session with its message ('Verification failed, please Login again.', 'getInfo: roles
 * must be a non-null array!'); null when the answer will do. A failed call is no answer to check: the
 * console goes on without it (spec 8).
 */
export function sessionProblem(info: TUserInfo | null | undefined): TI18nKey | null {
  if (!info || typeof info !== 'object') return 'common.sessionCheck.empty';
  if (!Array.isArray(info.roles) || info.roles.length === 0) return 'common.sessionCheck.roles';
  return null;
}
