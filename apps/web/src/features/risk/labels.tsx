import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { countryLabel, regionLabel, type TLang, type TRiskFactor, type TRiskRule } from '@tracehub/contract';

/**
 * What a member typed (names, notes, codes): shown as typed in every language. In a fragment, so that a
 * list cell does not copy it into its title attribute (antd's ellipsis reads a lone element's text).
 */
export const userValue = (text: string): ReactNode => (
  <>
    <span data-user-value>{text}</span>
  </>
);

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

/** The factor's value in words (a plain text, for confirmations and titles). */
export function factorValueText(f: TRiskFactor, lang: TLang, t: TFunction): string {
  switch (f.kind) {
    case 'area':
      return placeText(f.place, lang, t);
    case 'company':
      return f.company.name || f.company.usci;
    case 'project':
      return f.projectCode;
    case 'watchList':
      return f.listName;
  }
}

/** One factor in a few words: its kind, what it names (as typed) and a watch list's date and size. */
export function factorNode(f: TRiskFactor, lang: TLang, t: TFunction): ReactNode {
  const kind = t(`risk.factorKinds.${f.kind}`);
  const value = factorValueText(f, lang, t);
  return (
    <>
      {kind}
      {t('risk.colon')}
      {f.kind === 'area' ? value : userValue(value)}
      {f.kind === 'watchList' ? t('risk.factor.listMeta', { asOf: f.asOf, count: f.entries.length }) : ''}
    </>
  );
}

export function factorsNode(rule: TRiskRule, lang: TLang, t: TFunction): ReactNode {
  if (rule.factors.length === 0) return t('risk.none');
  // One factor a line, wrapped within the column: a watch list's name and date can be long.
  return (
    <div style={{ whiteSpace: 'normal' }}>
      {rule.factors.map((f, i) => (
        <div key={i}>{factorNode(f, lang, t)}</div>
      ))}
    </div>
  );
}

export function monitorNode(rule: TRiskRule, t: TFunction): ReactNode {
  const kind = `${t(`risk.monitorKinds.${rule.monitor.kind}`)}${t('risk.colon')}`;
  if (rule.monitor.kind === 'partners')
    return (
      <>
        {kind}
        {userValue(rule.monitor.partners.map((p) => p.name || p.usci).join(', '))}
      </>
    );
  if (rule.monitor.kind === 'projects')
    return (
      <>
        {kind}
        {userValue(rule.monitor.projects.join(', '))}
      </>
    );
  return t(`risk.monitorKinds.${rule.monitor.kind}`);
}
