import {
  AVATAR_COLOURS,
  EXAMINE_STATUS,
  type TEnterpriseListItem,
  type TLang,
  type TLoginStep,
} from '@tracehub/contract';
import { pickLangText } from '../../i18n/text';

export type TEnterpriseStatus = 'pending' | 'rejected' | 'usable';

/** 0 pending, 2 rejected, anything else usable (spec 4). */
export function enterpriseStatus(item: Pick<TEnterpriseListItem, 'examineStatus'>): TEnterpriseStatus {
  if (item.examineStatus === EXAMINE_STATUS.pending) return 'pending';
  if (item.examineStatus === EXAMINE_STATUS.rejected) return 'rejected';
  return 'usable';
}

/**
 * The enterprise a sign-in enters without asking: the account's only link, when it is usable. With a pending
 * or rejected application beside it, or a password still to set, the dialog shows so the user can act on it.
 */
export function soleUsableEnterprise(step: TLoginStep): string | null {
  if (step.mustChangePassword || step.enterprises.length !== 1) return null;
  const only = step.enterprises[0];
  return only && enterpriseStatus(only) === 'usable' ? only.enterpriseUuid : null;
}

export function avatarColour(index: number): string {
  return AVATAR_COLOURS[index % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

const chineseShort = (item: TEnterpriseListItem) =>
  Array.from(item.chineseNameShorter || item.enterpriseName)
    .slice(0, 4)
    .join('');
const englishShort = (item: TEnterpriseListItem) => {
  const first = Array.from((item.englishNameShorter || item.enterpriseEnglishName || '').trim())[0];
  return first ? first.toUpperCase() : '';
};

/**
 * The avatar text (spec 2.5): the first 4 characters of the Chinese short or full name in Chinese, the
 * capitalised first letter of the English short or full name in English; each falls back to the other.
 */
export function avatarText(item: TEnterpriseListItem, lang: TLang): string {
  if (lang === 'en') return englishShort(item) || chineseShort(item);
  return chineseShort(item) || englishShort(item);
}

export function enterpriseDisplayName(item: TEnterpriseListItem, lang: TLang): string {
  return pickLangText(lang, item.enterpriseName, item.enterpriseEnglishName);
}
