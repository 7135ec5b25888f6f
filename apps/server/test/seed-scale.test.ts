import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  ZCompanyForm,
  type TDocument,
  type TListResponse,
  type TTrace,
} from '@tracehub/contract';
import type { Db } from '../src/db/client.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { traceLot, traceVin } from '../src/modules/trace/service.ts';
import { tenantOf } from '../src/seed/scale/enterprises.ts';
import { ScaleDataPresent, seedScale, type ScaleSummary } from '../src/seed/scale/index.ts';
import { planScale } from '../src/seed/scale/plan.ts';
import { call, signIn, startTestApp, useTestApp } from './support/app.ts';
import { dbOf, expectOk } from './support/helpers.ts';

// `npm run seed:scale` at a small size on the test database: the counts asked for, evidence of every record
// sealed, the same business data from the same seed, a VIN traced down to a mine lot and back up, and each
// enterprise seeing only its own documents.

const SIZES = { enterprises: 6, vins: 50, documents: 3000 };

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async (db: Db, query: ReturnType<typeof sql>): Promise<number> =>
  Number(Object.values((await rows<Record<string, unknown>>(db, query))[0]!)[0]);

/** The scale enterprises' uuids, as an SQL list. */
const scaleEnterprises = sql`(select enterprise_uuid from enterprise_users eu join users u on u.id = eu.user_id where u.username like 'scale-%')`;

/** A digest of the business data in a stable order: what must not depend on anything but the seed. */
async function businessDigest(db: Db): Promise<string> {
  const hash = createHash('sha256');
  const feed = async (query: ReturnType<typeof sql>) => {
    for (const row of await rows<Record<string, unknown>>(db, query)) hash.update(JSON.stringify(row));
  };
  await feed(sql`select uuid, name, english_name, usci, legal_person_id_number, registered_address
    from enterprises where uuid in ${scaleEnterprises} order by uuid`);
  await feed(sql`select enterprise_uuid, partner_type, code, name, usci, partner_enterprise_uuid, contact_name
    from partners where enterprise_uuid in ${scaleEnterprises} order by enterprise_uuid, partner_type, code`);
  await feed(sql`select enterprise_uuid, nature, code, name from materials
    where enterprise_uuid in ${scaleEnterprises} order by enterprise_uuid, nature, code`);
  await feed(sql`select r.enterprise_uuid, r.direction, r.partner_code, r.partner_material_no, m.code
    from material_relations r left join materials m on m.id = r.material_id
    where r.enterprise_uuid in ${scaleEnterprises} order by 1, 2, 3, 4`);
  await feed(sql`select enterprise_uuid, doc_type, bill_no, item_code, batch_no, vin_sn, partner_code,
      quantity::text, unit_price::text, amount::text, (extract(epoch from biz_time) * 1000)::bigint as t,
      related_bill_nos, extra
    from documents where enterprise_uuid in ${scaleEnterprises}
    order by enterprise_uuid, doc_type, bill_no, item_code, batch_no, vin_sn`);
  await feed(sql`select enterprise_uuid, biz_type, file_name, sha256 from files
    where enterprise_uuid in ${scaleEnterprises} order by enterprise_uuid, sha256, file_name`);
  return hash.digest('hex');
}

