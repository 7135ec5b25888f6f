import type { TRiskFactor } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { riskAreas, riskRules } from '../../db/schema.ts';
import { writeFactors } from './repo.ts';

/** A fictional watch list (no real entity): the shape of the UFLPA Entity List, dated. */
export const DEMO_WATCH_LIST: TRiskFactor = {
  kind: 'watchList',
  listName: 'UFLPA Entity List (demo)',
  asOf: '2026-10-01',
  entries: [
    { name: '示例矿业有限公司', taxNumber: '91650100DEMO00001X' },
    { name: 'Example Polysilicon Co., Ltd.', taxNumber: '' },
    { name: '', taxNumber: '91650200DEMO00002Y' },
  ],
};

/**
 * The demo enterprise's risk set-up: one enabled rule with factors (an area of Xinjiang, any city, and the
 * demo watch list), one disabled rule without factors, and one risk area (Xinjiang, all cities).
 */
export async function seedDemoRisk(tx: Db, enterpriseUuid: string, userId: number): Promise<void> {
  const [withFactors] = await tx
    .insert(riskRules)
    .values([
      {
        enterpriseUuid,
        name: '新疆地区及实体清单',
        notes: '示例：地区因子与实体清单因子',
        monitorKind: 'suppliers',
        enabled: true,
        createdBy: userId,
      },
    ])
    .returning({ id: riskRules.id });
  await writeFactors(tx, { enterpriseUuid }, withFactors!.id, [
    { kind: 'area', place: { country: 'CN', province: '新疆维吾尔自治区', city: null } },
    DEMO_WATCH_LIST,
  ]);
  await tx.insert(riskRules).values({
    enterpriseUuid,
    name: '重点项目供应商',
    notes: '示例：尚未设置因子，不能启用',
    monitorKind: 'suppliers',
    enabled: false,
    createdBy: userId,
  });
  await tx.insert(riskAreas).values({
    enterpriseUuid,
    country: 'CN',
    province: '新疆维吾尔自治区',
    city: null,
    createdBy: userId,
  });
}
