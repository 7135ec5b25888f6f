import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TRiskArea, TRiskFactor, TRiskRule } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { riskAreas, riskRuleFactors, riskRules, users } from '../../db/schema.ts';
import { isRowId } from '../../platform/ids.ts';
import { creatorJoin } from '../../platform/list-query.ts';

type Tenant = { enterpriseUuid: string };

export const ruleColumns = {
  id: riskRules.id,
  name: riskRules.name,
  notes: riskRules.notes,
  monitorKind: riskRules.monitorKind,
  monitorPartners: riskRules.monitorPartners,
  monitorProjects: riskRules.monitorProjects,
  enabled: riskRules.enabled,
  createdBy: users.username,
  createdAt: riskRules.createdAt,
  updatedAt: riskRules.updatedAt,
};
export const ruleCreatorJoin = creatorJoin(riskRules.createdBy);

export type RuleRow = {
  id: number;
  name: string;
  notes: string;
  monitorKind: TRiskRule['monitor']['kind'];
  monitorPartners: { usci: string; name: string }[];
  monitorProjects: string[];
  enabled: boolean;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
};

export const areaColumns = {
  id: riskAreas.id,
  country: riskAreas.country,
  province: riskAreas.province,
  city: riskAreas.city,
  companyUsci: riskAreas.companyUsci,
  companyName: riskAreas.companyName,
  projectCode: riskAreas.projectCode,
  createdBy: users.username,
  createdAt: riskAreas.createdAt,
  updatedAt: riskAreas.updatedAt,
};
export const areaCreatorJoin = creatorJoin(riskAreas.createdBy);

export type AreaRow = {
  id: number;
  country: string;
  province: string | null;
  city: string | null;
  companyUsci: string | null;
  companyName: string | null;
  projectCode: string | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
};

export const toRiskArea = (row: AreaRow): TRiskArea => ({
  id: row.id,
  country: row.country,
  province: row.province,
  city: row.city,
  company: row.companyUsci ? { usci: row.companyUsci, name: row.companyName ?? '' } : null,
  projectCode: row.projectCode,
  createdBy: row.createdBy,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

type FactorRow = typeof riskRuleFactors.$inferSelect;

/** A stored factor as the contract shapes it (the row's columns of its kind). */
export function toFactor(row: FactorRow): TRiskFactor {
  switch (row.kind) {
    case 'area':
      return { kind: 'area', place: { country: row.country ?? '', province: row.province, city: row.city } };
    case 'company':
      return { kind: 'company', company: { usci: row.companyUsci ?? '', name: row.companyName ?? '' } };
    case 'project':
      return { kind: 'project', projectCode: row.projectCode ?? '' };
    case 'watchList':
      return {
        kind: 'watchList',
        listName: row.listName ?? '',
        asOf: row.listAsOf ?? '',
        entries: row.listEntries ?? [],
      };
  }
}

/** The columns of a factor's row. */
export function factorValues(f: TRiskFactor) {
  switch (f.kind) {
    case 'area':
      return { country: f.place.country, province: f.place.province, city: f.place.city };
    case 'company':
      return { companyUsci: f.company.usci, companyName: f.company.name };
    case 'project':
      return { projectCode: f.projectCode };
    case 'watchList':
      return { listName: f.listName, listAsOf: f.asOf, listEntries: f.entries };
  }
}

export function toRiskRule(row: RuleRow, factors: TRiskFactor[]): TRiskRule {
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    monitor: { kind: row.monitorKind, partners: row.monitorPartners, projects: row.monitorProjects },
    enabled: row.enabled,
    factors,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** The factors of these rules of the enterprise, by rule, in their order. */
export async function factorsOf(
  db: Db,
  tenant: Tenant,
  ruleIds: number[],
): Promise<Map<number, TRiskFactor[]>> {
  const byRule = new Map<number, TRiskFactor[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return byRule;
  const rows = await db
    .select()
    .from(riskRuleFactors)
    .where(
      and(
        eq(riskRuleFactors.enterpriseUuid, tenant.enterpriseUuid),
        inArray(riskRuleFactors.ruleId, ruleIds),
      ),
    )
    .orderBy(asc(riskRuleFactors.ruleId), asc(riskRuleFactors.position));
  for (const row of rows) byRule.get(row.ruleId)?.push(toFactor(row));
  return byRule;
}

/** One rule of the enterprise; `lock` holds it against a concurrent change. */
export async function findRule(db: Db, tenant: Tenant, id: number, lock = false): Promise<RuleRow | null> {
  if (!isRowId(id)) return null;
  const where = and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.id, id));
  if (lock) await db.select({ id: riskRules.id }).from(riskRules).where(where).for('update');
  const [row] = await db
    .select(ruleColumns)
    .from(riskRules)
    .innerJoin(ruleCreatorJoin.table, ruleCreatorJoin.on)
    .where(where)
    .limit(1);
  return (row as RuleRow | undefined) ?? null;
}

export async function findArea(db: Db, tenant: Tenant, id: number): Promise<AreaRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select(areaColumns)
    .from(riskAreas)
    .innerJoin(areaCreatorJoin.table, areaCreatorJoin.on)
    .where(and(eq(riskAreas.enterpriseUuid, tenant.enterpriseUuid), eq(riskAreas.id, id)))
    .limit(1);
  return row ?? null;
}

/** Replaces a rule's factors with these, in this order. */
export async function writeFactors(
  db: Db,
  tenant: Tenant,
  ruleId: number,
  factors: TRiskFactor[],
): Promise<void> {
  await db
    .delete(riskRuleFactors)
    .where(
      and(eq(riskRuleFactors.enterpriseUuid, tenant.enterpriseUuid), eq(riskRuleFactors.ruleId, ruleId)),
    );
  if (factors.length === 0) return;
  await db.insert(riskRuleFactors).values(
    factors.map((f, position) => ({
      enterpriseUuid: tenant.enterpriseUuid,
      ruleId,
      position,
      kind: f.kind,
      ...factorValues(f),
    })),
  );
}

/** The enterprise's enabled rules with their factors, and its risk areas: what the matcher applies. */
export async function activeRiskSetup(db: Db, tenant: Tenant) {
  const rules = await db
    .select({
      id: riskRules.id,
      name: riskRules.name,
      monitorKind: riskRules.monitorKind,
      monitorPartners: riskRules.monitorPartners,
      monitorProjects: riskRules.monitorProjects,
    })
    .from(riskRules)
    .where(and(eq(riskRules.enterpriseUuid, tenant.enterpriseUuid), eq(riskRules.enabled, true)))
    .orderBy(asc(riskRules.id));
  const factors = await factorsOf(
    db,
    tenant,
    rules.map((r) => r.id),
  );
  const areas = await db
    .select({
      id: riskAreas.id,
      country: riskAreas.country,
      province: riskAreas.province,
      city: riskAreas.city,
      companyUsci: riskAreas.companyUsci,
      projectCode: riskAreas.projectCode,
    })
    .from(riskAreas)
    .where(eq(riskAreas.enterpriseUuid, tenant.enterpriseUuid))
    .orderBy(asc(riskAreas.id));
  return { rules: rules.map((r) => ({ ...r, factors: factors.get(r.id) ?? [] })), areas };
}
