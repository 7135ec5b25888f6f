import type { TLang } from '@tracehub/contract';

/** Picks the text of the current language, falling back to the other one when it is empty. */
export function pickLangText(
  lang: TLang,
  zhText: string | null | undefined,
  enText: string | null | undefined,
) {
  const [first, second] = lang === 'en' ? [enText, zhText] : [zhText, enText];
  return first || second || '';
}
