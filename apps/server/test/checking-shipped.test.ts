import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type TCheckFinding,
  type TCheckPackage,
  type TCheckTask,
  type TCheckTaskCreate,
  type TListResponse,
} from '@tracehub/contract';
import { partners, users } from '../src/db/schema.ts';
import { typesOf } from '../src/modules/trace/public.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';

// "A batch received that the supplier shipped in smaller quantity" (issue 16 item 1), part of the check
// receipt-not-shipped: the clean demo chain passes (the battery maker shipped the 600 cells the automaker
// received); a second receipt of the same lot makes it short, and the fault is the supplier's. The
// automaker must run its package whole: this file reads this check's findings only. The database function
// that compares answers the comparison only, for the caller's own receipts.

const DAY = 86_400_000;

describe('troubleshooting: shipped in smaller quantity', () => {
  const app = useTestApp({ auto: AS_AUTO }, { SEED_DEMO_CHAIN: 'true' });
  let standard: TCheckPackage;
  let hxBat: number;

  const linkedTask = async (): Promise<TCheckFinding[]> => {
    const body: TCheckTaskCreate = {
      taskType: 'linked',
      dimension: 'time',
      timeBasis: 'business',
      from: Date.now() - 30 * DAY,
      to: Date.now(),
      maxAmount: 10_000,
      supplierIds: [hxBat],
      packageId: 'standard',
      checkIds: standard.checkIds,
    };
    const task = expectOk(
      await call<TCheckTask>(app.app, '/dataChecking/createTask', { token: app.auto, body }),
    );
    await runJobsUntilIdle(app.runtime.deps);
    const done = expectOk(
      await call<TCheckTask>(app.app, '/dataChecking/taskDetail', {
        token: app.auto,
        body: { taskId: task.id },
      }),
    );
    expect(done.task.status).toBe('completed');
    return expectOk(
      await call<TListResponse<TCheckFinding>>(app.app, '/dataChecking/selectAbnormalPage', {
        token: app.auto,
        body: { taskId: task.id, pageSize: 100 },
      }),
    ).list.filter((f) => f.checkId === 'receipt-not-shipped' && f.outcome !== 'pass');
  };

  beforeAll(async () => {
    await seal(app);
    standard = expectOk(
      await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token: app.auto }),
    ).find((p) => p.id === 'standard')!;
    const [p] = await dbOf(app)
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.enterpriseUuid, AUTO_UUID), eq(partners.code, 'HX-BAT')));
    hxBat = p!.id;
  });

  it('passes the clean chain, and fails a lot received in larger quantity than the supplier shipped', async () => {
    expect(standard.checkIds).toContain('receipt-not-shipped');
    expect(await linkedTask()).toEqual([]);

    // 50 more cells of the lot the battery maker shipped 600 of: 650 received.
    expectOk(
      await call(app.app, '/stagePurchase/receipt/add', {
        token: app.auto,
        body: {
          billNo: 'RK-XH-050',
          bizTime: Date.now() - DAY,
          partnerCode: 'HX-BAT',
          itemCode: 'XH-CELL',
          batchNo: 'CELL-2026-03',
          quantity: 50,
          unit: '件',
        },
      }),
    );
    const found = await linkedTask();
    expect(found.map((f) => `${f.checkId} ${f.outcome} ${f.subject}`).sort()).toEqual([
      'receipt-not-shipped fail received:RK-XH-001/XH-CELL/CELL-2026-03',
      'receipt-not-shipped fail received:RK-XH-050/XH-CELL/CELL-2026-03',
    ]);
    expect(found.every((f) => f.companyUuid === SUPPLIER_UUID)).toBe(true);
    expect(found[0]!.message.en).toMatch(/shipping less than was received/);
    expect(found[0]!.message.zh).toMatch(/发货数量少于收货数量/);
  });

  it("compares only the caller's own receipts, and answers no quantity", async () => {
    const [admin] = await dbOf(app)
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo-auto'));
    const ask = async (enterpriseUuid: string) => {
      const res = await withTenant(dbOf(app), { enterpriseUuid, userId: admin!.id }, (tx) =>
        tx.execute(
          sql`select * from tracehub_check_shipped_short(array['XH-CELL'], array['CELL-2026-03'],
                ${sql.param(typesOf('receipt'))}::int[], ${sql.param(typesOf('delivery'))}::int[])`,
        ),
      );
      return (res as unknown as { rows: Record<string, unknown>[] }).rows;
    };
    // The automaker's lot from the battery maker: short (the receipt planted above), and nothing else.
    const mine = await ask(AUTO_UUID);
    expect(mine).toEqual([{ n: expect.anything(), partner_id: hxBat, short: true }]);
    // Asked in the battery maker's name, the automaker's receipts are not its own: nothing.
    expect(await ask(SUPPLIER_UUID)).toEqual([]);
  });
});
