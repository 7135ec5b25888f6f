import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { PRODUCT_KEY } from '../src/modules/product/repo.ts';
import { existingNaturalKeys, naturalKeysQuery } from '../src/platform/imports/natural-keys.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AUTO_UUID, MINE_UUID, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';
import { explain, indexesOf, planTenant, scansOf, seqScannedTables } from './support/query-plans.ts';

/*
 * The look-up of keys an enterprise already holds (platform/imports/natural-keys.ts), which every import
 * chunk and every single create makes: exact keys only, the enterprise's only, and through the key's index
 * with the planner's default costs at a size where an IN list of an import chunk's keys is read by a
 * sequential scan of the whole table (docs/performance.md, eleventh pass).
 */

const FILLER = 15_000;
/** Codes with what an array literal must quote: separators, quotes, braces, backslashes, spaces, NULL. */
const AWKWARD = ['A,B', 'say "hi"', '{brace}', 'back\\slash', ' spaced ', 'NULL', '锂电池-01'];

describe('existingNaturalKeys', () => {
  const t = useTestApp();
  let userId: number;

  beforeAll(async () => {
    const db = dbOf(t);
    const user = (await db.execute(sql`select id from users where username = 'demo-auto'`)) as unknown as {
      rows: { id: number }[];
    };
    userId = user.rows[0]!.id;
    // As the platform, like a fixture: the automaker's products, two sharing a code, and the same code at
    // another enterprise.
    await db.execute(sql`
      insert into products (uuid, enterprise_uuid, name, code, batch_no, vin_sn, created_by)
      select gen_random_uuid()::text, ${AUTO_UUID}, '填充产品' || g, 'NK-' || g, 'B-' || (g % 7), '', ${userId}
      from generate_series(1, ${FILLER}) g`);
    await db.execute(sql`
      insert into products (uuid, enterprise_uuid, name, code, batch_no, vin_sn, created_by)
      select gen_random_uuid()::text, ${AUTO_UUID}, '怪码', c, 'B-1', 'VIN-' || c, ${userId}
      from unnest(${sql.param(AWKWARD)}::text[]) as c`);
    await db.execute(sql`
      insert into products (uuid, enterprise_uuid, name, code, batch_no, vin_sn, created_by)
      values (gen_random_uuid()::text, ${MINE_UUID}, '别家', 'NK-OTHER', 'B-1', '', ${userId})`);
    await db.execute(sql`analyze products`);
  }, 120_000);

  const lookUp = (keys: string[][], enterpriseUuid = AUTO_UUID) =>
    withTenant(dbOf(t), planTenant(enterpriseUuid, userId), (tx) =>
      existingNaturalKeys(tx, enterpriseUuid, PRODUCT_KEY, keys),
    );

  it('answers the exact keys held, part by part', async () => {
    const found = await lookUp([
      ['NK-1', 'B-1', ''],
      ['NK-2', 'B-1', ''], // NK-2 is batch B-2
      ['NK-3', 'B-3', 'X'], // vin differs
      ['NK-999999', 'B-1', ''],
      ['NK-14', 'B-0', ''],
    ]);
    expect(found.sort()).toEqual([
      ['NK-1', 'B-1', ''],
      ['NK-14', 'B-0', ''],
    ]);
  });

  it('reads codes an array literal must quote', async () => {
    const keys = AWKWARD.map((c) => [c, 'B-1', `VIN-${c}`]);
    expect((await lookUp(keys)).sort()).toEqual([...keys].sort());
  });

  it("never answers another enterprise's keys", async () => {
    expect(await lookUp([['NK-OTHER', 'B-1', '']])).toEqual([]);
    expect(await lookUp([['NK-1', 'B-1', '']], MINE_UUID)).toEqual([]);
  });

  it("reaches the products of an import chunk's 500 keys through the key's index, default costs", async () => {
    const codes = Array.from({ length: 500 }, (_, i) => `NK-${FILLER + 1 + i}`);
    const query = naturalKeysQuery(AUTO_UUID, PRODUCT_KEY, codes);
    const plan = await withTenant(dbOf(t), planTenant(AUTO_UUID, userId), (tx: Db) =>
      explain(tx, 'existing keys', query, new PgDialect().sqlToQuery(query).sql, false),
    );
    expect(scansOf(plan).some((n) => n.relation === 'products')).toBe(true);
    expect(seqScannedTables(plan)).not.toContain('products');
    expect(indexesOf(plan)).toContain('products_enterprise_code_batch_vin_uq');
  });
});
