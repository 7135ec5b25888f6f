import { and, count, eq, gte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type TListResponse, type TLogItem } from '@tracehub/contract';
import { accountLog, users } from '../src/db/schema.ts';
import { AS_AUTO, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';

const BULK = 10_050;

describe('account log: counted total capped at 10000', () => {
  const t = useTestApp({ token: AS_AUTO });
  let stored: number;
  const page = async (body: Record<string, unknown>) =>
    expectOk(await call<TListResponse<TLogItem>>(t.app, '/log/selectLogPage', { token: t.token, body }));

  beforeAll(async () => {
    const [auto] = await dbOf(t).select({ id: users.id }).from(users).where(eq(users.username, 'demo-auto'));
    // One statement: 10,050 sign-in lines of the automaker, one second apart, plus a few failures.
    await dbOf(t).execute(sql`
      INSERT INTO account_log (user_id, enterprise_uuid, action, result, ip, created_at)
      SELECT ${auto!.id}, ${AUTO_UUID},
             CASE WHEN g % 1000 = 0 THEN 'loginFailed' ELSE 'login' END,
             CASE WHEN g % 1000 = 0 THEN 'failure' ELSE 'success' END,
             '10.0.0.' || (g % 250), now() - make_interval(secs => g)
      FROM generate_series(1, ${BULK}) AS g`);
    // Lines of another enterprise never count.
    await dbOf(t).execute(sql`
      INSERT INTO account_log (user_id, enterprise_uuid, action, result, created_at)
      SELECT ${auto!.id}, ${SUPPLIER_UUID}, 'login', 'success', now() FROM generate_series(1, 20)`);
    const [n] = await dbOf(t)
      .select({ n: count() })
      .from(accountLog)
      .where(eq(accountLog.enterpriseUuid, AUTO_UUID));
    stored = n!.n;
  });

  it('reports total 10000 while more lines exist, and the list still pages', async () => {
    expect(stored).toBeGreaterThan(BULK);
    const first = await page({ pageSize: 1000 });
    expect(first.total).toBe(LIMITS.maxCountedTotal);
    expect(first.list).toHaveLength(1000);
    const tenth = await page({ pageNo: 10, pageSize: 1000 });
    expect(tenth.total).toBe(10_000);
    expect(tenth.list).toHaveLength(1000);
    const firstIds = new Set(first.list.map((l) => l.id));
    expect(tenth.list.some((l) => firstIds.has(l.id))).toBe(false);
    // Newest first: the tenth page is older than the first.
    expect(tenth.list[0]!.createdAt).toBeLessThan(first.list.at(-1)!.createdAt);
    // Beyond the counted total the lines are still there.
    const beyond = await page({ pageNo: 11, pageSize: 1000 });
    expect(beyond.total).toBe(10_000);
    expect(beyond.list).toHaveLength(stored - 10_000);
    const small = await page({ pageNo: 500, pageSize: 20 });
    expect(small.list).toHaveLength(20);
    expect(small.total).toBe(10_000);
  });

  it('counts exactly below the cap', async () => {
    const failures = await page({ result: 'failure' });
    expect(failures.total).toBe(Math.floor(BULK / 1000));
    expect(failures.list.every((l) => l.action === 'loginFailed')).toBe(true);
    const oneIp = await page({ ip: '10.0.0.249', pageSize: 100 });
    expect(oneIp.total).toBe(
      Array.from({ length: BULK }, (_, i) => i + 1).filter((g) => g % 250 === 249).length,
    );
    expect(oneIp.list.every((l) => l.ip === '10.0.0.249')).toBe(true);
    const hourAgo = Date.now() - 3_600_000;
    const lastHour = await page({ createdFrom: hourAgo });
    const [inHour] = await dbOf(t)
      .select({ n: count() })
      .from(accountLog)
      .where(and(eq(accountLog.enterpriseUuid, AUTO_UUID), gte(accountLog.createdAt, new Date(hourAgo))));
    expect(inHour!.n).toBeGreaterThan(3_000);
    expect(lastHour.total).toBe(inHour!.n);
  });
});
