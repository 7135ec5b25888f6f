import { and, asc, eq } from 'drizzle-orm';
import type { TParsed, TRiskArea, TRiskOptions, TRiskRule, api } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { projectCodes, riskAreas, riskRules } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { partnerChoices } from '../partner/public.ts';
import {
  areaColumns,
  areaCreatorJoin,
  factorsOf,
  findArea,
  findRule,
  ruleColumns,
  ruleCreatorJoin,
  toRiskArea,
  toRiskRule,
  writeFactors,
  type AreaRow,
  type RuleRow,
} from './repo.ts';

type Input<K extends keyof typeof api.risk> = TParsed<(typeof api.risk)[K]>;

const NAME_TAKEN = { risk_rules_enterprise_name_uq: 'RISK_RULE_EXISTS' } as const;
/** How many partners and project codes the dialogs offer. */
const OPTIONS_LIMIT = 500;

export async function pageRules(db: Db, tenant: TenantContext, req: Input<'page'>) {
  const { list, total } = await runListQuery(db, {
    table: riskRules,
    joins: [ruleCreatorJoin],
    select: ruleColumns,
    tenantColumn: riskRules.enterpriseUuid,
    tenant,
    where: [filters.contains(riskRules.name, req.name), filters.eq(riskRules.enabled, req.enabled)],
    sortable: { name: riskRules.name, createdAt: riskRules.createdAt, updatedAt: riskRules.updatedAt },
    defaultSort: { column: riskRules.createdAt, order: 'desc' },
    tieBreak: riskRules.id,
    page: req,
  });
  const rows = list as RuleRow[];
  const factors = await factorsOf(
    db,
    tenant,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toRiskRule(r, factors.get(r.id) ?? [])), total };
}

async function mustFindRule(db: Db, tenant: TenantContext, id: number, lock = false): Promise<RuleRow> {
  const row = await findRule(db, tenant, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function ruleDetail(db: Db, tenant: TenantContext, id: number): Promise<TRiskRule> {
  const row = await mustFindRule(db, tenant, id);
  return toRiskRule(row, (await factorsOf(db, tenant, [id])).get(id) ?? []);
}

/** A new rule: disabled and without factors until they are set (spec 4). */
export async function addRule(db: Db, tenant: TenantContext, input: Input<'add'>): Promise<TRiskRule> {
  const [created] = await uniqueAsError(
    () =>
      db
        .insert(riskRules)
        .values({
          enterpriseUuid: tenant.enterpriseUuid,
          name: input.name,
          notes: input.notes,
          monitorKind: input.monitor.kind,
          monitorPartners: input.monitor.partners,
          monitorProjects: input.monitor.projects,
          createdBy: tenant.userId,
        })
        .returning({ id: riskRules.id }),
    NAME_TAKEN,
  );
  return ruleDetail(db, tenant, created!.id);
}

export async function updateRule(db: Db, tenant: TenantContext, input: Input<'update'>): Promise<TRiskRule> {
  await mustFindRule(db, tenant, input.id, true);
  await uniqueAsError(
    () =>
      db
        .update(riskRules)
        .set({
          name: input.name,
          notes: input.notes,
          monitorKind: input.monitor.kind,
          monitorPartners: input.monitor.partners,
          monitorProjects: input.monitor.projects,
          updatedAt: new Date(),
        })
        .where(and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.id, input.id))),
    NAME_TAKEN,
  );
  return ruleDetail(db, tenant, input.id);
}

/** Spec 4: enabling needs factors ("Please set factors before enabling this rule!"). */
export async function setRuleEnabled(
  db: Db,
  tenant: TenantContext,
  input: Input<'setEnabled'>,
): Promise<TRiskRule> {
  await mustFindRule(db, tenant, input.id, true);
  if (input.enabled) {
    const factors = (await factorsOf(db, tenant, [input.id])).get(input.id) ?? [];
    if (factors.length === 0) throw new AppError('RISK_FACTORS_REQUIRED');
  }
  await db
    .update(riskRules)
    .set({ enabled: input.enabled, updatedAt: new Date() })
    .where(and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.id, input.id)));
  return ruleDetail(db, tenant, input.id);
}

