import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentTypeByTypeCode, TRACE_LIMITS, type TTrace } from '@tracehub/contract';
import { documents, enterprises, materialRelations, materials, partners } from '../src/db/schema.ts';
import type { TenantContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { traceLot, traceVin } from '../src/modules/trace/service.ts';
import { AUTO_UUID, MINE_UUID, SUPPLIER_UUID, TRADER_UUID, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';
import { MINE_LOT_UP_LINES } from './support/trace-chain.ts';

// The trace walk on rows written straight into each enterprise's tables (in its own tenant transaction),
// called through the service in the caller's tenant transaction: the link rules, cycles and bounds. The
// same chain built through the import endpoints and walked over HTTP is trace.test.ts.

type Ent = 'auto' | 't1' | 't2' | 'mine';
const UUID: Record<Ent, string> = { auto: AUTO_UUID, t1: SUPPLIER_UUID, t2: TRADER_UUID, mine: MINE_UUID };
const NAME: Record<string, Ent> = Object.fromEntries(Object.entries(UUID).map(([k, v]) => [v, k as Ent]));

const tenantOf = (ent: Ent): TenantContext => ({
  enterpriseUuid: UUID[ent],
  userId: 1,
  permissions: new Set(['DataManagement']),
  dataScope: 'company',
  unconfigured: new Set(),
});

/** A price no answer may carry. */
const PRICE = '98765.4321';

/** The links of a trace as readable lines: `from -kind[bill numbers]-> to`, each lot as `ent:item/lot`. */
function linesOf(trace: TTrace): string[] {
  const label = (id: string) => {
    const n = trace.nodes.find((x) => x.id === id)!;
    const ent = trace.enterprises[n.enterprise]!;
    const who = NAME[uuidByUsci.get(ent.usci)!]!;
    return `${who}:${n.itemCode}/${n.batchNo || n.vinSn}`;
  };
  return trace.links
    .map((l) => `${label(l.from)} -${l.kind}[${l.documents.map((d) => d.billNo).join(',')}]-> ${label(l.to)}`)
    .sort();
}

const uuidByUsci = new Map<string, string>();

describe('trace walk (service, rows written in each tenant transaction)', () => {
  const t = useTestApp();
  const usci = {} as Record<Ent, string>;

  const inTenant = <T>(ent: Ent, fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
    withTenant(dbOf(t), tenantOf(ent), fn);

  const partner = (ent: Ent, partnerType: 'supplier' | 'client', code: string, of: string) =>
    inTenant(ent, async (tx) => {
      const [row] = await tx
        .insert(partners)
        .values({
          enterpriseUuid: UUID[ent],
          partnerType,
          code,
          name: `${code} 名称`,
          usci: of,
          createdBy: 1,
        })
        .returning({ id: partners.id });
      return row!.id;
    });

  /** A supplier mapping: the partner's material number for one of the enterprise's own materials. */
  const mapping = (
    ent: Ent,
    partnerId: number,
    partnerCode: string,
    partnerMaterialNo: string,
    ownCode: string,
  ) =>
    inTenant(ent, async (tx) => {
      const [material] = await tx
        .insert(materials)
        .values({
          enterpriseUuid: UUID[ent],
          nature: 'purchased',
          code: ownCode,
          name: ownCode,
          createdBy: 1,
        })
        .returning({ id: materials.id });
      await tx.insert(materialRelations).values({
        enterpriseUuid: UUID[ent],
        direction: 'supplier',
        partnerId,
        partnerCode,
        partnerName: partnerCode,
        partnerMaterialNo,
        materialId: material!.id,
        createdBy: 1,
      });
    });

  let day = 0;
  const doc = (
    ent: Ent,
    typeCode: number,
    billNo: string,
    line: {
      partnerId?: number;
      itemCode?: string;
      batchNo?: string;
      vinSn?: string;
      related?: string[];
      extra?: Record<string, string>;
    },
  ) =>
    inTenant(ent, async (tx) => {
      day += 1;
      await tx.insert(documents).values({
        enterpriseUuid: UUID[ent],
        docType: typeCode,
        stage: documentTypeByTypeCode(typeCode)!.stage,
        billNo,
        bizTime: new Date(Date.UTC(2026, 0, day)),
        partnerId: line.partnerId ?? null,
        itemCode: line.itemCode ?? '',
        batchNo: line.batchNo ?? '',
        vinSn: line.vinSn ?? '',
        quantity: '10',
        unitPrice: PRICE,
        currency: 'CNY',
        amount: PRICE,
        notes: 'confidential note',
        relatedBillNos: line.related ?? [],
        extra: line.extra ?? {},
        createdBy: 1,
      });
    });

  const asCaller = <T>(
    ent: Ent,
    fn: (tx: Parameters<Parameters<typeof withTenant>[2]>[0], tenant: TenantContext) => Promise<T>,
  ) => withTenant(dbOf(t), tenantOf(ent), (tx) => fn(tx, tenantOf(ent)));

  beforeAll(async () => {
    for (const row of await dbOf(t).select().from(enterprises)) {
      const ent = NAME[row.uuid];
      if (ent) usci[ent] = row.usci;
      uuidByUsci.set(row.usci, row.uuid);
    }
    // mine -> tier 2 -> tier 1 -> automaker, each with its partners; codes differ where mappings say so.
    const mineToT2 = await partner('mine', 'client', 'C-T2', usci.t2);
    const t2FromMine = await partner('t2', 'supplier', 'S-MINE', usci.mine);
    const t2ToT1 = await partner('t2', 'client', 'C-T1', usci.t1);
    const t1FromT2 = await partner('t1', 'supplier', 'S-T2', usci.t2);
    const t1ToAuto = await partner('t1', 'client', 'C-AUTO', usci.auto);
    const autoFromT1 = await partner('auto', 'supplier', 'S-T1', usci.t1);
    const autoFromOutsider = await partner('auto', 'supplier', 'S-OUT', '91110000MA00000001');
    await mapping('t2', t2FromMine, 'S-MINE', 'LI2CO3', 'T2-LITHIUM');
    await mapping('auto', autoFromT1, 'S-T1', 'PACK-75', 'A-BATTERY');

    // The mine: ore lot (its site on E2), picked and turned into lithium carbonate, delivered to tier 2.
    await doc('mine', 800, 'E2-1', {
      itemCode: 'ORE',
      batchNo: 'ORE-01',
      extra: { siteName: 'Greenbushes', siteCountry: 'AU' },
    });
    await doc('mine', 200, 'LL-M1', { itemCode: 'ORE', batchNo: 'ORE-01' });
    await doc('mine', 210, 'WG-M1', { itemCode: 'LI2CO3', batchNo: 'LC-01', related: ['LL-M1'] });
    await doc('mine', 310, 'XS-M1', { partnerId: mineToT2, itemCode: 'LI2CO3', batchNo: 'LC-01' });
    // Tier 2 receives it under its own code, makes cathode material, delivers it to tier 1.
    await doc('t2', 110, 'RK-T2', { partnerId: t2FromMine, itemCode: 'T2-LITHIUM', batchNo: 'LC-01' });
    await doc('t2', 200, 'LL-T2', { itemCode: 'T2-LITHIUM', batchNo: 'LC-01' });
    await doc('t2', 210, 'WG-T2', { itemCode: 'NCM811', batchNo: 'CAT-01', related: ['LL-T2'] });
    await doc('t2', 310, 'XS-T2', { partnerId: t2ToT1, itemCode: 'NCM811', batchNo: 'CAT-01' });
    // Tier 1 receives it under the same code (no mapping), makes two pack lots of one picking.
    await doc('t1', 110, 'RK-T1', { partnerId: t1FromT2, itemCode: 'NCM811', batchNo: 'CAT-01' });
    await doc('t1', 200, 'LL-T1', { itemCode: 'NCM811', batchNo: 'CAT-01' });
    await doc('t1', 210, 'WG-T1A', { itemCode: 'PACK-75', batchNo: 'PK-01', related: ['LL-T1'] });
    await doc('t1', 210, 'WG-T1B', { itemCode: 'PACK-75', batchNo: 'PK-02', related: ['LL-T1'] });
    await doc('t1', 310, 'XS-T1A', { partnerId: t1ToAuto, itemCode: 'PACK-75', batchNo: 'PK-01' });
    await doc('t1', 310, 'XS-T1B', { partnerId: t1ToAuto, itemCode: 'PACK-75', batchNo: 'PK-02' });
    // The automaker: VIN-1 consumes pack PK-01 (completion by VIN), VIN-2 has pack PK-02 fitted (B1-1);
    // VIN-1 also has a seat from a supplier that is not on the platform (C1-1 and its receipt).
    await doc('auto', 110, 'RK-A1', { partnerId: autoFromT1, itemCode: 'A-BATTERY', batchNo: 'PK-01' });
    await doc('auto', 110, 'RK-A2', { partnerId: autoFromT1, itemCode: 'A-BATTERY', batchNo: 'PK-02' });
    await doc('auto', 200, 'LL-A1', { itemCode: 'A-BATTERY', batchNo: 'PK-01' });
    await doc('auto', 220, 'WG-A1', { itemCode: 'CAR-X', vinSn: 'VIN-1', related: ['LL-A1'] });
    await doc('auto', 600, 'B11-2', {
      partnerId: autoFromT1,
      itemCode: 'A-BATTERY',
      batchNo: 'PK-02',
      vinSn: 'VIN-2',
    });
    await doc('auto', 110, 'RK-A9', { partnerId: autoFromOutsider, itemCode: 'A-SEAT', batchNo: 'ST-01' });
    await doc('auto', 700, 'C11-1', {
      partnerId: autoFromOutsider,
      itemCode: 'A-SEAT',
      batchNo: 'ST-01',
      vinSn: 'VIN-1',
    });
  });

  it('walks a VIN down through every tier to the mine lot, with the site and the unsettled supplier', async () => {
    const trace = await asCaller('auto', (tx, tenant) => traceVin(tx, tenant, { vinSn: 'VIN-1' }));
    expect(linesOf(trace)).toEqual(
      [
        'auto:CAR-X/VIN-1 -consumed[WG-A1,LL-A1]-> auto:A-BATTERY/PK-01',
        'auto:CAR-X/VIN-1 -fitted[C11-1]-> auto:A-SEAT/ST-01',
        'auto:A-BATTERY/PK-01 -supplied[RK-A1,XS-T1A]-> t1:PACK-75/PK-01',
        't1:PACK-75/PK-01 -consumed[WG-T1A,LL-T1]-> t1:NCM811/CAT-01',
        't1:NCM811/CAT-01 -supplied[RK-T1,XS-T2]-> t2:NCM811/CAT-01',
        't2:NCM811/CAT-01 -consumed[WG-T2,LL-T2]-> t2:T2-LITHIUM/LC-01',
        't2:T2-LITHIUM/LC-01 -supplied[RK-T2,XS-M1]-> mine:LI2CO3/LC-01',
        'mine:LI2CO3/LC-01 -consumed[WG-M1,LL-M1]-> mine:ORE/ORE-01',
      ].sort(),
    );
    const byId = new Map(trace.nodes.map((n) => [n.id, n]));
    expect(trace.ends.map((id) => byId.get(id)!)).toMatchObject([
      {
        itemCode: 'ORE',
        batchNo: 'ORE-01',
        tier: 3,
        sites: [{ siteName: 'Greenbushes', siteCountry: 'AU' }],
      },
    ]);
    expect(trace.levels).toBe(3);
    expect(trace.truncated).toBe(false);
    // The seat's supplier is the automaker's own partner: named, and not on the platform.
    expect(trace.gaps).toEqual([
      {
        from: trace.nodes.find((n) => n.itemCode === 'A-SEAT')!.id,
        kind: 'unsettled',
        document: { typeCode: 110, billNo: 'RK-A9', bizTime: expect.any(Number) },
        supplier: null,
        partnerName: 'S-OUT 名称',
        partnerNameEn: '',
      },
    ]);
    expect(trace.enterprises.map((e) => e.own)).toEqual([true, false, false, false]);
    expect(trace.enterprises.map((e) => e.usci)).toEqual([usci.auto, usci.t1, usci.t2, usci.mine]);
    // Nothing but link data: no prices, amounts, quantities or notes of anyone.
    const text = JSON.stringify(trace);
    expect(text).not.toContain('98765');
    expect(text).not.toContain('confidential');
    expect(text).not.toMatch(/"(amount|unitPrice|quantity|notes|currency)"/);
  });

  it('walks a mine lot up to every VIN, whichever way the pack reached the vehicle', async () => {
    const trace = await asCaller('mine', (tx, tenant) =>
      traceLot(tx, tenant, { itemCode: 'ORE', batchNo: 'ORE-01' }),
    );
    expect(linesOf(trace)).toEqual(MINE_LOT_UP_LINES);
    const byId = new Map(trace.nodes.map((n) => [n.id, n]));
    expect(trace.ends.map((id) => byId.get(id)!.vinSn).sort()).toEqual(['VIN-1', 'VIN-2']);
    expect(trace.levels).toBe(3);
    expect(trace.gaps).toEqual([]);
    expect(JSON.stringify(trace)).not.toContain('98765');
  });

  it('starts only from the caller’s own VIN or lot', async () => {
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => 'answered',
        (err: unknown) => (err instanceof AppError ? err.key : String(err)),
      );
    expect(await refused(asCaller('t1', (tx, tn) => traceVin(tx, tn, { vinSn: 'VIN-1' })))).toBe('NOT_FOUND');
    expect(
      await refused(asCaller('t2', (tx, tn) => traceLot(tx, tn, { itemCode: 'ORE', batchNo: 'ORE-01' }))),
    ).toBe('NOT_FOUND');
    // Its own lot: tier 1 walks up from its pack lot to the automaker's VIN.
    const up = await asCaller('t1', (tx, tn) => traceLot(tx, tn, { itemCode: 'PACK-75', batchNo: 'PK-02' }));
    expect(up.ends.map((id) => up.nodes.find((n) => n.id === id)!.vinSn)).toEqual(['VIN-2']);
  });

  it('follows a unit known only by its serial number across companies, both ways', async () => {
    // Tier 1 completes a pack by serial number from the same picking and delivers it by that number; the
    // automaker receives, picks and builds VIN-3 with it.
    const t1ToAuto = (await inTenant('t1', (tx) => tx.select().from(partners))).find(
      (p) => p.code === 'C-AUTO',
    )!;
    const autoFromT1 = (await inTenant('auto', (tx) => tx.select().from(partners))).find(
      (p) => p.code === 'S-T1',
    )!;
    await doc('t1', 220, 'WG-T1S', { itemCode: 'PACK-S', vinSn: 'SN-PACK-9', related: ['LL-T1'] });
    await doc('t1', 310, 'XS-T1S', { partnerId: t1ToAuto.id, itemCode: 'PACK-S', vinSn: 'SN-PACK-9' });
    await doc('auto', 110, 'RK-AS', { partnerId: autoFromT1.id, itemCode: 'PACK-S', vinSn: 'SN-PACK-9' });
    await doc('auto', 200, 'LL-AS', { itemCode: 'PACK-S', vinSn: 'SN-PACK-9' });
    await doc('auto', 220, 'WG-AS', { itemCode: 'CAR-Y', vinSn: 'VIN-3', related: ['LL-AS'] });

    const down = await asCaller('auto', (tx, tn) => traceVin(tx, tn, { vinSn: 'VIN-3' }));
    expect(linesOf(down)).toEqual(
      expect.arrayContaining([
        'auto:CAR-Y/VIN-3 -consumed[WG-AS,LL-AS]-> auto:PACK-S/SN-PACK-9',
        'auto:PACK-S/SN-PACK-9 -supplied[RK-AS,XS-T1S]-> t1:PACK-S/SN-PACK-9',
        't1:PACK-S/SN-PACK-9 -consumed[WG-T1S,LL-T1]-> t1:NCM811/CAT-01',
        't1:NCM811/CAT-01 -supplied[RK-T1,XS-T2]-> t2:NCM811/CAT-01',
      ]),
    );
    expect(down.links).toHaveLength(7);
    expect(down.ends.map((id) => down.nodes.find((n) => n.id === id)!.batchNo)).toEqual(['ORE-01']);

    const up = await asCaller('mine', (tx, tn) => traceLot(tx, tn, { itemCode: 'ORE', batchNo: 'ORE-01' }));
    // The pack's serial number is passed on into VIN-3: only the vehicles are ends.
    expect(up.ends.map((id) => up.nodes.find((n) => n.id === id)!.vinSn).sort()).toEqual([
      'VIN-1',
      'VIN-2',
      'VIN-3',
    ]);
  });

  it('visits a lot once when documents form a cycle, and stops at the step bound', async () => {
    // A lot made of itself: the walk ends.
    await doc('t2', 200, 'LL-CYC', { itemCode: 'LOOP', batchNo: 'L-1' });
    await doc('t2', 210, 'WG-CYC', { itemCode: 'LOOP', batchNo: 'L-1', related: ['LL-CYC'] });
    const cycle = await asCaller('t2', (tx, tn) => traceLot(tx, tn, { itemCode: 'LOOP', batchNo: 'L-1' }));
    expect(cycle.nodes).toHaveLength(1);
    expect(cycle.truncated).toBe(false);

    // A production line of more stages than the bound: cut short, and said so.
    const stages = TRACE_LIMITS.maxHops + 2;
    for (let i = 0; i < stages; i++) {
      await doc('t2', 200, `LL-S${i}`, { itemCode: `STAGE-${i}`, batchNo: 'S' });
      await doc('t2', 210, `WG-S${i}`, { itemCode: `STAGE-${i + 1}`, batchNo: 'S', related: [`LL-S${i}`] });
    }
    const long = await asCaller('t2', (tx, tn) => traceLot(tx, tn, { itemCode: 'STAGE-0', batchNo: 'S' }));
    expect(long.truncated).toBe(true);
    expect(long.nodes).toHaveLength(TRACE_LIMITS.maxHops + 1);
  });

  it('reads other enterprises only through the link functions: a tenant sees no row of theirs directly', async () => {
    const seen = await inTenant('auto', (tx) =>
      tx.select().from(documents).where(eq(documents.enterpriseUuid, UUID.mine)),
    );
    expect(seen).toEqual([]);
  });
});
