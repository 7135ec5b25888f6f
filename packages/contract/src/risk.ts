import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Risk rules and risk areas (spec 2.2 /rule/list and /rule/Factor, 3 "Risk rule", "Risk area", 4 "a rule can
 * be enabled only after its factors are set", 5 "country required, province and city may be All").
 *
 * A rule watches some of the enterprise's counterparties (its monitoring objects) and flags those that meet
 * any of its factors: a place (country, province|All, city|All), a partner enterprise, a project, or a dated
 * watch list of entity names and tax numbers (e.g. the UFLPA Entity List as of a date). A risk area is a
 * place on its own, optionally scoped to one partner or one project; the matcher (server modules/risk
 * public.ts) applies the enabled rules and every risk area.
 *
 * Places store what addresses store (regions.ts): the country's ISO code, the province's and city's Chinese
 * names; null means All.
 */

export const RISK_RULE_NAME_MAX = 50;
export const RISK_NOTES_MAX = 100;
export const RISK_MAX_FACTORS = 100;
export const RISK_MAX_MONITORED = 200;
export const RISK_WATCH_LIST_MAX_ENTRIES = 1000;

/** Which counterparties a rule watches: all direct suppliers, given partner enterprises, given projects. */
export const RISK_MONITOR_KINDS = ['suppliers', 'partners', 'projects'] as const;
export type TRiskMonitorKind = (typeof RISK_MONITOR_KINDS)[number];
export const RISK_FACTOR_KINDS = ['area', 'company', 'project', 'watchList'] as const;
export type TRiskFactorKind = (typeof RISK_FACTOR_KINDS)[number];

const zOptionalPlace = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** Country (required), province and city (null: All; a city needs its province). */
export const ZRiskPlace = z
  .object({
    country: z.string().trim().min(1, 'v.address.country').max(10),
    province: zOptionalPlace(50),
    city: zOptionalPlace(50),
  })
  .refine((p) => !(p.city && !p.province), { error: 'v.risk.cityWithoutProvince', path: ['city'] });
export type TRiskPlace = z.infer<typeof ZRiskPlace>;

/** A partner enterprise as a rule names it: its USCI (the key) and its name when chosen (shown). */
export const ZRiskCompany = z.object({
  usci: z.string().trim().min(1).max(50),
  name: z.string().trim().max(100).default(''),
});
export type TRiskCompany = z.infer<typeof ZRiskCompany>;

const zProjectCode = z.string().trim().min(1).max(50);
const zDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date.format')
  .refine((s) => new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), { error: 'v.date.format' });

export const ZWatchListEntry = z
  .object({
    name: z.string().trim().max(200).default(''),
    taxNumber: z.string().trim().max(50).default(''),
  })
  .refine((e) => e.name !== '' || e.taxNumber !== '', { error: 'v.risk.watchListEntry' });

export const ZRiskFactor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('area'), place: ZRiskPlace }),
  z.object({ kind: z.literal('company'), company: ZRiskCompany }),
  z.object({ kind: z.literal('project'), projectCode: zProjectCode }),
  z.object({
    kind: z.literal('watchList'),
    listName: z.string().trim().min(1).max(100),
    /** The date the list is as of (its edition). */
    asOf: zDate,
    entries: z.array(ZWatchListEntry).min(1).max(RISK_WATCH_LIST_MAX_ENTRIES),
  }),
]);
export type TRiskFactor = z.infer<typeof ZRiskFactor>;
export type TRiskFactorInput = z.input<typeof ZRiskFactor>;

/** A stored factor as answers show it (plain shapes: a response schema carries no transforms). */
const ZPlaceItem = z.object({
  country: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
});
export const ZRiskFactorItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('area'), place: ZPlaceItem }),
  z.object({ kind: z.literal('company'), company: z.object({ usci: z.string(), name: z.string() }) }),
  z.object({ kind: z.literal('project'), projectCode: z.string() }),
  z.object({
    kind: z.literal('watchList'),
    listName: z.string(),
    asOf: z.string(),
    entries: z.array(z.object({ name: z.string(), taxNumber: z.string() })),
  }),
]);

export const ZRiskMonitor = z
  .object({
    kind: z.enum(RISK_MONITOR_KINDS),
    partners: z.array(ZRiskCompany).max(RISK_MAX_MONITORED).default([]),
    projects: z.array(zProjectCode).max(RISK_MAX_MONITORED).default([]),
  })
  .refine((m) => m.kind !== 'partners' || m.partners.length > 0, {
    error: 'v.risk.monitorPartners',
    path: ['partners'],
  })
  .refine((m) => m.kind !== 'projects' || m.projects.length > 0, {
    error: 'v.risk.monitorProjects',
    path: ['projects'],
  })
  // Only the chosen kind's list is kept.
  .transform((m) => ({
    kind: m.kind,
    partners: m.kind === 'partners' ? m.partners : [],
    projects: m.kind === 'projects' ? m.projects : [],
  }));
export type TRiskMonitor = z.infer<typeof ZRiskMonitor>;

