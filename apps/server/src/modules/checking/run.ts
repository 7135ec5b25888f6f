import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHECK_LEVELS,
  CHECK_PHASE_EXTRACTING,
  ZCheckTaskCreate,
  type TCheckCounts,
  type TCheckLevel,
  type TCheckParams,
  type TCheckScope,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import {
  TaskFailed,
  defineTask,
  type TaskContext,
  type TaskTransaction,
} from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { CHECK_KINDS, checkById } from './checks/index.ts';
import type { CheckContext, CheckOutcomes } from './checks/types.ts';
import { notifyRaised, raiseCompanyTasks } from './company-task.ts';
import { rulePackage } from './packages.ts';
import {
  checkingTaskRow,
  clearResults,
  finishCheckingTask,
  insertFindings,
  insertPasses,
  insertVinMaps,
  latestBlockHeight,
  openFindings,
  previousRun,
  scopeVins,
  type FindingRow,
  type NewFinding,
} from './repo.ts';
import { buildContext, buildScope, dropScope, fillWatch, scopeTables, type ScopeTables } from './scope.ts';
import { mapVins, type VinMapResult } from './vin-map.ts';

/*
 * A troubleshooting task's run: its scope is read once into the run's scope tables, every kind of check of
 * the task runs over them, and the results are written in one tenant transaction (so a run's results land
 * together, or not at all), each finding compared by identity with the enterprise's previous run: new,
 * still open, or fixed (a subject that failed then and passes now). Progress after each kind of check.
 */

/** The finding's identity: the same for a check and subject in every run. */
export const findingIdentity = (checkId: string, subject: string): string =>
  sha256Hex(`${checkId}\u0000${subject}`);

/** `automatic`: created by daily monitoring, which tells its members itself (message/task-events.ts). */
const ZPayload = z.object({ checkingTaskId: z.string(), automatic: z.boolean().optional() });

export const troubleshootingTask = defineTask({
  kind: 'troubleshooting',
  payload: ZPayload,
  run: runTroubleshooting,
  onRetry: (tx, task) => clearResults(tx, task.id),
});

async function runTroubleshooting(ctx: TaskContext<z.infer<typeof ZPayload>>): Promise<void> {
  const { deps, tenant } = ctx;
  await ctx.progress({ done: 0, total: 0, phase: CHECK_PHASE_EXTRACTING });
  const blockHeight = await latestBlockHeight(deps.db);
  const tables = scopeTables(ctx.task.id);
  const { total, raised } = await ctx
    .transaction(async (t) => {
      const task = await checkingTaskRow(t.tx, tenant.enterpriseUuid, ctx.payload.checkingTaskId);
      if (!task) throw new TaskFailed('NOT_FOUND');
      const pkg = rulePackage(task.packageId);
      // The package changed under the task (another version now): it can no longer be proven as recorded.
      if (!pkg || pkg.hash !== task.packageHash) throw new TaskFailed('CHECK_PACKAGE_UNKNOWN');
      const scope = ZCheckTaskCreate.parse(task.scope);
      // The checks' look-ups over thousands of scope rows have cost estimates past PostgreSQL's JIT
      // threshold, and compiling them costs more than running them: 220 of 285 ms in a dates check at 10,000
      // VINs (EXPLAIN ANALYZE on the bench fixture). The run is many short statements: no JIT for it.
      if (deps.dbKind === 'postgres') await t.tx.execute(sql`set local jit = off`);
      await buildScope(t.tx, tenant.enterpriseUuid, scope, tables);
      await buildContext(t.tx, tenant.enterpriseUuid, tables);
      const previous = await previousRun(t.tx, tenant.enterpriseUuid, task);
      const before = previous ? await openFindings(t.tx, previous) : new Map<string, FindingRow>();
      await fillWatch(t.tx, tables, [...before.values()]);
      const runs = await runChecks(t, {
        enterpriseUuid: tenant.enterpriseUuid,
        scope,
        checkIds: task.checkIds,
        params: pkg.params,
        tables,
        before,
      });
      await t.step({ done: task.checkIds.length, total: task.checkIds.length, phase: 'finishing' });
      // The VIN amounts are the map check's (vin-map.ts): complete = every branch reaches a source company.
      const map = await mapVins(t.tx, tenant.enterpriseUuid, await scopeVins(t.tx, tables));
      await t.step({ done: task.checkIds.length, total: task.checkIds.length, phase: 'finishing' });
      const findings = await record(t.tx, tenant.enterpriseUuid, task, runs, before, { map, blockHeight });
      // A linked run's findings that lie with a supplier become (or update) its company task, in the same
      // transaction: a run that does not land raises nothing.
      const raised =
        task.taskType === 'linked'
          ? await raiseCompanyTasks(
              t.tx,
              tenant.enterpriseUuid,
              { id: task.id, userId: tenant.userId },
              findings,
            )
          : [];
      await dropScope(t.tx, tables);
      return { total: task.checkIds.length, raised };
    })
    .catch(async (err: unknown) => {
      // On the embedded database a run that stopped after a step leaves its tables in the session.
      await withTenant(deps.db, tenant, (tx) => dropScope(tx, tables)).catch(() => undefined);
      throw err;
    });
  // The suppliers' members are told on the platform connection, once the tasks exist.
  await notifyRaised(deps.db, tenant.enterpriseUuid, raised, deps.mailer);
  await ctx.progress({ done: total, total, phase: 'finishing' });
}

