import { sql } from 'drizzle-orm';
import type { Runtime } from '../../apps/server/src/bootstrap.ts';
import { planScale, seedScale } from '../../apps/server/src/seed/scale/index.ts';
import { openBenchRuntime, type BenchDatabase } from '../scenarios/documents.ts';
import { injectCall, signInWith } from './api-client.ts';

/** `seed:scale` data opened for a bench: the runtime, and the automaker holding every VIN. */
export interface ScaleData {
  runtime: Runtime;
  /** What was seeded and how long it took, for the bench's notes. */
  describe: string;
  /** The automaker's account (demo password) and enterprise. */
  account: string;
  enterpriseUuid: string;
  /** The automaker's VINs (at most the number asked for). */
  vins: string[];
}

/**
 * `seed:scale` with 5 enterprises (one per tier: mine, smelter, tier 2, tier 1, automaker), `vins` vehicles
 * and 6 documents a vehicle, written through the services and importers with their evidence, sealed.
 */
export async function openScaleData(
  label: string,
  where: BenchDatabase,
  vins: number,
  log: (line: string) => void,
): Promise<ScaleData> {
  const runtime = await openBenchRuntime(where);
  try {
    const sizes = { enterprises: 5, vins, documents: vins * 6, seed: 42, concurrency: 2, workers: 2 };
    const started = performance.now();
    const summary = await seedScale(runtime.deps, {
      ...sizes,
      plan: planScale(sizes),
      log: (line) => log(`${label}: ${line}`),
    });
    const seconds = (performance.now() - started) / 1000;
    // Planner statistics, as autovacuum gathers them on PostgreSQL after a load this size.
    await runtime.deps.db.execute(sql`analyze`);
    const auto = summary.credentials.find((c) => c.role === 'automaker')!;
    const rows = (await runtime.deps.db.execute(
      sql`select e.uuid, (select array_agg(distinct d.vin_sn) from documents d
                   where d.enterprise_uuid = e.uuid and d.vin_sn <> '') as vins
          from enterprises e join enterprise_users eu on eu.enterprise_uuid = e.uuid
          join users u on u.id = eu.user_id where u.username = ${auto.username} limit 1`,
    )) as unknown as { rows: { uuid: string; vins: string[] }[] };
    const found = rows.rows[0]!;
    return {
      runtime,
      describe:
        `seed:scale, 5 enterprises, ${summary.counts.documents?.toLocaleString('en') ?? '?'} documents ` +
        `written with their evidence in ${seconds.toFixed(0)} s`,
      account: auto.username,
      enterpriseUuid: found.uuid,
      vins: found.vins.slice(0, vins),
    };
  } catch (error) {
    await runtime.app.close();
    throw error;
  }
}

/** Both sign-in steps of a demo-password account, by inject. */
export const injectSignIn = (runtime: Runtime, account: string, enterpriseUuid: string) =>
  signInWith(injectCall(runtime), account, enterpriseUuid);
