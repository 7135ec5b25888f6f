import { AVATAR_COLOURS, EXAMINE_STATUS, type TEnterpriseListItem, type TLang } from '@tracehub/contract';
import { pickLangText } from '../../i18n/text';

export type TEnterpriseStatus = 'pending' | 'rejected' | 'usable';

/** 0 pending, 2 rejected, anything else usable (spec 4). */
export function enterpriseStatus(item: Pick<TEnterpriseListItem, 'examineStatus'>): TEnterpriseStatus {
  if (item.examineStatus === EXAMINE_STATUS.pending) return 'pending';
  if (item.examineStatus === EXAMINE_STATUS.rejected) return 'rejected';
  return 'usable';
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