/**
 * Runs the task's checks kind by kind (each kind its chosen checks together), a step of progress after each
 * kind. A check that does not apply to the task's type (a linked check in an internal task) is skipped.
 */
async function runChecks(
  t: TaskTransaction,
  run: {
    enterpriseUuid: string;
    scope: TCheckScope;
    checkIds: readonly string[];
    params: TCheckParams;
    tables: ScopeTables;
    before: ReadonlyMap<string, FindingRow>;
  },
): Promise<Map<string, CheckOutcomes>> {
  const watched = new Map<string, Set<string>>();
  for (const f of run.before.values()) {
    const set = watched.get(f.checkId) ?? new Set<string>();
    set.add(f.subject);
    watched.set(f.checkId, set);
  }
  const made = new Map<string, SQL>();
  const ctx: CheckContext = {
    get tx() {
      return t.tx;
    },
    enterpriseUuid: run.enterpriseUuid,
    taskType: run.scope.taskType,
    supplierIds: run.scope.supplierIds,
    params: run.params,
    scope: run.tables,
    async shared(name, select) {
      let table = made.get(name);
      if (!table) {
        table = run.tables.derived(name);
        await t.tx.execute(sql`create temp table ${table} as ${select}`);
        await t.tx.execute(sql`analyze ${table}`);
        made.set(name, table);
      }
      return table;
    },
    watched: (checkId) => watched.get(checkId) ?? new Set(),
  };
  const wanted = new Set(run.checkIds);
  const total = run.checkIds.length;
  const results = new Map<string, CheckOutcomes>();
  let done = 0;
  await t.step({ done, total, phase: 'checking' });
  for (const kind of CHECK_KINDS) {
    const ofKind = kind.checks.filter((c) => wanted.has(c.id));
    if (ofKind.length === 0) continue;
    const chosen = ofKind.filter((c) => c.appliesTo.includes(run.scope.taskType));
    if (chosen.length > 0) for (const [id, o] of await kind.run(ctx, chosen)) results.set(id, o);
    done += ofKind.length;
    await t.step({ done, total, phase: 'checking' });
  }
  return results;
}

async function record(
  tx: Db,
  enterpriseUuid: string,
  task: NonNullable<Awaited<ReturnType<typeof checkingTaskRow>>>,
  runs: ReadonlyMap<string, CheckOutcomes>,
  before: ReadonlyMap<string, FindingRow>,
  facts: { map: readonly VinMapResult[]; blockHeight: number | null },
): Promise<NewFinding[]> {
  const counts: TCheckCounts = { fatal: 0, urgent: 0, minor: 0, unknown: 0, pass: 0, fixed: 0 };
  const findings: NewFinding[] = [];
  const passes: { enterpriseUuid: string; taskId: string; checkId: string; passes: number }[] = [];
  let maxLevel: TCheckLevel | null = null;
  const abnormalVins = new Set<string>();
  for (const [checkId, outcomes] of runs) {
    const check = checkById(checkId)!;
    const base = {
      enterpriseUuid,
      taskId: task.id,
      checkId,
      checkVersion: check.version,
      level: check.level,
    };
    for (const subject of outcomes.fixed) {
      const identity = findingIdentity(checkId, subject);
      const was = before.get(identity);
      if (!was) continue;
      counts.fixed++;
      findings.push({
        ...base,
        identity,
        subject,
        companyUuid: was.companyUuid,
        vins: was.vins,
        outcome: 'pass',
        state: 'fixed',
        messageZh: was.messageZh,
        messageEn: was.messageEn,
        cited: was.cited,
      });
    }
    for (const r of outcomes.abnormal) {
      const identity = findingIdentity(checkId, r.subject);
      if (r.outcome === 'unknown') counts.unknown++;
      else {
        for (const vin of r.vins ?? []) abnormalVins.add(vin);
        counts[check.level]++;
        if (maxLevel === null || CHECK_LEVELS.indexOf(check.level) < CHECK_LEVELS.indexOf(maxLevel))
          maxLevel = check.level;
      }
      findings.push({
        ...base,
        identity,
        subject: r.subject,
        companyUuid: r.companyUuid ?? enterpriseUuid,
        vins: [...(r.vins ?? [])],
        outcome: r.outcome,
        state: before.has(identity) ? 'open' : 'new',
        messageZh: r.message.zh,
        messageEn: r.message.en,
        cited: [...r.cited],
      });
    }
    counts.pass += outcomes.passed;
    passes.push({ enterpriseUuid, taskId: task.id, checkId, passes: outcomes.passed });
  }
  await insertFindings(tx, findings);
  await insertPasses(tx, passes);
  await insertVinMaps(
    tx,
    facts.map.map((m) => ({ enterpriseUuid, taskId: task.id, ...m, abnormal: abnormalVins.has(m.vin) })),
  );
  await finishCheckingTask(tx, task.id, {
    counts,
    vinAmount: facts.map.length,
    completeVinAmount: facts.map.filter((m) => m.complete).length,
    maxLevel,
    blockHeight: facts.blockHeight,
  });
  return findings;
}
