// CPU time of the bench process and of its PostgreSQL backends: on a machine shared with other work the
// wall-clock rates swing with the load, while the CPU a piece of work costs stays about the same.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

export interface CpuSample {
  /** This process, user + system, ms. */
  node: number;
  /** The database's server processes (PostgreSQL on this host, read from /proc), ms; null if unreadable. */
  database: number | null;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU a process has used so far, in ms (Linux /proc); null if it is gone or unreadable. */
export function procCpuMs(pid: number): number | null {
  try {
    // Fields after the command name: state is 3rd, utime the 14th and stime the 15th of the whole line.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** The CPU used so far by this process and by the backends connected to the bench's PostgreSQL database. */
export async function cpuSample(db: Db, postgres: boolean): Promise<CpuSample> {
  const node = process.cpuUsage();
  let database: number | null = null;
  if (postgres) {
    const result = (await db.execute(
      sql`select pid from pg_stat_activity where datname = current_database()`,
    )) as unknown as { rows: { pid: number }[] };
    database = 0;
    for (const { pid } of result.rows) {
      const ms = procCpuMs(pid);
      if (ms === null) {
        database = null;
        break;
      }
      database += ms;
    }
  }
  return { node: (node.user + node.system) / 1000, database };
}

/** CPU per item between two samples, as `Node 71 µs + PostgreSQL 68 µs per event`. */
export function cpuPerItem(from: CpuSample, to: CpuSample, items: number, unit: string): string {
  const us = (ms: number) => `${Math.round((ms * 1000) / items)} µs`;
  const node = `Node ${us(to.node - from.node)}`;
  return from.database === null || to.database === null
    ? `${node} per ${unit}`
    : `${node} + PostgreSQL ${us(to.database - from.database)} per ${unit}`;
}
