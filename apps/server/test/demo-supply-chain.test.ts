import { describe, expect, it } from 'vitest';
import type { TDocument, TListResponse } from '@tracehub/contract';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { expectOk } from './support/helpers.ts';

describe('the demo supply chain (npm start)', () => {
  const t = useTestApp({}, { SEED_DEMO_CHAIN: 'true' });

  it('seeds the mine -> battery maker -> automaker documents through the services, each with evidence', async () => {
    const a = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const s = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const page = (token: string, route: string) =>
      call<TListResponse<TDocument>>(t.app, `/${route}/page`, { token, body: { pageSize: 50 } }).then(
        expectOk,
      );
    const vehicles = await page(a, 'stageProduction/endNew');
    expect(vehicles.list.map((d) => d.vinSn).sort()).toEqual([...DEMO_VINS].sort());
    const receipts = await page(a, 'stagePurchase/receipt');
    expect(receipts.list[0]).toMatchObject({
      billNo: 'RK-XH-001',
      partnerSettled: true,
      batchNo: 'CELL-2026-03',
    });
    const deliveries = await page(s, 'stageSale/delivery');
    expect(deliveries.list.map((d) => d.billNo)).toEqual(['XS-HX-001']);
    expect(receipts.list[0]!.chain).not.toBeNull();
  });
});
