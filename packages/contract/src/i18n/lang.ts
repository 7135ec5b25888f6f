export const LANGS = ['zh', 'en'] as const;
export type TLang = (typeof LANGS)[number];
export const DEFAULT_LANG: TLang = 'zh';

/** A text in both languages. Every visible message of the contract is one of these. */
export type TBilingual = { zh: string; en: string };

/** Picks the language from an Accept-Language header or a cookie value; zh is the default. */
export function pickLang(header: string | undefined | null): TLang {
  if (!header) return DEFAULT_LANG;
  // Honour the first language tag the client lists; q-weights are ignored on purpose (the console sends one).
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : DEFAULT_LANG;
}

/** Replaces `{name}` placeholders. */
export function interpolate(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
