import { sql } from 'drizzle-orm';
import {
  COUNTRIES,
  type TBilingual,
  type TCheckLevel,
  type TCheckOutcome,
  type TRiskFactorKind,
  type TRiskMatch,
} from '@tracehub/contract';
import { matchRisks, riskSetup, type RiskCounterparty } from '../../risk/public.ts';
import { docTypes, rowsOf } from './sql.ts';
import {
  BOTH,
  collect,
  instanceId,
  type CheckContext,
  type CheckDef,
  type CheckKind,
  type Decided,
  type CitedRecord,
} from './types.ts';

/*
 * The enterprise's risk rules and risk areas (issue 16 items 1 and 5) over the places and names the scope's
 * records give: one check per kind of factor for its suppliers (an area a rule watches, a risk area, a
 * company a rule names, a watch list, a risk project), and one each for the mines and smelters its source
 * tables name and the countries its certificates of origin state. A place that is not known, or known too
 * coarsely to tell (a site's country against an area of one province), is unknown, never a pass.
 */

type Subject = 'supplier' | 'site' | 'origin';

interface RiskCheck extends CheckDef {
  subject: Subject;
  /** The matches that flag (supplier checks: their factor kind). */
  factor: TRiskFactorKind | 'riskArea' | null;
}

function check(
  param: string,
  level: TCheckLevel,
  subject: Subject,
  factor: RiskCheck['factor'],
  name: TBilingual,
  description: TBilingual,
): RiskCheck {
  return {
    id: instanceId('risk', param),
    version: 1,
    level,
    name,
    description,
    appliesTo: BOTH,
    subject,
    factor,
  };
}

const CHECKS: readonly RiskCheck[] = [
  check(
    'watch-list',
    'fatal',
    'supplier',
    'watchList',
    { zh: '供应商列入风险清单', en: 'Supplier on a watch list' },
    {
      zh: '单据中的供应商不应列入启用的风险规则的清单（如实体清单），按名称或税号比对',
      en: 'The suppliers of the documents are on no watch list of an enabled risk rule (such as an entity list), by name or tax number',
    },
  ),
  check(
    'company',
    'urgent',
    'supplier',
    'company',
    { zh: '供应商为规则指定的风险企业', en: 'Supplier named by a risk rule' },
    {
      zh: '单据中的供应商不应是启用的风险规则所指定的企业',
      en: 'The suppliers of the documents are not companies an enabled risk rule names',
    },
  ),
  check(
    'area',
    'urgent',
    'supplier',
    'area',
    { zh: '供应商位于规则监控的地区', en: 'Supplier in an area a risk rule watches' },
    {
      zh: '单据中的供应商不应位于启用的风险规则的地区因子内',
      en: 'The suppliers of the documents are not located in an area factor of an enabled risk rule',
    },
  ),
  check(
    'risk-area',
    'urgent',
    'supplier',
    'riskArea',
    { zh: '供应商位于风险区域', en: 'Supplier located in a risk area' },
    {
      zh: '单据中的供应商不应位于企业设置的风险区域内',
      en: "The suppliers of the documents are not located in one of the enterprise's risk areas",
    },
  ),
  check(
    'project',
    'urgent',
    'supplier',
    'project',
    { zh: '供应商参与风险项目', en: 'Supplier of a risk project' },
    {
      zh: '为启用的风险规则所指定项目供货的供应商（经物料映射与产品）应受到关注',
      en: 'A supplier that supplies a project an enabled risk rule names (through its material mappings and products) is flagged',
    },
  ),
  check(
    'site',
    'urgent',
    'site',
    null,
    { zh: '矿山或冶炼厂位于风险区域', en: 'Mine or smelter in a risk area' },
    {
      zh: '来源表（D1-2、E1、E2）中的矿山与冶炼厂不应位于风险区域或规则监控的地区，也不应列入风险清单',
      en: 'The mines and smelters of the source tables (D1-2, E1, E2) are in no risk area or watched area, and on no watch list',
    },
  ),
  check(
    'origin-country',
    'urgent',
    'origin',
    null,
    { zh: '原产国属于风险区域', en: 'Country of origin in a risk area' },
    {
      zh: '原产地证明所写的原产国不应属于风险区域或规则监控的地区',
      en: 'The country a certificate of origin states is not a risk area or a watched area',
    },
  ),
];