export const ZRiskRule = z.object({
  id: z.number().int(),
  name: z.string(),
  notes: z.string(),
  monitor: z.object({
    kind: z.enum(RISK_MONITOR_KINDS),
    partners: z.array(z.object({ usci: z.string(), name: z.string() })),
    projects: z.array(z.string()),
  }),
  enabled: z.boolean(),
  factors: z.array(ZRiskFactorItem),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TRiskRule = z.infer<typeof ZRiskRule>;

export const ZRiskRuleCreate = z.object({
  name: z.string().trim().min(1).max(RISK_RULE_NAME_MAX),
  notes: z.string().trim().max(RISK_NOTES_MAX).optional().default(''),
  monitor: ZRiskMonitor,
});
export type TRiskRuleCreateInput = z.input<typeof ZRiskRuleCreate>;

export const ZRiskArea = z.object({
  id: z.number().int(),
  country: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** Only this partner's places are flagged (null: any counterparty's). */
  company: z.object({ usci: z.string(), name: z.string() }).nullable(),
  /** Only counterparties of this project are flagged (null: any). */
  projectCode: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TRiskArea = z.infer<typeof ZRiskArea>;

export const ZRiskAreaCreate = z.object({
  place: ZRiskPlace,
  company: ZRiskCompany.nullable().optional().default(null),
  projectCode: zProjectCode.nullable().optional().default(null),
});
export type TRiskAreaCreateInput = z.input<typeof ZRiskAreaCreate>;

/** What the rule and area dialogs offer: the enterprise's partner enterprises and project codes. */
export const ZRiskOptions = z.object({
  partners: z.array(z.object({ usci: z.string(), name: z.string(), nameEn: z.string() })),
  projects: z.array(z.string()),
});
export type TRiskOptions = z.infer<typeof ZRiskOptions>;

/** A counterparty flagged by a rule's factor or a risk area (ruleId null), with why in both languages. */
export interface TRiskMatch {
  ruleId: number | null;
  ruleName: string | null;
  factorKind: TRiskFactorKind | 'riskArea';
  counterpartyUuid: string;
  reason: TBilingual;
}

const ZId = z.object({ id: z.number().int() });
const common = { auth: 'enterprise', tag: 'risk' } as const;

export const riskEndpoints = {
  page: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/page',
    input: listRequest({
      name: z.string().trim().max(RISK_RULE_NAME_MAX).optional(),
      /** JSON booleans or the texts a URL carries ('true', 'false'). */
      enabled: z.union([z.boolean(), z.stringbool()]).optional(),
    }),
    output: ZListResponse(ZRiskRule),
    permission: 'RuleList',
    summary: "The enterprise's risk rules with their factors, newest first",
  }),
  detail: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/detail',
    input: ZId,
    output: ZRiskRule,
    permission: 'RuleList',
    summary: 'One risk rule with its factors',
  }),
  options: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/options',
    input: z.object({}),
    output: ZRiskOptions,
    permission: 'RuleList',
    summary: 'The partner enterprises and project codes a rule or a risk area may name',
  }),
  add: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/add',
    input: ZRiskRuleCreate,
    output: ZRiskRule,
    permission: 'CreateRule',
    summary: 'Create a risk rule (disabled, without factors)',
  }),
  update: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/update',
    input: ZRiskRuleCreate.extend(ZId.shape),
    output: ZRiskRule,
    permission: 'EditRule',
    summary: "Change a risk rule's name, notes and monitoring objects",
  }),
  setEnabled: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/setEnabled',
    input: ZId.extend({ enabled: z.boolean() }),
    output: ZRiskRule,
    permission: 'EditRule',
    summary: 'Enable or disable a risk rule; enabling needs its factors (B2101)',
  }),
  setFactors: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/setFactors',
    input: ZId.extend({ factors: z.array(ZRiskFactor).max(RISK_MAX_FACTORS) }),
    output: ZRiskRule,
    permission: 'SetFactors',
    summary: "Replace a risk rule's factors (an enabled rule keeps at least one, B2101)",
  }),
  remove: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/delete',
    input: ZId,
    output: z.null(),
    permission: 'DeleteRule',
    summary: 'Delete a disabled risk rule and its factors (an enabled one is refused, B2102)',
  }),
  areaPage: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/area/page',
    input: listRequest({ country: z.string().trim().max(10).optional() }),
    output: ZListResponse(ZRiskArea),
    permission: 'RuleList',
    summary: "The enterprise's risk areas, newest first",
  }),
  areaAdd: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/area/add',
    input: ZRiskAreaCreate,
    output: ZRiskArea,
    permission: 'CreateRule',
    summary: 'Create a risk area: country required, province and city may be All (null)',
  }),
  areaUpdate: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/area/update',
    input: ZRiskAreaCreate.extend(ZId.shape),
    output: ZRiskArea,
    permission: 'EditRule',
    summary: 'Change a risk area',
  }),
  areaRemove: endpoint({
    ...common,
    method: 'POST',
    path: '/rule/area/delete',
    input: ZId,
    output: z.null(),
    permission: 'DeleteRule',
    summary: 'Delete a risk area',
  }),
};
