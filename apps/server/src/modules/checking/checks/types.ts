import type { SQL } from 'drizzle-orm';
import type {
  TBilingual,
  TCheckLevel,
  TCheckOutcome,
  TCheckParams,
  TCheckTaskType,
} from '@tracehub/contract';
import type { Db } from '../../../db/client.ts';
import type { ScopeTables } from '../scope.ts';

/*
 * The library of checks. A check is one rule with its identity (id, version), level, texts and the tasks it
 * applies to. Checks come in kinds (one module of this folder each): a kind declares its checks, most of them
 * instances of one rule over a parameter (a document type, a stage, a pair of stages, a factor of the risk
 * rules), and runs all of a task's checks of it together, set-based over the run's scope tables (scope.ts),
 * answering per check its abnormal subjects with the records they cite, its passes counted, and which of
 * the subjects the previous run found failing now pass (fixed).
 */

export interface CheckDef {
  id: string;
  version: number;
  level: TCheckLevel;
  name: TBilingual;
  description: TBilingual;
  appliesTo: readonly TCheckTaskType[];
}

/** What a kind's run sees: the run's transaction, its scope tables and the package's parameters. */
export interface CheckContext {
  tx: Db;
  enterpriseUuid: string;
  taskType: TCheckTaskType;
  /** A linked task's direct suppliers (partner ids); empty for an internal task. */
  supplierIds: readonly number[];
  params: TCheckParams;
  scope: ScopeTables;
  /**
   * A table derived from the scope, made by the first kind that asks for it and shared with the others of
   * the run (a VIN's or a lot's facts, the related-number links): its name.
   */
  shared(name: string, select: SQL): Promise<SQL>;
  /** The subjects of `checkId` the previous run found failing or unknown. */
  watched(checkId: string): ReadonlySet<string>;
}

export interface CitedRecord {
  /** The document's type code as text, or 'partner'. */
  type: string;
  id: number;
  label: string;
}

/** An abnormal subject of a check: failing, or unknown when data needed to decide is missing. */
export interface CheckResult {
  /** What the check speaks about, stable across runs (with the check id it makes the finding's identity). */
  subject: string;
  outcome: Exclude<TCheckOutcome, 'pass'>;
  /** The company whose data is at fault; the benchmark's own when absent. */
  companyUuid?: string;
  vins?: readonly string[];
  cited: readonly CitedRecord[];
  message: TBilingual;
}

/** A check's results in a run. */
export interface CheckOutcomes {
  abnormal: CheckResult[];
  /** Subjects that passed. */
  passed: number;
  /** The watched subjects (failing in the previous run) that passed. */
  fixed: string[];
}

export interface CheckKind<D extends CheckDef = CheckDef> {
  id: string;
  name: TBilingual;
  description: TBilingual;
  checks: readonly D[];
  /** Runs `chosen` (checks of this kind, each applying to the task) over the scope. */
  run(ctx: CheckContext, chosen: readonly D[]): Promise<Map<string, CheckOutcomes>>;
}

export const noOutcomes = (): CheckOutcomes => ({ abnormal: [], passed: 0, fixed: [] });

/** The outcomes of the checks that answered none, completed: every chosen check has its entry. */
export function outcomesOf(
  chosen: readonly CheckDef[],
  found: Map<string, CheckOutcomes>,
): Map<string, CheckOutcomes> {
  for (const c of chosen) if (!found.has(c.id)) found.set(c.id, noOutcomes());
  return found;
}

/** A subject decided in the process: its check, outcome and (for an abnormal one) what the finding says. */
export type Decided = { checkId: string; subject: string; outcome: TCheckOutcome } & Partial<
  Omit<CheckResult, 'subject' | 'outcome'>
>;

/**
 * Outcomes of subjects decided in the process (JS): abnormal ones kept, passes counted, watched passes
 * named fixed.
 */
export function collect(
  ctx: CheckContext,
  chosen: readonly CheckDef[],
  results: Iterable<Decided>,
): Map<string, CheckOutcomes> {
  const out = outcomesOf(chosen, new Map());
  for (const r of results) {
    const o = out.get(r.checkId);
    if (!o) continue;
    if (r.outcome === 'pass') {
      o.passed++;
      if (ctx.watched(r.checkId).has(r.subject)) o.fixed.push(r.subject);
    } else
      o.abnormal.push({
        subject: r.subject,
        outcome: r.outcome,
        ...(r.companyUuid ? { companyUuid: r.companyUuid } : {}),
        vins: r.vins ?? [],
        cited: r.cited ?? [],
        message: r.message ?? { zh: '', en: '' },
      });
  }
  return out;
}

/** A check id made of a kind's id and the instance's parameter. */
export const instanceId = (kind: string, param: string): string => `${kind}:${param}`;

export const BOTH: readonly TCheckTaskType[] = ['internal', 'linked'];