/** The ISO code of a country as a record writes it (code, Chinese or English name); null when unknown. */
export function countryCode(text: unknown): string | null {
  const t = String(text ?? '')
    .trim()
    .toLowerCase();
  if (!t) return null;
  return COUNTRIES.find((c) => [c.value, c.zh, c.en].some((v) => v.toLowerCase() === t))?.value ?? null;
}

interface Party {
  key: string;
  subject: string;
  label: string;
  cited: CitedRecord[];
  cp: RiskCounterparty;
  /** The company whose data it is (a settled supplier). */
  companyUuid?: string;
}

/** The scope's suppliers: their company's place, tax number and the projects they supply. */
async function suppliers(ctx: CheckContext): Promise<Party[]> {
  const rows = await rowsOf<{
    id: number;
    code: string;
    name: string;
    usci: string;
    ent: string | null;
    projects: string[];
    docs: { id: number; type: number; bill: string }[];
  }>(
    ctx.tx,
    sql`select p.id, p.code, p.name, p.usci, p.partner_enterprise_uuid as ent,
          coalesce((select array_agg(distinct pc.code) from material_relations r
            join product_materials pm on pm.material_id = r.material_id
            join products pr on pr.id = pm.product_id join project_codes pc on pc.id = pr.project_code_id
            where r.direction = 'supplier' and r.partner_id = p.id), '{}') as projects,
          coalesce(jsonb_path_query_array(jsonb_agg(jsonb_build_object('id', d.id, 'type', d.doc_type, 'bill', d.bill_no)
            order by d.biz_time, d.id), '$[0 to 4]'), '[]') as docs
        from ${ctx.scope.docs} d join partners p on p.id = d.partner_id and p.partner_type = 'supplier'
        where d.in_scope group by p.id, p.code, p.name, p.usci, p.partner_enterprise_uuid`,
  );
  const uscis = rows.map((r) => r.usci);
  const places = uscis.length
    ? await rowsOf<{ usci: string; country: string | null; province: string | null; city: string | null }>(
        ctx.tx,
        sql`select usci, country, province, city from tracehub_enterprise_places(${sql.param(uscis)}::text[])`,
      )
    : [];
  const placeOf = new Map(places.map((p) => [p.usci, p]));
  return rows.map((r) => {
    const place = placeOf.get(r.usci);
    return {
      key: `partner:${r.id}`,
      subject: `risk:${r.id}`,
      label: r.code,
      cited: [
        { type: 'partner', id: Number(r.id), label: r.code },
        ...r.docs.map((d) => ({ type: String(d.type), id: Number(d.id), label: d.bill })),
      ],
      cp: {
        enterpriseUuid: `partner:${r.id}`,
        name: r.name,
        taxNumber: r.usci,
        country: place?.country ?? null,
        province: place?.province ?? null,
        city: place?.city ?? null,
        projectNumbers: r.projects,
      },
      ...(r.ent ? { companyUuid: r.ent } : {}),
    };
  });
}