describe('npm run seed:scale', () => {
  // Without the statistics keeper, which vacuums too: the seed's own vacuum of the embedded database is checked.
  const a = useTestApp(undefined, { STATISTICS_INTERVAL_MS: '0' });
  let summary: ScaleSummary;
  const plan = planScale({ ...SIZES, seed: 42 });
  beforeAll(async () => {
    summary = await seedScale(a.runtime.deps, { ...SIZES, seed: 42 });
  }, 300_000);

  it('writes the counts asked for: enterprises, VINs and documents, spread over every document type', async () => {
    const db = dbOf(a);
    expect(summary.counts.enterprises).toBe(SIZES.enterprises);
    expect(await one(db, sql`select count(*) from enterprises where uuid in ${scaleEnterprises}`)).toBe(6);
    expect(
      await one(db, sql`select count(*) from documents where enterprise_uuid in ${scaleEnterprises}`),
    ).toBe(SIZES.documents);
    expect(
      await one(
        db,
        sql`select count(distinct vin_sn) from documents where doc_type = 220 and enterprise_uuid in ${scaleEnterprises}`,
      ),
    ).toBe(SIZES.vins);
    const byType = await rows<{ doc_type: number; n: number }>(
      db,
      sql`select doc_type, count(*)::int as n from documents where enterprise_uuid in ${scaleEnterprises} group by doc_type`,
    );
    const written = new Map(byType.map((r) => [Number(r.doc_type), Number(r.n)]));
    for (const def of DOCUMENT_TYPES)
      expect(written.get(def.typeCode) ?? 0, def.code).toBe(plan.counts.get(def.code));
    // Receipts and deliveries lead, as in a year of business.
    const top = [...plan.counts]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 4)
      .map(([code]) => code);
    expect(top).toEqual(expect.arrayContaining(['PurchaseReceipt', 'SaleDelivery']));
    // Every enterprise is certified, with a company form the certification form would accept.
    const forms = await rows<{ form: unknown; did: string | null }>(
      db,
      sql`select c.form, e.did from certifications c join enterprises e on e.uuid = c.enterprise_uuid
        where c.enterprise_uuid in ${scaleEnterprises} and c.status = 'approved'`,
    );
    expect(forms).toHaveLength(6);
    for (const f of forms) {
      expect(ZCompanyForm.safeParse(f.form).success).toBe(true);
      expect(f.did).toMatch(/^did:ethr:/);
    }
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'leaves the embedded database vacuumed, every page of its documents all-visible to index-only scans',
    async () => {
      const [documents] = await rows<{ pages: number; visible: number }>(
        dbOf(a),
        sql`select relpages as pages, relallvisible as visible from pg_class where relname = 'documents'`,
      );
      expect(documents!.pages).toBeGreaterThan(0);
      expect(documents!.visible).toBe(documents!.pages);
    },
  );

  it('plans every document type once the request reaches 5,000 documents, and exactly the request', () => {
    for (const sizes of [
      { enterprises: 5, vins: 40, documents: 5000, seed: 1 },
      { enterprises: 12, vins: 300, documents: 8000, seed: 2 },
    ]) {
      const p = planScale(sizes);
      expect([...p.counts.values()].reduce((s, n) => s + n, 0)).toBe(sizes.documents);
      for (const def of DOCUMENT_TYPES) expect(p.counts.get(def.code), def.code).toBeGreaterThan(0);
    }
    // Small requests scale down: exactly the documents asked for.
    const small = planScale({ enterprises: 6, vins: 50, documents: 2000, seed: 3 });
    expect([...small.counts.values()].reduce((s, n) => s + n, 0)).toBe(2000);
    expect(() => planScale({ enterprises: 6, vins: 1000, documents: 2000, seed: 1 })).toThrow(/too small/);
    expect(() => planScale({ enterprises: 60, vins: 1, documents: 2000, seed: 1 })).toThrow(
      /at least the number/,
    );
  });

  it('records the evidence of every written record, sealed into blocks, and the whole ledger verifies', async () => {
    const db = dbOf(a);
    const missing = (table: string, subject: string, key: string) =>
      one(
        db,
        sql.raw(`select count(*) from ${table} r where r.enterprise_uuid in (select enterprise_uuid from enterprise_users eu
          join users u on u.id = eu.user_id where u.username like 'scale-%') and not exists (select 1 from ledger_events e
          where e.subject_type = '${subject}' and e.subject_id = ${key})`),
      );
    expect(await missing('documents', 'document', 'r.id::text')).toBe(0);
    expect(await missing('partners', 'partner', 'r.id::text')).toBe(0);
    expect(await missing('materials', 'material', 'r.id::text')).toBe(0);
    expect(await missing('material_relations', 'materialRelation', 'r.id::text')).toBe(0);
    expect(await missing('project_codes', 'project', 'r.id::text')).toBe(0);
    expect(await missing('products', 'product', 'r.id::text')).toBe(0);
    expect(await missing('files', 'file', 'r.file_key')).toBe(0);
    expect(await missing('certificates', 'certificate', 'r.number')).toBe(0);
    // Each mapping was linked to its own material, and that is evidence too.
    expect(summary.counts.unlinkedMappings).toBe(0);
    expect(
      await one(
        db,
        sql`select count(*) from ledger_events where event_type = 'materialRelation.linked' and enterprise_uuid in ${scaleEnterprises}`,
      ),
    ).toBe(summary.counts.supplierMappings! + summary.counts.clientMappings!);
    expect(summary.counts.files).toBeGreaterThan(6 * 3);
    expect(await one(db, sql`select count(*) from ledger_events where leaf_index is null`)).toBe(0);
    expect(summary.ledger.unsealed).toBe(0);
    const report = await verifyLedger(db, {
      publicKeyHex: a.runtime.deps.platformKey.publicKeyHex,
      storage: a.runtime.deps.storage,
    });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('traces a generated VIN down to a mine lot, and that lot up to VINs including it', async () => {
    const db = dbOf(a);
    const auto = plan.ents.find((e) => e.tier === 'auto')!;
    const admin = async (username: string) => one(db, sql`select id from users where username = ${username}`);
    const [vin] = await rows<{ vin_sn: string }>(
      db,
      sql`select vin_sn from documents where doc_type = 220 and enterprise_uuid = ${auto.uuid} order by vin_sn limit 1`,
    );
    const autoTenant = tenantOf(auto.uuid, await admin(auto.admin.username));
    const down: TTrace = await withTenant(db, autoTenant, (tx) =>
      traceVin(tx, autoTenant, { vinSn: vin!.vin_sn }),
    );
    expect(down.truncated).toBe(false);
    const mines = new Map(plan.ents.filter((e) => e.tier === 'mine').map((e) => [e.name.zh, e]));
    const ends = down.ends.map((id) => down.nodes.find((n) => n.id === id)!);
    const origin = ends.find((n) => mines.has(down.enterprises[n.enterprise]!.name));
    expect(origin, JSON.stringify(ends)).toBeDefined();
    expect(origin!.itemCode).toMatch(/^K\d{3}-ORE-/);
    expect(origin!.sites.length).toBeGreaterThan(0);
    // Through every tier: automaker, tier 1, tier 2 (and a trader when the lot went through one), mine.
    expect(down.levels).toBeGreaterThanOrEqual(3);

    const mine = mines.get(down.enterprises[origin!.enterprise]!.name)!;
    const mineTenant = tenantOf(mine.uuid, await admin(mine.admin.username));
    const up: TTrace = await withTenant(db, mineTenant, (tx) =>
      traceLot(tx, mineTenant, { itemCode: origin!.itemCode, batchNo: origin!.batchNo }),
    );
    const vins = up.ends.map((id) => up.nodes.find((n) => n.id === id)!.vinSn);
    expect(vins).toContain(vin!.vin_sn);
  });

  it('shows each enterprise only its own documents in its lists', async () => {
    const db = dbOf(a);
    for (const e of [plan.ents.find((x) => x.tier === 'auto')!, plan.ents.find((x) => x.tier === 'tier1')!]) {
      const token = await signIn(a.app, e.admin.username, e.uuid);
      const page = expectOk(
        await call<TListResponse<TDocument>>(a.app, '/stagePurchase/receipt/page', {
          token,
          body: { pageSize: 100 },
        }),
      );
      const own = await one(
        db,
        sql`select count(*) from documents where doc_type = 110 and enterprise_uuid = ${e.uuid}`,
      );
      const all = await one(db, sql`select count(*) from documents where doc_type = 110`);
      expect(page.total).toBe(own);
      expect(own).toBeLessThan(all);
      expect(page.list.length).toBeGreaterThan(0);
      for (const d of page.list) expect(d.billNo).toContain(`-${e.code}-`);
    }
  });

  it('gives the same business data for the same seed and different data for another; refuses a second run', async () => {
    const b = await startTestApp();
    const c = await startTestApp();
    try {
      await seedScale(b.runtime.deps, { ...SIZES, seed: 42 });
      await seedScale(c.runtime.deps, { ...SIZES, seed: 7 });
      const digestA = await businessDigest(dbOf(a));
      expect(await businessDigest(dbOf(b))).toBe(digestA);
      expect(await businessDigest(dbOf(c))).not.toBe(digestA);
      await expect(seedScale(b.runtime.deps, { ...SIZES, seed: 42 })).rejects.toBeInstanceOf(
        ScaleDataPresent,
      );
      await expect(seedScale(b.runtime.deps, { ...SIZES, seed: 9 })).rejects.toBeInstanceOf(ScaleDataPresent);
    } finally {
      await b.close();
      await c.close();
    }
  }, 600_000);
});
