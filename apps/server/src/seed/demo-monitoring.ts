import { eq, inArray, sql } from 'drizzle-orm';
import { documentRecords, ENTERPRISE_MENU, menuCodes, type TDocumentCreateInput } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { documents, enterpriseUsers, users } from '../db/schema.ts';
import { documentStore } from '../modules/document/service.ts';
import { dayBefore, dayStart, ensureReport, localDay } from '../modules/monitor/service.ts';
import type { AppDeps, TenantContext } from '../platform/context.ts';
import { runJobsUntilIdle } from '../platform/jobs/worker.ts';
import { sealPending } from '../platform/ledger/sealer.ts';
import { withTenant } from '../platform/tenancy.ts';
import { DEMO_VINS, demoVin } from './demo-supply-chain.ts';

/*
 * The demo's daily monitoring (issue 16 item 6): after the demo chain, the automaker's last week of business
 * arrives day by day, and each day's report is made by the monitoring code itself (ensureReport, and the
 * troubleshooting run the task kit carries out), as the schedule would have made it: a second batch of cells
 * ordered, received and picked (normal days); a vehicle sold that was never built and bolts received that
 * the master data does not know (an abnormal day); a day with nothing imported (not validated); the vehicle
 * built, which fixes the day-before's finding; a vehicle of the chain sold (normal).
 *
 * A report checks what was imported on its day, so the week's records are dated to the day they stand for
 * (`created_at`, 10:00 local), with the audit trigger off for that one statement: the audit log records
 * users' changes, and these rows have had none.
 */

/** A document the day imported; its business time is the day's. */
type Doc = { code: string; input: Omit<TDocumentCreateInput, 'bizTime'> };

/** The week, oldest first: days before today and what the automaker imported each day. */
const WEEK: readonly { daysAgo: number; docs: readonly Doc[] }[] = [
  {
    daysAgo: 6,
    docs: [
      {
        code: 'PurchaseContract',
        input: {
          billNo: 'PO-XH-002',
          partnerCode: 'HX-BAT',
          itemCode: 'XH-CELL',
          amount: 104_000,
          currency: 'CNY',
        },
      },
      {
        code: 'PurchaseReceipt',
        input: {
          billNo: 'RK-XH-004',
          partnerCode: 'HX-BAT',
          itemCode: 'XH-CELL',
          itemName: '动力电芯',
          batchNo: 'CELL-2026-04',
          quantity: 200,
          unit: '件',
          unitPrice: 520,
          amount: 104_000,
          currency: 'CNY',
          relatedBillNos: ['PO-XH-002'],
        },
      },
    ],
  },
  {
    daysAgo: 5,
    docs: [
      {
        code: 'ProductionStart',
        input: {
          billNo: 'LL-XH-004',
          itemCode: 'XH-CELL',
          batchNo: 'CELL-2026-04',
          quantity: 200,
          unit: '件',
        },
      },
    ],
  },
  {
    daysAgo: 4,
    docs: [
      { code: 'InternalA11', input: { billNo: 'XS-A-004', vinSn: demoVin(4), itemCode: 'XH-EV7' } },
      {
        code: 'PurchaseReceipt',
        input: {
          billNo: 'RK-XH-005',
          partnerCode: 'HX-BAT',
          itemCode: 'XH-BOLT',
          itemName: '紧固螺栓',
          batchNo: 'BOLT-2026-01',
          quantity: 500,
          unit: '件',
        },
      },
    ],
  },
  { daysAgo: 3, docs: [] },
  {
    daysAgo: 2,
    docs: [
      {
        code: 'ProductionEndNew',
        input: {
          billNo: 'WG-XH-004',
          itemCode: 'XH-EV7',
          itemName: '星河 EV7',
          vinSn: demoVin(4),
          quantity: 1,
          unit: '辆',
          relatedBillNos: ['LL-XH-004'],
        },
      },
      {
        code: 'InternalB11',
        input: {
          billNo: 'ZC-XH-004',
          vinSn: demoVin(4),
          partnerCode: 'HX-BAT',
          itemCode: 'XH-CELL',
          batchNo: 'CELL-2026-04',
          quantity: 100,
          unit: '件',
        },
      },
    ],
  },
  {
    daysAgo: 1,
    docs: [{ code: 'InternalA11', input: { billNo: 'XS-A-001', vinSn: DEMO_VINS[0]!, itemCode: 'XH-EV7' } }],
  },
];

const HOUR = 3_600_000;

/** The automaker of the demo and its administrator, with every code (as the schedule runs for it). */
async function automaker(db: Db): Promise<TenantContext> {
  const [row] = await db
    .select({ enterpriseUuid: enterpriseUsers.enterpriseUuid, userId: users.id })
    .from(users)
    .innerJoin(enterpriseUsers, eq(enterpriseUsers.userId, users.id))
    .where(eq(users.username, 'demo-auto'))
    .limit(1);
  if (!row) throw new Error('demo monitoring: the demo automaker is missing');
  return {
    enterpriseUuid: row.enterpriseUuid,
    userId: row.userId,
    permissions: new Set(menuCodes(ENTERPRISE_MENU)),
    dataScope: 'company',
    unconfigured: new Set(),
  };
}

/** Seeds the week and its daily reports (after the demo chain; once, into a freshly seeded database). */
export async function seedDemoMonitoring(deps: AppDeps, now = new Date()): Promise<void> {
  const tenant = await automaker(deps.db);
  const today = localDay(now);
  const days = WEEK.map((w) => ({ ...w, day: dayBefore(today, w.daysAgo) }));
  const keys = { masterKey: deps.masterKey };
  // Day by day: the day's records, then its report, as the schedule meets them the morning after.
  for (const { day, docs } of days) {
    if (docs.length > 0) {
      const at = new Date(dayStart(day) + 10 * HOUR);
      const ids = await withTenant(deps.db, tenant, async (tx) => {
        const made: number[] = [];
        for (const d of docs) {
          const input = { ...d.input, bizTime: at.getTime() };
          const store = documentStore(d.code);
          const row = await store.add(tx, keys, tenant, documentRecords[d.code]!.create.parse(input));
          made.push(row.id);
        }
        return made;
      });
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`alter table documents disable trigger audit_update`);
        await tx.update(documents).set({ createdAt: at, updatedAt: at }).where(inArray(documents.id, ids));
        await tx.execute(sql`alter table documents enable trigger audit_update`);
      });
      // Sealed, as the sealer would have done that day.
      await sealPending(deps.db, deps.platformKey);
    }
    await withTenant(deps.db, tenant, (tx) => ensureReport(tx, tenant, day, now));
    await runJobsUntilIdle(deps);
  }
}