/** The scope's records that state a place of their own: source sites, or certificates' countries. */
async function places(ctx: CheckContext, subject: 'site' | 'origin'): Promise<Party[]> {
  const site = subject === 'site';
  const rows = await rowsOf<{ id: number; type: number; bill: string; name: string; country: string | null }>(
    ctx.tx,
    site
      ? sql`select d.id, d.doc_type as type, d.bill_no as bill, coalesce(d.extra ->> 'siteName', '') as name,
              d.extra ->> 'siteCountry' as country
            from ${ctx.scope.docs} d
            where d.in_scope and d.doc_type = any(${docTypes('InternalD12', 'InternalE1', 'InternalE2')})`
      : sql`select d.id, d.doc_type as type, d.bill_no as bill, '' as name, d.extra ->> 'originCountry' as country
            from ${ctx.scope.docs} d
            where d.in_scope and d.doc_type = any(${docTypes('PurchaseOrigin', 'SaleOrigin')})`,
  );
  return rows.map((r) => ({
    key: `${subject}:${r.id}`,
    subject: `${subject}:${r.type}/${r.bill}/${r.id}`,
    label: r.name || r.bill,
    cited: [{ type: String(r.type), id: Number(r.id), label: r.bill }],
    cp: {
      enterpriseUuid: `${subject}:${r.id}`,
      name: r.name,
      taxNumber: '',
      country: countryCode(r.country),
      province: null,
      city: null,
    },
  }));
}

const flaggedBy = (m: TRiskMatch, c: RiskCheck) => c.factor === null || m.factorKind === c.factor;

export const riskKind: CheckKind<RiskCheck> = {
  id: 'risk',
  name: { zh: '风险规则与风险区域', en: 'Risk rules and areas' },
  description: {
    zh: '启用的风险规则与风险区域对供应商、矿山冶炼厂和原产国的判断',
    en: 'The enabled risk rules and the risk areas applied to suppliers, mines and smelters, and countries of origin',
  },
  checks: CHECKS,
  async run(ctx, chosen) {
    const setup = await riskSetup(ctx.tx, ctx.enterpriseUuid);
    const results: Decided[] = [];
    const parties = new Map<Subject, Party[]>();
    for (const subject of new Set(chosen.map((c) => c.subject)))
      parties.set(subject, subject === 'supplier' ? await suppliers(ctx) : await places(ctx, subject));
    // What can flag a place: the enabled rules' area factors, the risk areas.
    const ruleAreas = setup.rules.flatMap((r) =>
      r.factors.flatMap((f) => (f.kind === 'area' ? [f.place] : [])),
    );
    const placesOf = (c: RiskCheck) =>
      c.factor === 'area'
        ? ruleAreas
        : c.factor === 'riskArea'
          ? setup.areas
          : c.factor === null
            ? [...ruleAreas, ...setup.areas]
            : [];
    for (const c of chosen) {
      const list = parties.get(c.subject) ?? [];
      const matches = matchRisks(
        setup.rules,
        setup.areas,
        list.map((p) => p.cp),
      ).filter((m) => flaggedBy(m, c));
      const byParty = new Map<string, TRiskMatch>();
      for (const m of matches) if (!byParty.has(m.counterpartyUuid)) byParty.set(m.counterpartyUuid, m);
      // A place is unknown when something could flag it: no country, or no province against a province's area.
      const relevant = placesOf(c);
      for (const p of list) {
        const hit = byParty.get(p.key);
        const undecided =
          relevant.length > 0 &&
          (!p.cp.country ||
            (!p.cp.province &&
              relevant.some((r) => r.country.trim().toUpperCase() === p.cp.country && r.province)));
        const outcome: TCheckOutcome = hit ? 'fail' : undecided ? 'unknown' : 'pass';
        results.push({
          checkId: c.id,
          subject: p.subject,
          outcome,
          ...(p.companyUuid ? { companyUuid: p.companyUuid } : {}),
          cited: p.cited,
          message: hit
            ? { zh: `${p.label}：${hit.reason.zh}`, en: `${p.label}: ${hit.reason.en}` }
            : c.subject === 'supplier'
              ? {
                  zh: `供应商 ${p.label} 的所在地未知（未入驻平台或未填写地址）`,
                  en: `The location of supplier ${p.label} is unknown (not on the platform, or no address)`,
                }
              : {
                  zh: `${p.label} 的所在地不足以判断是否属于风险区域（国家未知或风险区域细化到省）`,
                  en: `The place of ${p.label} is not known well enough to tell (no known country, or a risk area of one province)`,
                },
        });
      }
    }
    return collect(ctx, chosen, results);
  },
};
