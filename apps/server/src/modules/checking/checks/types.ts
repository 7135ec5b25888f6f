import { sql, type SQL } from 'drizzle-orm';
import {
  documentType,
  type TBilingual,
  type TCheckLevel,
  type TCheckOutcome,
  type TCheckParams,
  type TCheckTaskType,
} from '@tracehub/contract';
import type { Db } from '../../../db/client.ts';
import { typesOf } from '../../trace/public.ts';

/*
 * One check = one module of this folder: its identity (id, version), level, texts, which tasks it applies
 * to, and a run that answers, set-based over the task's scope (the temporary tables the runner fills), an
 * outcome per subject with the records it cites.
 */

/** What a check's run sees: the tenant transaction, the scope tables and the package's parameters. */
export interface CheckContext {
  tx: Db;
  enterpriseUuid: string;
  taskType: TCheckTaskType;
  /** A linked task's direct suppliers (partner ids); empty for an internal task. */
  supplierIds: readonly number[];
  params: TCheckParams;
}

export interface CitedRecord {
  /** The document's type code as text, or 'partner'. */
  type: string;
  id: number;
  label: string;
}

export interface CheckResult {
  /** What the check speaks about, stable across runs (with the check id it makes the finding's identity). */
  subject: string;
  outcome: TCheckOutcome;
  /** The company whose data is at fault; the benchmark's own when absent. */
  companyUuid?: string;
  vins?: readonly string[];
  cited: readonly CitedRecord[];
  message: TBilingual;
}

export interface Check {
  id: string;
  version: number;
  level: TCheckLevel;
  name: TBilingual;
  description: TBilingual;
  appliesTo: readonly TCheckTaskType[];
  run(ctx: CheckContext): Promise<CheckResult[]>;
}

/** The scope the runner materialises in the check transaction (temporary, dropped at its commit). */
export const SCOPE_DOCS = sql.raw('checking_scope_docs');
export const SCOPE_VINS = sql.raw('checking_scope_vins');

/** Numeric type codes of trace roles, as an int[] parameter. */
export const roleTypes = (...roles: Parameters<typeof typesOf>): SQL =>
  sql`${sql.param(typesOf(...roles))}::int[]`;
/** Numeric type codes of named document types, as an int[] parameter. */
export const docTypes = (...codes: string[]): SQL =>
  sql`${sql.param(codes.map((c) => documentType(c).typeCode))}::int[]`;

/** Purchase returns: leave a lot like a delivery. */
export const RETURN_TYPES = (): SQL => docTypes('PurchaseReturn');

/** Rows of a raw query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The JSON aggregate of cited documents of `alias` (type code, id, number). */
export const citedDocs = (alias: string): SQL =>
  sql.raw(
    `jsonb_agg(jsonb_build_object('type', ${alias}.doc_type::text, 'id', ${alias}.id, 'label', ${alias}.bill_no) order by ${alias}.biz_time, ${alias}.id)`,
  );

/** The cited records of a JSON aggregate (at most `limit` of them). */
export function cites(value: unknown, limit = 20): CitedRecord[] {
  const list = Array.isArray(value) ? (value as CitedRecord[]) : [];
  return list
    .slice(0, limit)
    .map((c) => ({ type: String(c.type), id: Number(c.id), label: String(c.label) }));
}

export const docCite = (r: {
  docType: number | string;
  id: number | string;
  billNo: string;
}): CitedRecord => ({
  type: String(r.docType),
  id: Number(r.id),
  label: r.billNo,
});
