import type { TBilingual, TLang } from './lang.ts';

/**
 * The units of measure users pick or type most (documents, materials, products), in both languages. A unit
 * is stored as typed; one of these shows in the reader's language, any other as typed (user data).
 */
export const UNITS: readonly TBilingual[] = [
  { zh: '件', en: 'pcs' },
  { zh: '个', en: 'pcs' },
  { zh: '辆', en: 'vehicles' },
  { zh: '台', en: 'units' },
  { zh: '套', en: 'sets' },
  { zh: '吨', en: 't' },
  { zh: '千克', en: 'kg' },
  { zh: '公斤', en: 'kg' },
  { zh: '克', en: 'g' },
  { zh: '米', en: 'm' },
  { zh: '升', en: 'L' },
  { zh: '箱', en: 'boxes' },
  { zh: '包', en: 'packs' },
  { zh: '卷', en: 'rolls' },
  { zh: '千瓦时', en: 'kWh' },
];

const BY_NAME = new Map<string, TBilingual>();
for (const u of UNITS) {
  if (!BY_NAME.has(u.zh)) BY_NAME.set(u.zh, u);
  if (!BY_NAME.has(u.en.toLowerCase())) BY_NAME.set(u.en.toLowerCase(), u);
}

/** A stored unit in a language: a known unit by its name there, any other as it was typed. */
export function unitLabel(value: string | null | undefined, lang: TLang): string {
  if (!value) return '';
  const unit = BY_NAME.get(value.trim()) ?? BY_NAME.get(value.trim().toLowerCase());
  return unit ? unit[lang] : value;
}
