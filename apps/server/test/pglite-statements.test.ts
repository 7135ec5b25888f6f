import type { PGlite, protocol as PgliteProtocol } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openDatabase,
  PRELUDE_REFUSED_MARK,
  PreludeRefused,
  readWith,
  sessionFactsChanges,
  transactionWith,
  type Database,
} from '../src/db/client.ts';
import type { PgliteStatements } from '../src/db/pglite-statements.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { refreshStatistics, vacuumTables } from '../src/platform/statistics.ts';
import { rowsOf } from '../src/platform/ledger/nodes.ts';
import { AUTO_UUID, signIn, startTestApp } from './support/app.ts';

// db/pglite-statements.ts answers Drizzle as PGlite's own `query` does (typed values, row shapes, errors,
// transactions), in one call per statement with each statement prepared once; platform/statistics.ts analyses
// tables that outgrew their statistics, so that a prepared statement is planned anew. On PostgreSQL (with
// DATABASE_URL) the same cases run through node-postgres: both databases must answer alike.

/** The test's table: named apart on a shared PostgreSQL server, where other runs may be at work. */
const TABLE = `stmt_t_${process.pid}_${Date.now().toString(36)}`;

describe('statements of the embedded database (PGlite) and statistics', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      url: process.env.DATABASE_URL || undefined,
      dataDir: 'memory://',
      migrationsDir: MIGRATIONS_DIR,
    });
    await database.db.execute(
      sql`create table ${sql.raw(TABLE)} (id serial primary key, code text not null, n int, doc jsonb, at timestamptz, tags text[], ok boolean)`,
    );
    await database.db.execute(sql`create unique index ${sql.raw(TABLE)}_code on ${sql.raw(TABLE)} (code)`);
  });
  afterAll(async () => {
    await database.db.execute(sql`drop table if exists ${sql.raw(TABLE)}`);
    await database.close();
  });

  const insert = (code: string, n: number) =>
    database.db.execute(
      sql`insert into ${sql.raw(TABLE)} (code, n, doc, at, tags, ok) values (${code}, ${n}, ${JSON.stringify({ n, s: `"${code}"` })}::jsonb, ${new Date(n * 1000).toISOString()}, ${sql.param([code, 'x'])}, ${n % 2 === 0}) returning id`,
    );

  it('answers typed values, as rows and in order, the same on every run of a statement', async () => {
    for (let n = 1; n <= 8; n++) await insert(`C-${n}`, n);
    for (let run = 0; run < 7; run++) {
      const rows = rowsOf<{ code: string; n: number; doc: unknown; at: string; tags: string[]; ok: boolean }>(
        await database.db.execute(
          sql`select code, n, doc, at, tags, ok from ${sql.raw(TABLE)} where n >= ${3} and code <> ${'none'} order by n`,
        ),
      );
      expect(rows).toHaveLength(6);
      expect(Date.parse(rows[0]!.at)).toBe(3000);
      expect(rows[0]).toEqual({
        code: 'C-3',
        n: 3,
        doc: { n: 3, s: '"C-3"' },
        // Drizzle's raw execute leaves timestamps as the database's text, on both databases.
        at: expect.any(String),
        tags: ['C-3', 'x'],
        ok: false,
      });
    }
  });

  it('reports the rows a write changed, and a database error with its code', async () => {
    const updated = (await database.db.execute(
      sql`update ${sql.raw(TABLE)} set n = n + ${1} where n > ${6}`,
    )) as unknown as {
      rowCount?: number;
      affectedRows?: number;
    };
    expect(updated.rowCount ?? updated.affectedRows).toBe(2);
    const duplicate = await insert('C-1', 99).catch((e: unknown) => e);
    const cause = (duplicate as { cause?: { code?: string } }).cause ?? duplicate;
    expect((cause as { code?: string }).code).toBe('23505');
    // The connection is usable after the error, statements and all.
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from ${sql.raw(TABLE)} where n >= ${0}`),
    );
    expect(row!.n).toBe(8);
  });

  it('rolls a transaction back on failure, and a refused opening runs nothing', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'T-1'}, ${100})`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    // The select answers no row, the guard fails: what the handler sent behind it (on PostgreSQL before the
    // guard's answer, in the same round trip) is not kept.
    const refusing = {
      select: { sql: 'select 1 as one where $1::int = 2', params: [1] },
      guard: {
        sql: `select case when $1::int = 2 then 1 else ('${PRELUDE_REFUSED_MARK}:' || $1)::int end`,
        params: [1],
      },
    };
    const refused = await transactionWith(database.db, refusing, async (tx) =>
      tx.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'T-2'}, ${101})`),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PreludeRefused);
    // A handler that swallows its statements' failures is refused all the same.
    const swallowed = await transactionWith(database.db, refusing, async (tx) => {
      await tx
        .execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'T-3'}, ${102})`)
        .catch(() => null);
      return 'done';
    }).catch((e: unknown) => e);
    expect(swallowed).toBeInstanceOf(PreludeRefused);
    const probe = { sql: `select set_config('app.probe', $1, true) as v`, params: ['yes'] };
    const opened = await transactionWith(database.db, { select: probe, guard: probe }, async (tx) =>
      rowsOf<{ v: string }>(await tx.execute(sql`select current_setting('app.probe') as v`)),
    );
    expect(opened[0]!.v).toBe('yes');
    const [left] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from ${sql.raw(TABLE)} where code like ${'T-%'}`,
      ),
    );
    expect(left!.n).toBe(0);
  });

  it('runs reads read-only, and what follows a read sees and keeps its own writes', async () => {
    const opening = { sql: `select set_config('app.probe', $1, true) as v`, params: ['r'] };
    const prelude = { select: opening, guard: opening };
    const read = await readWith(database.db, prelude, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.raw(TABLE)}`)),
    );
    expect(read[0]!.n).toBe(8);
    const write = await readWith(database.db, prelude, (tx) =>
      tx.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'RO-1'}, ${1})`),
    ).catch((e: unknown) => e);
    expect(String((write as { cause?: unknown }).cause ?? write)).toMatch(/read-only transaction/);
    // A write right after a read (its COMMIT may still be pending) is committed and seen by the next read.
    await database.db.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'RW-1'}, ${1})`);
    const after = await readWith(database.db, prelude, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from ${sql.raw(TABLE)} where code = ${'RW-1'}`),
      ),
    );
    expect(after[0]!.n).toBe(1);
    await database.db.execute(sql`delete from ${sql.raw(TABLE)} where code = ${'RW-1'}`);
  });

  it('runs every statement of a read behind its guard, and refuses a read whose guard fails, whatever it asked', async () => {
    const opening = { sql: `select set_config('app.probe', $1, true) as v`, params: ['batch'] };
    const prelude = { select: opening, guard: opening };
    // One row each: the guard's own row, answered in the same call on PGlite, is not the statement's.
    const setting = sql`select current_setting('app.probe', true) as seen`;
    const onlyRow = (r: unknown) => {
      const rows = rowsOf<{ seen: string }>(r);
      expect(rows).toHaveLength(1);
      return rows[0]!.seen;
    };
    // Statements made together, one after another and after a pause (on PostgreSQL, separate batches).
    const seen = await readWith(database.db, prelude, async (tx) => {
      const together = await Promise.all([tx.execute(setting), tx.execute(setting)]);
      const next = await tx.execute(setting);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = await tx.execute(setting);
      return [...together, next, later].map(onlyRow);
    });
    expect(seen).toEqual(['batch', 'batch', 'batch', 'batch']);
    // A first statement the database cannot even parse: what follows it still runs behind the guard.
    const afterBroken = await readWith(database.db, prelude, async (tx) => {
      const broken = await tx.execute(sql`selec ${1}`).catch((e: unknown) => e);
      expect(broken).toBeInstanceOf(Error);
      return onlyRow(await tx.execute(setting));
    });
    expect(afterBroken).toBe('batch');
    const refusing = {
      select: { sql: 'select 1 as one where $1::int = 2', params: [1] },
      guard: {
        sql: `select case when $1::int = 2 then 1 else ('${PRELUDE_REFUSED_MARK}:' || $1)::int end`,
        params: [1],
      },
    };
    // A handler that swallows its statements' failures, and one that asks nothing, are refused all the same.
    const swallowed = await readWith(database.db, refusing, async (tx) => {
      await tx.execute(setting).catch(() => null);
      return 'done';
    }).catch((e: unknown) => e);
    expect(swallowed).toBeInstanceOf(PreludeRefused);
    const silent = await readWith(database.db, refusing, async () => 'nothing asked').catch(
      (e: unknown) => e,
    );
    expect(silent).toBeInstanceOf(PreludeRefused);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'checks the guard again for each later batch of a read, and leaves its connection out of any transaction',
    async () => {
      // One connection, so that the statements after the read run on the connection the read used.
      const single = await openDatabase({
        url: process.env.DATABASE_URL,
        dataDir: 'memory://',
        migrationsDir: MIGRATIONS_DIR,
        poolSize: 1,
      });
      try {
        const stop = `STOP-${process.pid}`;
        const guard = {
          // The refusal depends on a row, never on a constant the planner would fold into an error.
          sql: `select set_config('app.probe', 'g', true), case when c.n = 0 then 1 else ('${PRELUDE_REFUSED_MARK}:' || c.n)::int end from (select count(*) as n from ${TABLE} where code = $1) c`,
          params: [stop],
        };
        const prelude = { select: guard, guard };
        const count = sql`select count(*)::int as n from ${sql.raw(TABLE)}`;
        // The proof stops holding between the read's first and second batch: the second is refused.
        let firstAnswered = false;
        const refused = await readWith(single.db, prelude, async (tx) => {
          const first = rowsOf<{ n: number }>(await tx.execute(count))[0]!.n;
          firstAnswered = true;
          await database.db.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${stop}, ${1})`);
          await tx.execute(count).catch(() => null);
          return first;
        }).catch((e: unknown) => e);
        expect(firstAnswered).toBe(true);
        expect(refused).toBeInstanceOf(PreludeRefused);
        await database.db.execute(sql`delete from ${sql.raw(TABLE)} where code = ${stop}`);
        const answered = await readWith(single.db, prelude, async (tx) =>
          rowsOf<{ n: number }>(await tx.execute(count)),
        );
        expect(answered[0]!.n).toBeGreaterThan(0);
        // Right after the read, on its connection: no transaction left open, no setting left, writable.
        const [after] = rowsOf<{ v: string | null; open: boolean }>(
          await single.db.execute(
            sql`select current_setting('app.probe', true) as v, now() <> statement_timestamp() as open`,
          ),
        );
        expect(after!.v ?? '').toBe('');
        expect(after!.open).toBe(false);
        await single.db.execute(sql`insert into ${sql.raw(TABLE)} (code, n) values (${'AFTER-READ'}, ${1})`);
        await single.db.execute(sql`delete from ${sql.raw(TABLE)} where code = ${'AFTER-READ'}`);
      } finally {
        await single.close();
      }
    },
  );

  it('answers long, non-ASCII and null cells of a large result, and an error with its fields', async () => {
    // About 600 KB: PGlite hands such an answer over in several chunks.
    const rows = rowsOf<{ i: number; s: string; z: string | null }>(
      await database.db.execute(
        sql`select i, repeat('链', ${100}) || i || ${'é'} as s, case when i % 2 = 0 then null else 'x' end as z from generate_series(1, ${2000}) i`,
      ),
    );
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ i: 2000, s: `${'链'.repeat(100)}2000é`, z: null });
    expect(rows[0]!.z).toBe('x');
    const duplicate = await insert('C-2', 1).catch((e: unknown) => e);
    const cause = ((duplicate as { cause?: unknown }).cause ?? duplicate) as Record<string, unknown>;
    expect(cause).toMatchObject({
      code: '23505',
      table: TABLE,
      constraint: `${TABLE}_code`,
      severity: 'ERROR',
    });
    expect(String(cause.detail)).toContain('(code)=(C-2)');
    expect(cause).toBeInstanceOf(Error);
  });

  it('prepares a statement again after its table changed shape', async () => {
    const read = () => database.db.execute(sql`select * from ${sql.raw(TABLE)} where id = ${1}`);
    expect(rowsOf(await read())).toHaveLength(1);
    await database.db.execute(sql`alter table ${sql.raw(TABLE)} add column extra text default 'e'`);
    const [row] = rowsOf<{ extra: string }>(await read());
    expect(row!.extra).toBe('e');
  });

  it('analyses a table that outgrew its statistics, and then plans its statements on them', async () => {
    const lookup = () =>
      database.db.execute(sql`explain select id from ${sql.raw(TABLE)} where code = ${'C-5'} and n >= ${0}`);
    // Counted changes reach the statistics the keeper reads when the connection that made them next goes
    // idle, at most once a second unless a flush is asked for (the same connection, on a pool).
    const insertRows = (prefix: string, count: number) =>
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ${sql.raw(TABLE)} (code, n) select ${prefix} || i, i from generate_series(1, ${count}::int) i`,
        );
        await tx.execute(sql`select pg_stat_force_next_flush()`);
      });
    await insertRows('G-', 20_000);
    const analysed = await refreshStatistics(database.db);
    expect(analysed).toContain(TABLE);
    const [stats] = rowsOf<{ reltuples: number }>(
      await database.db.execute(sql`select reltuples from pg_class where relname = ${TABLE}`),
    );
    expect(Number(stats!.reltuples)).toBeGreaterThan(10_000);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(await lookup())
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(new RegExp(`Index Scan using ${TABLE}_code`));
    // Nothing outgrew its statistics since, by either check.
    expect(await refreshStatistics(database.db)).not.toContain(TABLE);
    expect(await refreshStatistics(database.db, 'size')).not.toContain(TABLE);

    // Grown again, its counted changes lost (as after a crash): the size check still finds it.
    await insertRows('H-', 40_000);
    await database.db.execute(sql`select pg_stat_reset_single_table_counters(${TABLE}::regclass)`);
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    expect(await refreshStatistics(database.db)).not.toContain(TABLE);
    expect(await refreshStatistics(database.db, 'size')).toContain(TABLE);
    const [after] = rowsOf<{ reltuples: number }>(
      await database.db.execute(sql`select reltuples from pg_class where relname = ${TABLE}`),
    );
    expect(Number(after!.reltuples)).toBeGreaterThan(50_000);
  });

  it('vacuums, as autovacuum would, a table whose rows died or that grew, and no other', async () => {
    // A table of its own, which PostgreSQL's autovacuum (with DATABASE_URL) must not vacuum before the keeper.
    const table = `${TABLE}_v`;
    await database.db.execute(
      sql`create table ${sql.raw(table)} (id serial primary key, n int not null) with (autovacuum_enabled = false)`,
    );
    await database.db.execute(sql`create index ${sql.raw(table)}_n on ${sql.raw(table)} (n)`);
    const write = (statement: ReturnType<typeof sql>) =>
      database.db.transaction(async (tx) => {
        await tx.execute(statement);
        await tx.execute(sql`select pg_stat_force_next_flush()`);
      });
    const state = async () => {
      const [row] = rowsOf<{ dead: string; visible: number; pages: number; vacuumed: string | null }>(
        await database.db.execute(sql`
          select s.n_dead_tup as dead, c.relallvisible as visible, c.relpages as pages, s.last_vacuum as vacuumed
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`),
      );
      return { dead: Number(row!.dead), visible: row!.visible, pages: row!.pages, vacuumed: row!.vacuumed };
    };
    try {
      // Grown by inserts alone: vacuumed, so that its pages are marked all-visible for index-only scans.
      await write(sql`insert into ${sql.raw(table)} (n) select i from generate_series(1, 5000) i`);
      expect(await vacuumTables(database.db)).toContain(table);
      const grown = await state();
      expect(grown.vacuumed).not.toBeNull();
      expect(grown.pages).toBeGreaterThan(0);
      expect(grown.visible).toBe(grown.pages);
      const counted = rowsOf<{ 'QUERY PLAN': string }>(
        await database.db.execute(
          sql`explain (analyze, costs off) select count(*) from ${sql.raw(table)} where n > ${0}`,
        ),
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(counted).toMatch(/Index Only Scan[\s\S]*Heap Fetches: 0/);
      expect(await vacuumTables(database.db)).not.toContain(table);

      // A few rows changed: under autovacuum's threshold (50 and a fifth of the table), left alone.
      await write(sql`update ${sql.raw(table)} set n = n + 1 where id <= 100`);
      expect(await vacuumTables(database.db)).not.toContain(table);
      // Past it: vacuumed, its dead rows gone.
      await write(sql`update ${sql.raw(table)} set n = n + 1 where id <= 2000`);
      expect((await state()).dead).toBeGreaterThan(1_050);
      expect(await vacuumTables(database.db)).toContain(table);
      expect((await state()).dead).toBe(0);
      expect(await vacuumTables(database.db)).not.toContain(table);
    } finally {
      await database.db.execute(sql`drop table ${sql.raw(table)}`);
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  "a cached session's proof on PGlite (migration 0041)",
  () => {
    it('is skipped until a fact it compares changes, and asked again after any change', async () => {
      const t = await startTestApp();
      try {
        const db = t.runtime.deps.db;
        const refusing = {
          select: { sql: 'select 1 as one where $1::int = 2', params: [1] },
          guard: {
            sql: `select case when $1::int = 2 then 1 else ('${PRELUDE_REFUSED_MARK}:' || $1)::int end`,
            params: [1],
          },
        };
        const plain = { sql: `select set_config('app.probe', $1, true) as v`, params: ['unproven'] };
        const probe = sql`select current_setting('app.probe') as v`;
        const facts = sessionFactsChanges(db);
        expect(facts).not.toBeNull();
        const prelude = {
          ...refusing,
          unproven: { select: plain, guard: plain, sessionFactsChanges: facts! },
        };
        const read = () =>
          readWith(db, prelude, async (tx) => rowsOf<{ v: string }>(await tx.execute(probe)));
        const write = () =>
          transactionWith(db, prelude, async (tx) => rowsOf<{ v: string }>(await tx.execute(probe)));
        // Nothing changed since: the proof (here one that always refuses) is not asked.
        expect((await read())[0]!.v).toBe('unproven');
        expect((await write())[0]!.v).toBe('unproven');
        // A write of other tables, and a sliding expiry (later), announce nothing.
        await db.execute(sql`update products set name = name where false`);
        await db.execute(sql`update sessions set expires_at = expires_at + interval '1 minute' where false`);
        expect(sessionFactsChanges(db)).toBe(facts);
        // Each fact the proof compares, changed (even by a statement that matched no row): proved again.
        // Sessions' triggers are per row: each change of a session has a live one to change.
        const live = sql`(select max(id) from sessions where revoked_at is null and expires_at > now())`;
        const changes = [
          sql`update sessions set expires_at = expires_at - interval '1 minute' where id = ${live}`,
          sql`update sessions set revoked_at = now() where id = ${live}`,
          sql`delete from sessions where id = ${live}`,
          sql`update users set status = status where false`,
          sql`update users set must_change_password = must_change_password where false`,
          sql`update enterprise_users set is_admin = is_admin where false`,
          sql`insert into enterprise_users select * from enterprise_users where false`,
          sql`update enterprises set unconfigured_codes = unconfigured_codes where false`,
          sql`delete from roles where false`,
          sql`delete from role_permissions where false`,
          sql`insert into user_roles select * from user_roles where false`,
        ];
        let seen = facts!;
        for (const [i, change] of changes.entries()) {
          await signIn(t.app, 'demo-auto', AUTO_UUID);
          seen = sessionFactsChanges(db)!;
          await db.execute(change);
          expect(sessionFactsChanges(db), `change ${i}`).toBeGreaterThan(seen);
          seen = sessionFactsChanges(db)!;
          expect(await read().catch((e: unknown) => e)).toBeInstanceOf(PreludeRefused);
          expect(await write().catch((e: unknown) => e)).toBeInstanceOf(PreludeRefused);
        }
        // A change rolled back announces nothing.
        await db
          .transaction(async (tx) => {
            await tx.execute(sql`delete from roles where false`);
            throw new Error('undo');
          })
          .catch(() => null);
        expect(sessionFactsChanges(db)).toBe(seen);
      } finally {
        await t.close();
      }
    });
  },
);

describe('statistics of the evidence and audit tables (migration 0040)', () => {
  it('are kept for the columns statements select on, not for leaves, payloads, signatures or row images', async () => {
    const t = await startTestApp();
    try {
      const db = t.runtime.deps.db;
      await db.execute(sql`analyze ledger_events`);
      await db.execute(sql`analyze audit_log`);
      const columns = async (table: string) =>
        rowsOf<{ attname: string }>(
          await db.execute(
            sql`select attname from pg_stats where schemaname = 'public' and tablename = ${table} order by attname`,
          ),
        ).map((r) => r.attname);
      const events = await columns('ledger_events');
      expect(events).toEqual(expect.arrayContaining(['enterprise_uuid', 'subject_id', 'subject_type']));
      for (const wide of ['leaf_hash', 'leaf_data', 'payload', 'payload_hash', 'salt', 'signature']) {
        expect(events).not.toContain(wide);
      }
      const audit = await columns('audit_log');
      expect(audit).toEqual(expect.arrayContaining(['enterprise_uuid', 'record_id', 'table_name']));
      expect(audit).not.toContain('before');
      expect(audit).not.toContain('after');
    } finally {
      await t.close();
    }
  });
});

/**
 * A PGlite of its own (in memory) with our statements client on it, closed after `use`; loaded only when used
 * (these cases are skipped on PostgreSQL).
 */
async function withOwnPglite<T>(
  options: { turnAfterMs?: number },
  use: (statements: PgliteStatements, pg: PGlite, protocol: typeof PgliteProtocol) => Promise<T>,
): Promise<T> {
  const { PGlite, protocol } = await import('@electric-sql/pglite');
  const { PgliteStatements } = await import('../src/db/pglite-statements.ts');
  const pg = await PGlite.create();
  try {
    return await use(new PgliteStatements(pg, protocol, options), pg, protocol);
  } finally {
    await pg.close();
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded PGlite after our statements', () => {
  it("still answers PGlite's own query (its answer handler is handed back after each exchange)", () =>
    withOwnPglite({}, async (statements, pg, protocol) => {
      const ours = await statements.query('select $1::int + 1 as n', [41]);
      expect(ours.rows).toEqual([{ n: 42 }]);
      await expect(statements.query('select 1/0', [])).rejects.toMatchObject({ code: '22012' });
      const theirs = await pg.query<{ n: number }>('select $1::int * 2 as n', [21]);
      expect(theirs.rows).toEqual([{ n: 42 }]);
      await statements.query('select $1::int as n', [1]);
      const { messages } = await pg.execProtocol(protocol.serialize.query('select 7 as n'));
      expect(messages.map((m) => m.name)).toContain('dataRow');
    }));
});

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the embedded PGlite under a queue of transactions',
  () => {
    /**
     * How many of `count` transactions, all waiting for the connection at once, had completed when a
     * setImmediate queued behind them ran: the event loop's first turn.
     */
    const completedAtFirstTurn = (turnAfterMs: number, count: number) =>
      withOwnPglite({ turnAfterMs }, async (statements) => {
        await statements.query('select $1::int as n', [0]);
        let completed = 0;
        let atFirstTurn: number | null = null;
        const all = Array.from({ length: count }, (_, i) =>
          (i % 2 === 0
            ? statements.transaction((tx) => tx.query('select $1::int as n', [i]))
            : statements.readTransaction(
                (tx) => tx.query('select $1::int as n', [i]),
                { text: 'select $1::int as guard', params: [1] },
                () => new Error('refused'),
              )
          ).then((answer) => {
            expect(answer.rows).toEqual([{ n: i }]);
            completed++;
          }),
        );
        setImmediate(() => {
          atFirstTurn = completed;
        });
        await Promise.all(all);
        expect(completed).toBe(count);
        return atFirstTurn ?? count;
      });

    it('lets the event loop turn while the connection passes from one transaction to the next', async () => {
      // Without turns the whole queue runs in promise callbacks before the loop reads a request or fires a
      // timer (what LoopTurns is for): the contrast shows the case below could fail.
      expect(await completedAtFirstTurn(Number.POSITIVE_INFINITY, 200)).toBe(200);
      // Asked to turn at once, the loop turns with most of the queue still waiting, and every answer is right.
      expect(await completedAtFirstTurn(0, 200)).toBeLessThan(20);
    });
  },
);
