import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the server of `adminUrl` for one scenario, dropped by the returned function. */
export async function freshPostgres(
  scenario: string,
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `th_bench_${scenario}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
