import { and, eq, gte, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, type TDashboard } from '@tracehub/contract';
import { documents, ledgerEvents } from '../src/db/schema.ts';
import { dashboardMonths } from '../src/modules/workbench/service.ts';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { runStandardCheck } from './support/checking.ts';
import { dbOf, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';

// The workbench dashboard (modules/workbench) on the demo supply chain: each panel's figures equal the
// enterprise's own rows counted directly, only for members holding the codes of the pages it counts, and
// never another enterprise's.

describe('workbench dashboard (/workbench/dashboard)', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });
  const get = async (token: string) =>
    expectOk(await call<TDashboard>(t.app, '/workbench/dashboard', { token, body: {} }));

  beforeAll(async () => {
    await seal(t);
  });

  it('gives twelve months ending with the current one', () => {
    const { months, from } = dashboardMonths(new Date(Date.UTC(2026, 0, 15)));
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-02');
    expect(months[11]).toBe('2026-01');
    expect(from.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it("counts the enterprise's documents per stage and month, and its sealed evidence", async () => {
    const board = await get(t.auto);
    const { from } = dashboardMonths(new Date());
    const db = dbOf(t);
    const [direct] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(eq(documents.enterpriseUuid, AUTO_UUID), gte(documents.bizTime, from)));
    const total = board.documents!.stages.flatMap((s) => s.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(direct!.n);
    expect(total).toBeGreaterThan(0);
    // Each stage's pages add up to its months.
    for (const s of board.documents!.stages)
      expect(s.pages.reduce((a, p) => a + p.total, 0)).toBe(s.counts.reduce((a, b) => a + b, 0));
    const [events] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.enterpriseUuid, AUTO_UUID), gte(ledgerEvents.createdAt, from)));
    expect(board.ledger!.totalSealed + board.ledger!.totalPending).toBe(events!.n);
    expect(board.ledger!.totalPending).toBe(0);
    expect(board.messages.unread).toBe(board.messages.byType.reduce((a, m) => a + m.count, 0));
    // The battery maker's figures are its own.
    const theirs = await get(t.supplier);
    const [theirDocs] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(and(eq(documents.enterpriseUuid, SUPPLIER_UUID), gte(documents.bizTime, from)));
    expect(theirs.documents!.stages.flatMap((s) => s.counts).reduce((a, b) => a + b, 0)).toBe(theirDocs!.n);
  });

  it("shows the newest troubleshooting task's findings by level", async () => {
    expect((await get(t.auto)).findings).toEqual({ latest: null });
    const taskId = await runStandardCheck(t, t.auto, DEMO_VINS);
    const board = await get(t.auto);
    expect(board.findings?.latest?.taskId).toBe(taskId);
    expect(
      board.findings!.latest!.counts.fatal +
        board.findings!.latest!.counts.urgent +
        board.findings!.latest!.counts.minor,
    ).toBeGreaterThanOrEqual(0);
    expect(board.findings!.latest!.finishedAt).not.toBeNull();
  });

  it('shows each panel only to members holding a code of the pages it counts', async () => {
    const bare = await get(await memberWithExactCodes(t, t.auto, AUTO_UUID, []));
    expect(bare).toMatchObject({ documents: null, ledger: null, imports: null, findings: null });
    expect(bare.messages.unread).toBe(0);
    const receipt = DOCUMENT_TYPES.find((d) => d.route === 'stagePurchase/receipt')!;
    const one = await get(await memberWithExactCodes(t, t.auto, AUTO_UUID, [receipt.code, 'ChainRecords']));
    expect(one.documents!.stages.map((s) => s.stage)).toEqual([receipt.stage]);
    expect(one.documents!.stages[0]!.pages.map((p) => p.code)).toEqual([receipt.code]);
    expect(one.ledger).not.toBeNull();
    expect(one.findings).toBeNull();
    // With the 'account' data permission only the member's own documents count (it has created none).
    const own = await get(
      await memberWithExactCodes(t, t.auto, AUTO_UUID, [receipt.code, 'ChainRecords'], {
        dataScope: 'account',
      }),
    );
    expect(own.documents!.stages[0]!.counts.every((n) => n === 0)).toBe(true);
    expect(own.ledger).toBeNull();
  });
});
