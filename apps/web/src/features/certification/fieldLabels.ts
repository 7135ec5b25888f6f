import type { TFunction } from 'i18next';
import { identify } from '../../i18n/locales/zh/identify';

export type TCompanyFieldKey = keyof typeof identify.form.fields;

function isFieldKey(key: string): key is TCompanyFieldKey {
  return Object.prototype.hasOwnProperty.call(identify.form.fields, key);
}

/** The visible label of a company-form field, from the last segment of its path. */
export function companyFieldLabel(t: TFunction, path: readonly PropertyKey[]): string {
  const last = String(path.at(-1) ?? '');
  return isFieldKey(last) ? t(`identify.form.fields.${last}`) : last;
}