/** Replaces the factors; an enabled rule cannot be left without any (disable it first). */
export async function setRuleFactors(
  db: Db,
  tenant: TenantContext,
  input: Input<'setFactors'>,
): Promise<TRiskRule> {
  const rule = await mustFindRule(db, tenant, input.id, true);
  if (rule.enabled && input.factors.length === 0) throw new AppError('RISK_FACTORS_REQUIRED');
  await writeFactors(db, tenant, input.id, input.factors);
  await db
    .update(riskRules)
    .set({ updatedAt: new Date() })
    .where(and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.id, input.id)));
  return ruleDetail(db, tenant, input.id);
}

/**
 * Deletes a rule with its factors. An enabled rule is refused (B2102): the daily monitoring may be applying
 * it, so it is disabled first, on purpose.
 */
export async function removeRule(db: Db, tenant: TenantContext, id: number): Promise<null> {
  const rule = await mustFindRule(db, tenant, id, true);
  if (rule.enabled) throw new AppError('RISK_RULE_ENABLED');
  await db
    .delete(riskRules)
    .where(and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.id, id)));
  return null;
}

/** The partner enterprises (suppliers and clients, by USCI) and the project codes a rule or area may name. */
export async function riskOptions(db: Db, tenant: TenantContext): Promise<TRiskOptions> {
  const suppliers = await partnerChoices(db, tenant, 'supplier', undefined, OPTIONS_LIMIT);
  const clients = await partnerChoices(db, tenant, 'client', undefined, OPTIONS_LIMIT);
  const byUsci = new Map<string, TRiskOptions['partners'][number]>();
  for (const p of [...suppliers, ...clients])
    if (!byUsci.has(p.usci)) byUsci.set(p.usci, { usci: p.usci, name: p.name, nameEn: p.nameEn });
  const projects = await db
    .select({ code: projectCodes.code })
    .from(projectCodes)
    .where(eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid))
    .orderBy(asc(projectCodes.code))
    .limit(OPTIONS_LIMIT);
  return { partners: [...byUsci.values()], projects: projects.map((p) => p.code) };
}

export async function pageAreas(db: Db, tenant: TenantContext, req: Input<'areaPage'>) {
  const { list, total } = await runListQuery(db, {
    table: riskAreas,
    joins: [areaCreatorJoin],
    select: areaColumns,
    tenantColumn: riskAreas.enterpriseUuid,
    tenant,
    where: [filters.eq(riskAreas.country, req.country)],
    sortable: { createdAt: riskAreas.createdAt, country: riskAreas.country },
    defaultSort: { column: riskAreas.createdAt, order: 'desc' },
    tieBreak: riskAreas.id,
    page: req,
  });
  return { list: (list as AreaRow[]).map(toRiskArea), total };
}

async function areaDetail(db: Db, tenant: TenantContext, id: number): Promise<TRiskArea> {
  const row = await findArea(db, tenant, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toRiskArea(row);
}

const areaValues = (input: Input<'areaAdd'>) => ({
  country: input.place.country,
  province: input.place.province,
  city: input.place.city,
  companyUsci: input.company?.usci ?? null,
  companyName: input.company ? input.company.name : null,
  projectCode: input.projectCode,
});

export async function addArea(db: Db, tenant: TenantContext, input: Input<'areaAdd'>): Promise<TRiskArea> {
  const [created] = await db
    .insert(riskAreas)
    .values({ enterpriseUuid: tenant.enterpriseUuid, createdBy: tenant.userId, ...areaValues(input) })
    .returning({ id: riskAreas.id });
  return areaDetail(db, tenant, created!.id);
}

export async function updateArea(
  db: Db,
  tenant: TenantContext,
  input: Input<'areaUpdate'>,
): Promise<TRiskArea> {
  await areaDetail(db, tenant, input.id);
  await db
    .update(riskAreas)
    .set({ ...areaValues(input), updatedAt: new Date() })
    .where(and(eq(riskAreas.enterpriseUuid, tenant.enterpriseUuid), eq(riskAreas.id, input.id)));
  return areaDetail(db, tenant, input.id);
}

export async function removeArea(db: Db, tenant: TenantContext, id: number): Promise<null> {
  await areaDetail(db, tenant, id);
  await db
    .delete(riskAreas)
    .where(and(eq(riskAreas.enterpriseUuid, tenant.enterpriseUuid), eq(riskAreas.id, id)));
  return null;
}
