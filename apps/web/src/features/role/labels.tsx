import type { TFunction } from 'i18next';
import type { TRole } from '@tracehub/contract';

/** Data permission (spec 6): all company data, or the data of the member's own account. */
export function dataScopeLabel(scope: TRole['dataScope'], t: TFunction): string {
  return t(scope === 'company' ? 'account.dataScope.company' : 'account.dataScope.account');
}
