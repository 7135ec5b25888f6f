import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AS_AUTO, call, useTestApp } from './support/app.ts';

/**
 * PostgreSQL may close a pooled connection at any time (a restart, a failover, `pg_terminate_backend`, an
 * idle timeout). node-postgres reports it as an 'error' event, which ends the process when nobody listens:
 * the server must report it and go on with new connections. PostgreSQL only (PGlite has no connections).
 */
const adminUrl = process.env.DATABASE_URL;

describe.skipIf(!adminUrl)('pooled PostgreSQL connections closed by the server', () => {
  const t = useTestApp({ token: AS_AUTO });

  const list = () =>
    call<{ total: number }>(t.app, '/log/selectLogPage', {
      token: t.token,
      body: { pageNo: 1, pageSize: 10 },
    });

  it('keeps serving after PostgreSQL terminates every connection of the database', async () => {
    // Several lists at once leave several idle connections in the pool.
    const before = await Promise.all([list(), list(), list(), list()]);
    for (const res of before) expect(res.body.code).toBe('0000');
    const { rows } = (await t.runtime.deps.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const terminated = await admin.query<{ n: number }>(
        'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1) t',
        [rows[0]!.name],
      );
      expect(terminated.rows[0]!.n).toBeGreaterThan(1);
    } finally {
      await admin.end();
    }
    // The closed connections' errors arrive on their sockets; give them time to be emitted (and, without a
    // listener, to end this process).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await Promise.all([list(), list(), list()]);
    for (const res of after) {
      expect(res.body.code).toBe('0000');
      expect(res.body.data.total).toBe(before[0]!.body.data.total);
    }
    const health = await call<{ status: string }>(t.app, '/health', { method: 'GET' });
    expect(health.body.data.status).toBe('ok');
  });
});
