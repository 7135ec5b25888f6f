import type { TLang, TUserInfo } from '@tracehub/contract';
import { pickLangText } from '../../i18n/text';

type TAccess = TUserInfo['access'];

/** The member's role names in the language shown, joined as that language lists them. */
export function roleNamesText(access: TAccess, lang: TLang): string {
  const names = access.roleNames.map((r) => pickLangText(lang, r.name, r.nameEn));
  return names.join(lang === 'zh' ? '、' : ', ');
}

/** The enterprise administrator as a person to contact: name and e-mail. */
export function administratorText(access: TAccess, lang: TLang): string | null {
  const admin = access.administrator;
  if (!admin) return null;
  const name = pickLangText(lang, admin.chineseName, admin.englishName) || admin.username;
  return `${name} (${admin.email})`;
}
