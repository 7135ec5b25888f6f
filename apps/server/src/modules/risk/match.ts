import {
  countryLabel,
  regionLabel,
  type TBilingual,
  type TRiskFactor,
  type TRiskMatch,
  type TRiskMonitorKind,
  type TRiskPlace,
} from '@tracehub/contract';

/** A counterparty as the troubleshooting and daily-monitoring work knows it (its address from its company). */
export interface RiskCounterparty {
  enterpriseUuid: string;
  name: string;
  /** The USCI of a Chinese company, or another tax number. */
  taxNumber: string;
  /** ISO 3166-1 alpha-2 code, as addresses store it ('CN'). */
  country: string | null;
  /** Chinese names as addresses store them ('新疆维吾尔自治区'); null or '' when unknown. */
  province: string | null;
  city: string | null;
  /** The enterprise's project codes the counterparty supplies; absent: none known. */
  projectNumbers?: readonly string[];
}

export interface ActiveRule {
  id: number;
  name: string;
  monitorKind: TRiskMonitorKind;
  monitorPartners: readonly { usci: string }[];
  monitorProjects: readonly string[];
  factors: readonly TRiskFactor[];
}

export interface ActiveArea {
  id: number;
  country: string;
  province: string | null;
  city: string | null;
  companyUsci: string | null;
  projectCode: string | null;
}

/** Codes and tax numbers compare without case or surrounding blanks. */
const key = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();
/** Entity names compare by their letters and digits only (case, width, punctuation and spaces aside). */
const nameKey = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

function placeMatches(place: TRiskPlace, cp: RiskCounterparty): boolean {
  if (!cp.country || key(place.country) !== key(cp.country)) return false;
  if (place.province && place.province.trim() !== (cp.province ?? '').trim()) return false;
  if (place.city && place.city.trim() !== (cp.city ?? '').trim()) return false;
  return true;
}

/** "China / Xinjiang / All" in both languages. */
export function placeText(place: TRiskPlace): TBilingual {
  const text = (lang: 'zh' | 'en') =>
    [
      countryLabel(place.country.trim().toUpperCase(), lang),
      place.province ? regionLabel(place.province, lang) : lang === 'zh' ? '全部' : 'All',
      place.city ? regionLabel(place.city, lang) : lang === 'zh' ? '全部' : 'All',
    ].join(' / ');
  return { zh: text('zh'), en: text('en') };
}

const inProjects = (cp: RiskCounterparty, codes: readonly string[]) => {
  const own = new Set((cp.projectNumbers ?? []).map(key));
  return codes.some((c) => own.has(key(c)));
};

function monitors(rule: ActiveRule, cp: RiskCounterparty): boolean {
  switch (rule.monitorKind) {
    case 'suppliers':
      return true;
    case 'partners':
      return rule.monitorPartners.some((p) => key(p.usci) === key(cp.taxNumber));
    case 'projects':
      return inProjects(cp, rule.monitorProjects);
  }
}

/** Why the factor flags the counterparty, or null when it does not. */
function factorReason(f: TRiskFactor, cp: RiskCounterparty): TBilingual | null {
  switch (f.kind) {
    case 'area': {
      if (!placeMatches(f.place, cp)) return null;
      const p = placeText(f.place);
      return { zh: `所在地区属于规则的地区因子 ${p.zh}`, en: `Located in ${p.en}, an area the rule watches` };
    }
    case 'company':
      if (!cp.taxNumber || key(f.company.usci) !== key(cp.taxNumber)) return null;
      return {
        zh: `为规则指定的风险企业（${f.company.usci}）`,
        en: `A company the rule names (${f.company.usci})`,
      };
    case 'project':
      if (!inProjects(cp, [f.projectCode])) return null;
      return { zh: `参与风险项目 ${f.projectCode}`, en: `Supplies the risk project ${f.projectCode}` };
    case 'watchList': {
      const cpName = nameKey(cp.name);
      const entry = f.entries.find(
        (e) =>
          (e.taxNumber !== '' && cp.taxNumber !== '' && key(e.taxNumber) === key(cp.taxNumber)) ||
          (e.name !== '' && cpName !== '' && nameKey(e.name) === cpName),
      );
      if (!entry) return null;
      const what = entry.name || entry.taxNumber;
      return {
        zh: `列入清单「${f.listName}」（截至 ${f.asOf}）：${what}`,
        en: `Listed on "${f.listName}" (as of ${f.asOf}): ${what}`,
      };
    }
  }
}

/**
 * The counterparties the enabled rules and the risk areas flag: one match per rule factor (or area) that
 * a counterparty meets. A rule only looks at the counterparties it monitors; an area at the counterparties
 * of its company and project scope, when it has one. Province and city null (All) match any.
 */
export function matchRisks(
  rules: readonly ActiveRule[],
  areas: readonly ActiveArea[],
  counterparties: readonly RiskCounterparty[],
): TRiskMatch[] {
  const matches: TRiskMatch[] = [];
  for (const cp of counterparties) {
    for (const rule of rules) {
      if (!monitors(rule, cp)) continue;
      for (const factor of rule.factors) {
        const reason = factorReason(factor, cp);
        if (reason)
          matches.push({
            ruleId: rule.id,
            ruleName: rule.name,
            factorKind: factor.kind,
            counterpartyUuid: cp.enterpriseUuid,
            reason,
          });
      }
    }
    for (const area of areas) {
      if (area.companyUsci && key(area.companyUsci) !== key(cp.taxNumber)) continue;
      if (area.projectCode && !inProjects(cp, [area.projectCode])) continue;
      const place = { country: area.country, province: area.province, city: area.city };
      if (!placeMatches(place, cp)) continue;
      const p = placeText(place);
      matches.push({
        ruleId: null,
        ruleName: null,
        factorKind: 'riskArea',
        counterpartyUuid: cp.enterpriseUuid,
        reason: { zh: `所在地区属于风险区域 ${p.zh}`, en: `Located in the risk area ${p.en}` },
      });
    }
  }
  return matches;
}
