import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { cacheStatementTexts } from '../src/db/statement-cache.ts';
import { accountLog, documents, enterprises, materials, products, users } from '../src/db/schema.ts';

// db/statement-cache.ts keeps Drizzle's statement texts by the shape of the query. For every kind of statement
// the server writes, the kept text and the walked parameters must be exactly what Drizzle writes, on the first
// query of a shape (written by Drizzle) and on the next ones (the kept text, other values).

/** A handle whose statements are only written, never sent (node-postgres without a pool). */
function handles() {
  const cached = drizzle.mock();
  const plain = drizzle.mock();
  const dialect = (cached as unknown as { dialect: PgDialect }).dialect;
  cacheStatementTexts(dialect);
  return { cached, plain, dialect };
}

type Db = ReturnType<typeof drizzle.mock>;

/** Statement builders, each given the values of one query. */
const statements: Record<string, (db: Db, v: number) => { toSQL(): { sql: string; params: unknown[] } }> = {
  'select with joins, filters, order and page': (db, v) =>
    db
      .select({ id: accountLog.id, user: users.username, enterprise: enterprises.name })
      .from(accountLog)
      .leftJoin(users, eq(users.id, accountLog.userId))
      .leftJoin(enterprises, eq(enterprises.uuid, accountLog.enterpriseUuid))
      .where(and(eq(accountLog.enterpriseUuid, `e-${v}`), gte(accountLog.createdAt, new Date(v * 1000))))
      .orderBy(desc(accountLog.createdAt), desc(accountLog.id))
      .limit(10)
      .offset(v * 10),
  'IN list, OR and IS NULL': (db, v) =>
    db
      .select()
      .from(materials)
      .where(
        or(
          inArray(materials.code, [`a${v}`, `b${v}`, `c${v}`]),
          and(isNull(materials.batchNo), eq(materials.id, v)),
        ),
      ),
  'array overlap (an array parameter)': (db, v) =>
    db
      .select({ id: documents.id })
      .from(documents)
      .where(arrayOverlaps(documents.relatedBillNos, [`R-${v}`, `S-${v}`])),
  'subquery as a scalar column and CTE': (db, v) => {
    const capped = db
      .select({ one: sql`1` })
      .from(products)
      .where(eq(products.enterpriseUuid, `e-${v}`))
      .limit(10_000)
      .as('capped');
    const recent = db.$with('recent').as(
      db
        .select()
        .from(products)
        .where(eq(products.code, `P-${v}`)),
    );
    return db
      .with(recent)
      .select({ id: recent.id, total: sql<number>`(select count(*)::int from ${capped})`.as('total') })
      .from(recent)
      .orderBy(asc(recent.id));
  },
  'aliased table and aggregate': (db, v) => {
    const parent = alias(enterprises, 'parent');
    return db
      .select({ n: count(), name: parent.name })
      .from(enterprises)
      .innerJoin(parent, eq(parent.uuid, enterprises.uuid))
      .where(eq(enterprises.name, `n${v}`))
      .groupBy(parent.name);
  },
  'insert with jsonb, timestamps and returning': (db, v) =>
    db
      .insert(accountLog)
      .values({
        enterpriseUuid: `e-${v}`,
        userId: v,
        action: 'login',
        result: 'success',
        detail: { attempt: v, nested: [v, String(v)] },
        createdAt: new Date(v),
      })
      .returning({ id: accountLog.id }),
  'update with an expression': (db, v) =>
    db
      .update(materials)
      .set({ name: `m${v}`, weight: sql`${materials.weight} + ${v}` })
      .where(eq(materials.id, v)),
  delete: (db, v) => db.delete(users).where(inArray(users.id, [v, v + 1])),
  'raw SQL with an identifier': (db, v) => ({
    toSQL: () =>
      (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(
        sql`select ${sql.identifier('code')} from ${products} where ${products.id} = ${v} and code like ${`%${v}%`}`,
      ),
  }),
};

describe('statement texts kept by shape (db/statement-cache.ts)', () => {
  for (const [name, build] of Object.entries(statements)) {
    it(`writes what Drizzle writes: ${name}`, () => {
      const { cached, plain } = handles();
      for (const v of [1, 2, 3]) {
        const expected = build(plain, v).toSQL();
        const got = build(cached, v).toSQL();
        expect(got.sql).toBe(expected.sql);
        expect(got.params).toEqual(expected.params);
      }
    });
  }

  it('writes queries with inlined values by Drizzle, never from a kept text', () => {
    const { cached, dialect } = handles();
    const first = dialect.sqlToQuery(sql`select ${sql.raw(`'a'`)}, ${1}`.inlineParams());
    const second = dialect.sqlToQuery(sql`select ${sql.raw(`'a'`)}, ${2}`.inlineParams());
    expect(first).toEqual({ sql: `select 'a', 1`, params: [] });
    expect(second).toEqual({ sql: `select 'a', 2`, params: [] });
    expect(cached).toBeDefined();
  });

  it('keeps apart shapes that differ only in a raw fragment or an identifier', () => {
    const { dialect } = handles();
    const a = dialect.sqlToQuery(sql`select ${sql.raw('id')} from ${products} where ${products.id} = ${1}`);
    const b = dialect.sqlToQuery(sql`select ${sql.raw('code')} from ${products} where ${products.id} = ${1}`);
    const c = dialect.sqlToQuery(sql`select ${sql.identifier('x')} where ${1} = 1`);
    const d = dialect.sqlToQuery(sql`select ${sql.identifier('y')} where ${1} = 1`);
    expect(a.sql).toContain('select id from');
    expect(b.sql).toContain('select code from');
    expect(c.sql).toBe('select "x" where $1 = 1');
    expect(d.sql).toBe('select "y" where $1 = 1');
  });

  it('answers Drizzle’s own text when verifying every kept text', () => {
    const dialect = new PgDialect();
    cacheStatementTexts(dialect, { verify: true });
    for (const v of [1, 2]) {
      expect(dialect.sqlToQuery(sql`select ${v}::int + ${sql.raw(String(v))}`).sql).toBe(
        `select $1::int + ${v}`,
      );
    }
  });
});
