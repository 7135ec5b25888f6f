import { and, eq, ne, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { codeRuleSample, type api, type TParsed, type ZCodeRule, type ZIdRule } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { codeRules, enterpriseRules, idRules } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, runPlatformListQuery } from '../../platform/list-query.ts';

// The ID rules and code rules the operator defines and enterprises follow (spec 3, 4, 6). Their status is
// computed, never stored: the default rule, rules some enterprise uses (enterprise_rules), and unused ones.

type TIdRule = z.input<typeof ZIdRule>;
type TCodeRule = z.input<typeof ZCodeRule>;
type TRuleStatus = TIdRule['status'];
type TRuleKind = 'id' | 'code';

const inUse = (kind: TRuleKind, ruleId: PgColumn) =>
  sql<boolean>`exists (select 1 from ${enterpriseRules}
    where ${enterpriseRules.kind} = ${kind} and ${enterpriseRules.ruleId} = ${ruleId})`;

function statusFilter(kind: TRuleKind, status: TRuleStatus | undefined, isDefault: PgColumn, id: PgColumn) {
  const filtersByStatus: Record<TRuleStatus, () => SQL | undefined> = {
    default: () => eq(isDefault, true),
    inUse: () => and(eq(isDefault, false), inUse(kind, id)),
    unused: () => and(eq(isDefault, false), not(inUse(kind, id))),
  };
  return status ? filtersByStatus[status]() : undefined;
}

const statusOf = (isDefault: boolean, used: boolean): TRuleStatus =>
  isDefault ? 'default' : used ? 'inUse' : 'unused';

// Serialises default changes, so two operators cannot leave two defaults (any constants unique to this use).
const DEFAULT_LOCK: Record<TRuleKind, number> = { id: 0x54484944, code: 0x54484344 };

/**
 * Makes one rule the default and clears the others, in one transaction under a lock. `mark` sets the flag
 * of one rule (returning whether it exists), `clearOthers` every other rule's.
 */
