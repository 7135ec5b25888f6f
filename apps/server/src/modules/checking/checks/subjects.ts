import { sql, type SQL } from 'drizzle-orm';
import type { TBilingual, TCheckOutcome } from '@tracehub/contract';
import { rowsOf } from './sql.ts';
import {
  outcomesOf,
  type CheckContext,
  type CheckDef,
  type CheckOutcomes,
  type CitedRecord,
} from './types.ts';

/*
 * A kind's subjects decided in the database. The kind writes one query answering a row per check and subject
 * (subjectRow); this runs it summarised: only the abnormal rows and the watched passes come back, with
 * the records they cite, and the passes as a count per check. A check over 40,000 documents sends back its
 * few findings, not 40,000 rows.
 */

/** The facts a kind's message is written from (its query's `facts` object). */
export type Facts = Record<string, string | number | boolean | null | string[]>;

export interface SubjectRow {
  checkId: string;
  subject: string;
  outcome: TCheckOutcome;
  vin: string | null;
  company: string | null;
  facts: Facts | null;
  cited: CitedRecord[] | null;
}

/**
 * One row of a kind's query. `docs`: an int[] of cited documents of the scope, the subject's own first (the
 * first 20 are cited, in that order);
 * `partner`: a cited partner's id; `facts`: a jsonb object for the message (only abnormal rows need it).
 */
export function subjectRow(r: {
  check: string | SQL;
  subject: SQL;
  outcome: SQL;
  vin?: SQL;
  company?: SQL;
  partner?: SQL;
  docs?: SQL;
  facts?: SQL;
}): SQL {
  const check = typeof r.check === 'string' ? sql`${r.check}::text` : sql`(${r.check})::text`;
  return sql`${check} as check_id, (${r.subject})::text as subject, (${r.outcome})::text as outcome,
    ${r.vin ? sql`(${r.vin})::text` : sql`null::text`} as vin,
    ${r.company ? sql`(${r.company})::text` : sql`null::text`} as company,
    ${r.partner ? sql`(${r.partner})::int` : sql`null::int`} as partner_id,
    ${r.docs ? sql`(${r.docs})::int[]` : sql`null::int[]`} as doc_ids,
    ${r.facts ? sql`(${r.facts})::jsonb` : sql`null::jsonb`} as facts`;
}

/** 'pass' when `ok`, else 'fail' (an SQL outcome). */
export const passIf = (ok: SQL): SQL => sql`case when ${ok} then 'pass' else 'fail' end`;

/**
 * Runs `query` (rows of subjectRow) for `chosen`, summarised; each abnormal subject's message is
 * `message(check, facts)`.
 */
export async function runSubjects<D extends CheckDef>(
  ctx: CheckContext,
  chosen: readonly D[],
  query: SQL,
  message: (check: D, row: SubjectRow) => TBilingual,
): Promise<Map<string, CheckOutcomes>> {
  const out = outcomesOf(chosen, new Map());
  if (chosen.length === 0) return out;
  const { docs, watch } = ctx.scope;
  const rows = await rowsOf<SubjectRow & { passes: number | null }>(
    ctx.tx,
    sql`with r as materialized (${query})
        select r.check_id as "checkId", r.subject, r.outcome, r.vin, r.company, r.facts,
          coalesce((select jsonb_agg(jsonb_build_object('type', 'partner', 'id', p.id, 'label', p.code))
              from partners p where p.id = r.partner_id), '[]'::jsonb)
          || coalesce((select jsonb_agg(jsonb_build_object('type', c.doc_type::text, 'id', c.id, 'label', c.bill_no)
              order by array_position(r.doc_ids, c.id)) from ${docs} c where c.id = any(r.doc_ids[1:20])),
            '[]'::jsonb) as cited,
          null::int as passes
        from r where r.outcome <> 'pass'
        union all
        select r.check_id, r.subject, 'fixed', null, null, null, null, null
        from r join ${watch} w on w.check_id = r.check_id and w.subject = r.subject where r.outcome = 'pass'
        union all
        select r.check_id, null, 'passes', null, null, null, null, count(*)::int
        from r where r.outcome = 'pass' group by r.check_id`,
  );
  const byId = new Map(chosen.map((c) => [c.id, c]));
  for (const row of rows) {
    const o = out.get(row.checkId);
    const check = byId.get(row.checkId);
    if (!o || !check) continue;
    const outcome = row.outcome as TCheckOutcome | 'fixed' | 'passes';
    if (outcome === 'passes') o.passed += Number(row.passes);
    else if (outcome === 'fixed') o.fixed.push(row.subject);
    else if (outcome !== 'pass')
      o.abnormal.push({
        subject: row.subject,
        outcome,
        ...(row.company ? { companyUuid: row.company } : {}),
        vins: row.vin ? [row.vin] : [],
        cited: (row.cited ?? []).map((c) => ({
          type: String(c.type),
          id: Number(c.id),
          label: String(c.label),
        })),
        message: message(check, row),
      });
  }
  return out;
}

/** A union of per-check selects (each a `select <subjectRow> from ...`), for the chosen checks only. */
export function unionOf(parts: readonly SQL[]): SQL {
  return parts.length === 0
    ? sql`select ${subjectRow({ check: '', subject: sql`''`, outcome: sql`'pass'` })} where false`
    : sql.join(
        parts.map((p) => sql`(${p})`),
        sql` union all `,
      );
}
