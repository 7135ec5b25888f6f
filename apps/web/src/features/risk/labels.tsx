import type { TFunction } from 'i18next';
import { countryLabel, regionLabel, type TLang, type TRiskFactor, type TRiskRule } from '@tracehub/contract';

/** "China / Xinjiang / All": a place with All for a null province or city. */
export function placeText(
  place: { country: string; province: string | null; city: string | null },
  lang: TLang,
  t: TFunction,
): string {
  return [
    countryLabel(place.country, lang),
    place.province ? regionLabel(place.province, lang) : t('risk.all'),
    place.city ? regionLabel(place.city, lang) : t('risk.all'),
  ].join(' / ');
}

/** One factor in a few words: its kind and what it names. */
export function factorText(f: TRiskFactor, lang: TLang, t: TFunction): string {
  const kind = t(`risk.factorKinds.${f.kind}`);
  switch (f.kind) {
    case 'area':
      return `${kind}: ${placeText(f.place, lang, t)}`;
    case 'company':
      return `${kind}: ${f.company.name || f.company.usci}`;
    case 'project':
      return `${kind}: ${f.projectCode}`;
    case 'watchList':
      return `${kind}: ${f.listName} (${f.asOf}, ${t('risk.factor.entriesCount', { count: f.entries.length })})`;
  }
}

export function monitorText(rule: TRiskRule, t: TFunction): string {
  const kind = t(`risk.monitorKinds.${rule.monitor.kind}`);
  if (rule.monitor.kind === 'partners')
    return `${kind}: ${rule.monitor.partners.map((p) => p.name || p.usci).join(', ')}`;
  if (rule.monitor.kind === 'projects') return `${kind}: ${rule.monitor.projects.join(', ')}`;
  return kind;
}