async function moveDefault(
  db: Db,
  kind: TRuleKind,
  mark: (tx: Db) => Promise<boolean>,
  clearOthers: (tx: Db) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_LOCK[kind]}::bigint)`);
    if (!(await mark(tx))) throw new AppError('NOT_FOUND');
    await clearOthers(tx);
  });
}

// ---- ID rules -------------------------------------------------------------------------------------------

type IdRuleElements = (typeof idRules.$inferSelect)['elements'];

/** The rule as one line, e.g. countryCode(3) + organizationCode(18) + ... + checkCode(4). */
export function renderIdRule(elements: IdRuleElements): string {
  return elements
    .map((e) => (e.element === 'custom' && e.value ? `custom:${e.value}` : e.element) + `(${e.length})`)
    .join(' + ');
}

const idRuleColumns = {
  id: idRules.id,
  name: idRules.name,
  nameEn: idRules.nameEn,
  codeType: idRules.codeType,
  elements: idRules.elements,
  notes: idRules.notes,
  notesEn: idRules.notesEn,
  isDefault: idRules.isDefault,
  createdAt: idRules.createdAt,
  inUse: inUse('id', idRules.id).as('in_use'),
};

function toIdRule(row: typeof idRules.$inferSelect & { inUse: boolean }): TIdRule {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn,
    codeType: row.codeType,
    codeRule: renderIdRule(row.elements),
    elements: row.elements as TIdRule['elements'],
    notes: row.notes,
    notesEn: row.notesEn,
    status: statusOf(row.isDefault, row.inUse),
    createdAt: row.createdAt.getTime(),
  };
}

async function idRuleById(db: Db, id: number): Promise<TIdRule> {
  const [row] = isRowId(id)
    ? await db.select(idRuleColumns).from(idRules).where(eq(idRules.id, id)).limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND');
  return toIdRule(row);
}

export async function idRulePage(db: Db, req: TParsed<typeof api.operator.idRulePage>) {
  const { list, total } = await runPlatformListQuery(db, {
    table: idRules,
    select: idRuleColumns,
    where: [
      filters.containsAny([idRules.name, idRules.nameEn], req.name),
      statusFilter('id', req.status, idRules.isDefault, idRules.id),
    ],
    sortable: { name: idRules.name, createdAt: idRules.createdAt },
    defaultSort: { column: idRules.createdAt, order: 'desc' },
    tieBreak: idRules.id,
    page: req,
  });
  return { list: list.map(toIdRule), total };
}

export async function idRuleAdd(db: Db, input: TParsed<typeof api.operator.idRuleAdd>): Promise<TIdRule> {
  const [row] = await db
    .insert(idRules)
    .values({
      ...input,
      nameEn: input.nameEn || null,
      notes: input.notes || null,
      notesEn: input.notesEn || null,
    })
    .returning({ id: idRules.id });
  return idRuleById(db, row!.id);
}

export async function idRuleSetDefault(db: Db, id: number): Promise<TIdRule> {
  if (!isRowId(id)) throw new AppError('NOT_FOUND');
  await moveDefault(
    db,
    'id',
    async (tx) =>
      (
        await tx
          .update(idRules)
          .set({ isDefault: true })
          .where(eq(idRules.id, id))
          .returning({ id: idRules.id })
      ).length > 0,
    (tx) =>
      tx
        .update(idRules)
        .set({ isDefault: false })
        .where(and(eq(idRules.isDefault, true), ne(idRules.id, id))),
  );
  return idRuleById(db, id);
}

// ---- Code rules -----------------------------------------------------------------------------------------

type CodeRuleRow = typeof codeRules.$inferSelect;

const codeRuleColumns = {
  id: codeRules.id,
  name: codeRules.name,
  nameEn: codeRules.nameEn,
  prefix: codeRules.prefix,
  dateFormat: codeRules.dateFormat,
  serialLength: codeRules.serialLength,
  notes: codeRules.notes,
  notesEn: codeRules.notesEn,
  isDefault: codeRules.isDefault,
  createdAt: codeRules.createdAt,
  inUse: inUse('code', codeRules.id).as('in_use'),
};

function toCodeRule(row: CodeRuleRow & { inUse: boolean }): TCodeRule {
  return {
    id: row.id,
    name: row.name,
    nameEn: row.nameEn ?? '',
    prefix: row.prefix,
    dateFormat: row.dateFormat,
    serialLength: row.serialLength,
    notes: row.notes ?? '',
    notesEn: row.notesEn ?? '',
    sample: codeRuleSample(row),
    status: statusOf(row.isDefault, row.inUse),
    createdAt: row.createdAt.getTime(),
  };
}

async function codeRuleById(db: Db, id: number): Promise<TCodeRule> {
  const [row] = isRowId(id)
    ? await db.select(codeRuleColumns).from(codeRules).where(eq(codeRules.id, id)).limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND');
  return toCodeRule(row);
}

export async function codeRulePage(db: Db, req: TParsed<typeof api.operator.codeRulePage>) {
  const { list, total } = await runPlatformListQuery(db, {
    table: codeRules,
    select: codeRuleColumns,
    where: [
      filters.containsAny([codeRules.name, codeRules.nameEn], req.name),
      statusFilter('code', req.status, codeRules.isDefault, codeRules.id),
    ],
    sortable: { name: codeRules.name, createdAt: codeRules.createdAt },
    defaultSort: { column: codeRules.createdAt, order: 'desc' },
    tieBreak: codeRules.id,
    page: req,
  });
  return { list: list.map(toCodeRule), total };
}

export async function codeRuleAdd(
  db: Db,
  input: TParsed<typeof api.operator.codeRuleAdd>,
): Promise<TCodeRule> {
  const [row] = await db
    .insert(codeRules)
    .values({
      ...input,
      nameEn: input.nameEn || null,
      notes: input.notes || null,
      notesEn: input.notesEn || null,
    })
    .returning({ id: codeRules.id });
  return codeRuleById(db, row!.id);
}

export async function codeRuleSetDefault(db: Db, id: number): Promise<TCodeRule> {
  if (!isRowId(id)) throw new AppError('NOT_FOUND');
  await moveDefault(
    db,
    'code',
    async (tx) =>
      (
        await tx
          .update(codeRules)
          .set({ isDefault: true })
          .where(eq(codeRules.id, id))
          .returning({ id: codeRules.id })
      ).length > 0,
    (tx) =>
      tx
        .update(codeRules)
        .set({ isDefault: false })
        .where(and(eq(codeRules.isDefault, true), ne(codeRules.id, id))),
  );
  return codeRuleById(db, id);
}
