import { sql } from 'drizzle-orm';
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
import { TaskFailed, defineTask, type TaskContext } from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { checkById } from './checks/index.ts';
import { notifyRaised, raiseCompanyTasks } from './company-task.ts';
import type { CheckResult } from './checks/types.ts';
import { rulePackage } from './packages.ts';
import {
  buildScope,
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
  type NewFinding,
} from './repo.ts';
import { mapVins, type VinMapResult } from './vin-map.ts';

/*
 * A troubleshooting task's run: its scope is built and every check of it runs in one tenant transaction
 * (so a run's results land together, or not at all), each finding compared by identity with the
 * enterprise's previous run: new, still open, or fixed (a subject that failed then and passes now).
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
  // Each check done is progress. On PostgreSQL it is written on another connection of the pool while the
  // run's transaction goes on, so the console shows it; PGlite has one connection, which the run's
  // transaction holds to its end: there the task shows its start and its end only.
  const progress =
    deps.dbKind === 'postgres'
      ? (done: number, total: number, phase = 'checking') => ctx.progress({ done, total, phase })
      : async () => undefined;
  const { total, raised } = await withTenant(deps.db, tenant, async (tx) => {
    const task = await checkingTaskRow(tx, tenant.enterpriseUuid, ctx.payload.checkingTaskId);
    if (!task) throw new TaskFailed('NOT_FOUND');
    const pkg = rulePackage(task.packageId);
    // The package changed under the task (another version now): it can no longer be proven as recorded.
    if (!pkg || pkg.hash !== task.packageHash) throw new TaskFailed('CHECK_PACKAGE_UNKNOWN');
    const scope = ZCheckTaskCreate.parse(task.scope);
    // The checks' look-ups over thousands of scope rows have cost estimates past PostgreSQL's JIT threshold,
    // and compiling them costs more than running them: 220 of 285 ms in dates-out-of-order at 10,000 VINs
    // (EXPLAIN ANALYZE on the bench fixture). The run is many short statements: no JIT for it.
    if (deps.dbKind === 'postgres') await tx.execute(sql`set local jit = off`);
    await buildScope(tx, tenant.enterpriseUuid, scope);
    const results = await runChecks(tx, tenant.enterpriseUuid, scope, task.checkIds, pkg.params, progress);
    await progress(task.checkIds.length, task.checkIds.length, 'finishing');
    // The VIN amounts are the map check's (vin-map.ts): complete = every branch reaches a source company.
    const map = await mapVins(tx, tenant.enterpriseUuid, await scopeVins(tx));
    const findings = await record(tx, tenant.enterpriseUuid, task, results, { map, blockHeight });
    // A linked run's findings that lie with a supplier become (or update) its company task, in the same
    // transaction: a run that does not land raises nothing.
    const raised =
      task.taskType === 'linked'
        ? await raiseCompanyTasks(tx, tenant.enterpriseUuid, { id: task.id, userId: tenant.userId }, findings)
        : [];
    return { total: task.checkIds.length, raised };
  });
  // The suppliers' members are told on the platform connection, once the tasks exist.
  await notifyRaised(deps.db, tenant.enterpriseUuid, raised, deps.mailer);
  await ctx.progress({ done: total, total, phase: 'finishing' });
}

interface CheckRun {
  checkId: string;
  results: CheckResult[];
}

async function runChecks(
  tx: Db,
  enterpriseUuid: string,
  scope: TCheckScope,
  checkIds: readonly string[],
  params: TCheckParams,
  progress: (done: number, total: number) => Promise<void>,
): Promise<CheckRun[]> {
  const runs: CheckRun[] = [];
  for (const [index, id] of checkIds.entries()) {
    await progress(index, checkIds.length);
    const check = checkById(id);
    if (!check || !check.appliesTo.includes(scope.taskType)) continue;
    const results = await check.run({
      tx,
      enterpriseUuid,
      taskType: scope.taskType,
      supplierIds: scope.supplierIds,
      params,
    });
    runs.push({ checkId: id, results });
  }
  return runs;
}

async function record(
  tx: Db,
  enterpriseUuid: string,
  task: NonNullable<Awaited<ReturnType<typeof checkingTaskRow>>>,
  runs: readonly CheckRun[],
  facts: { map: readonly VinMapResult[]; blockHeight: number | null },
): Promise<NewFinding[]> {
  const previous = await previousRun(tx, enterpriseUuid, task);
  const before = previous ? await openFindings(tx, previous) : new Map<string, never>();
  const counts: TCheckCounts = { fatal: 0, urgent: 0, minor: 0, unknown: 0, pass: 0, fixed: 0 };
  const findings: NewFinding[] = [];
  const passes: { enterpriseUuid: string; taskId: string; checkId: string; passes: number }[] = [];
  let maxLevel: TCheckLevel | null = null;
  const abnormalVins = new Set<string>();
  for (const { checkId, results } of runs) {
    const check = checkById(checkId)!;
    let passed = 0;
    for (const r of results) {
      const identity = findingIdentity(checkId, r.subject);
      const base = {
        enterpriseUuid,
        taskId: task.id,
        checkId,
        checkVersion: check.version,
        level: check.level,
        identity,
        subject: r.subject,
        companyUuid: r.companyUuid ?? enterpriseUuid,
        vins: [...(r.vins ?? [])],
      };
      if (r.outcome === 'pass') {
        passed++;
        const was = before.get(identity);
        if (was) {
          counts.fixed++;
          findings.push({
            ...base,
            outcome: 'pass',
            state: 'fixed',
            messageZh: was.messageZh,
            messageEn: was.messageEn,
            cited: was.cited,
          });
        }
        continue;
      }
      if (r.outcome === 'unknown') counts.unknown++;
      else {
        for (const vin of r.vins ?? []) abnormalVins.add(vin);
        counts[check.level]++;
        if (maxLevel === null || CHECK_LEVELS.indexOf(check.level) < CHECK_LEVELS.indexOf(maxLevel))
          maxLevel = check.level;
      }
      findings.push({
        ...base,
        outcome: r.outcome,
        state: before.has(identity) ? 'open' : 'new',
        messageZh: r.message.zh,
        messageEn: r.message.en,
        cited: [...r.cited],
      });
    }
    counts.pass += passed;
    passes.push({ enterpriseUuid, taskId: task.id, checkId, passes: passed });
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
