import { describe, expect, it } from 'vitest';
import {
  api,
  permissionCodes,
  type TListResponse,
  type TRiskArea,
  type TRiskRule,
  type TRiskRuleCreateInput,
} from '@tracehub/contract';
import { matchRisks, riskMatches, type RiskCounterparty } from '../src/modules/risk/public.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';

const XINJIANG = '新疆维吾尔自治区';

const cp = (over: Partial<RiskCounterparty> = {}): RiskCounterparty => ({
  enterpriseUuid: 'cp-1',
  name: '某某电池有限公司',
  taxNumber: '91000000000000001A',
  country: 'CN',
  province: '上海市',
  city: '上海市',
  ...over,
});

describe('risk rules and risk areas (modules/risk)', () => {
  const t = useTestApp({ admin: AS_AUTO, other: AS_SUPPLIER });
  let seq = 0;
  const uniq = (prefix: string) => `${prefix}-${++seq}-${Date.now() % 100000}`;

  const post = <T>(token: string, path: string, body: unknown, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const addRule = async (token: string, over: Partial<TRiskRuleCreateInput> = {}) =>
    expectOk(
      await post<TRiskRule>(token, '/rule/add', {
        name: uniq('规则'),
        notes: '测试',
        monitor: { kind: 'suppliers' },
        ...over,
      }),
    );
  const rules = async (token: string, body: unknown = {}) =>
    expectOk(await post<TListResponse<TRiskRule>>(token, '/rule/page', body));

  it('seeds the demo enterprise with a rule with factors (enabled), one without, and a risk area', async () => {
    const list = await rules(t.admin);
    const withFactors = list.list.find((r) => r.name === '新疆地区及实体清单')!;
    expect(withFactors).toMatchObject({ enabled: true, monitor: { kind: 'suppliers' } });
    expect(withFactors.factors.map((f) => f.kind)).toEqual(['area', 'watchList']);
    expect(withFactors.factors[0]).toEqual({
      kind: 'area',
      place: { country: 'CN', province: XINJIANG, city: null },
    });
    expect(list.list.find((r) => r.name === '重点项目供应商')).toMatchObject({ enabled: false, factors: [] });
    const areas = expectOk(await post<TListResponse<TRiskArea>>(t.admin, '/rule/area/page', {}));
    expect(areas.list).toContainEqual(
      expect.objectContaining({ country: 'CN', province: XINJIANG, city: null, company: null }),
    );
  });

  it('creates, lists with search and paging, updates and keeps names unique in the enterprise', async () => {
    const name = uniq('关键供应商');
    const created = await addRule(t.admin, {
      name,
      monitor: { kind: 'partners', partners: [{ usci: '91320500MA1N7C3D4X', name: '恒信' }] },
    });
    expect(created).toMatchObject({ name, enabled: false, factors: [], createdBy: 'demo-auto' });
    expect(created.monitor).toEqual({
      kind: 'partners',
      partners: [{ usci: '91320500MA1N7C3D4X', name: '恒信' }],
      projects: [],
    });
    const found = await rules(t.admin, { name: name.slice(0, 8), pageNum: 1, pageSize: 1 });
    expect(found.total).toBeGreaterThanOrEqual(1);
    expect(found.list).toHaveLength(1);
    expect((await rules(t.admin, { name })).list.map((r) => r.id)).toEqual([created.id]);

    const updated = expectOk(
      await post<TRiskRule>(t.admin, '/rule/update', {
        id: created.id,
        name,
        notes: '改过',
        monitor: { kind: 'projects', projects: ['XH-EV-2026'], partners: [{ usci: 'x' }] },
      }),
    );
    // Only the chosen kind's objects are kept.
    expect(updated.monitor).toEqual({ kind: 'projects', partners: [], projects: ['XH-EV-2026'] });
    expect(updated.notes).toBe('改过');

    for (const lang of ['zh', 'en'] as const)
      expectError(
        await post(t.admin, '/rule/add', { name, monitor: { kind: 'suppliers' } }, lang),
        'RISK_RULE_EXISTS',
        lang,
      );
  });

  it('validates requests with messages in both languages', async () => {
    const cases: [unknown, string, string, string][] = [
      [{ name: '', monitor: { kind: 'suppliers' } }, '/rule/add', 'name不能为空', 'name is required'],
      [
        { name: 'x'.repeat(51), monitor: { kind: 'suppliers' } },
        '/rule/add',
        'name最多 50 个字符',
        'name must have at most 50 characters',
      ],
      [
        { name: 'n', notes: 'x'.repeat(101), monitor: { kind: 'suppliers' } },
        '/rule/add',
        'notes最多 100 个字符',
        'notes must have at most 100 characters',
      ],
      [
        { name: 'n', monitor: { kind: 'partners', partners: [] } },
        '/rule/add',
        '请至少选择一个合作企业',
        'Select at least one partner enterprise',
      ],
      [{ place: { country: '' } }, '/rule/area/add', '请选择国家', 'Please select a country'],
      [
        { place: { country: 'CN', city: '上海市' } },
        '/rule/area/add',
        '选择城市前请先选择省份',
        'Choose a province before choosing a city',
      ],
    ];
    for (const [body, path, zh, en] of cases) {
      const [resZh, resEn] = [await post(t.admin, path, body, 'zh'), await post(t.admin, path, body, 'en')];
      expect(resZh.status).toBe(400);
      expect(resZh.body.msg).toContain(zh);
      expect(resEn.body.msg).toContain(en);
    }
    const badDate = await post(
      t.admin,
      '/rule/setFactors',
      {
        id: 1,
        factors: [{ kind: 'watchList', listName: 'L', asOf: '2026-02-30', entries: [{ name: 'a' }] }],
      },
      'en',
    );
    expect(badDate.body.msg).toContain('must be a date as YYYY-MM-DD');
  });

  it('refuses enabling a rule before its factors are set, then enables it; an enabled rule keeps them', async () => {
    const rule = await addRule(t.admin);
    for (const lang of ['zh', 'en'] as const)
      expectError(
        await post(t.admin, '/rule/setEnabled', { id: rule.id, enabled: true }, lang),
        'RISK_FACTORS_REQUIRED',
        lang,
      );
    const refused = await post(t.admin, '/rule/setEnabled', { id: rule.id, enabled: true }, 'en');
    expect(refused.body.msg).toBe('Please set factors before enabling this rule!');

    const set = expectOk(
      await post<TRiskRule>(t.admin, '/rule/setFactors', {
        id: rule.id,
        factors: [
          { kind: 'area', place: { country: 'CN', province: XINJIANG, city: '' } },
          { kind: 'company', company: { usci: '91000000000000009Z' } },
          { kind: 'project', projectCode: 'XH-EV-2026' },
          {
            kind: 'watchList',
            listName: 'UFLPA Entity List',
            asOf: '2026-10-01',
            entries: [{ name: 'Example Co.' }, { taxNumber: '91650000000000000X' }],
          },
        ],
      }),
    );
    expect(set.factors).toHaveLength(4);
    expect(set.factors[0]).toEqual({
      kind: 'area',
      place: { country: 'CN', province: XINJIANG, city: null },
    });
    expect(set.factors[3]).toMatchObject({
      entries: [
        { name: 'Example Co.', taxNumber: '' },
        { name: '', taxNumber: '91650000000000000X' },
      ],
    });
    const enabled = expectOk(
      await post<TRiskRule>(t.admin, '/rule/setEnabled', { id: rule.id, enabled: true }),
    );
    expect(enabled.enabled).toBe(true);
    expectError(
      await post(t.admin, '/rule/setFactors', { id: rule.id, factors: [] }),
      'RISK_FACTORS_REQUIRED',
    );

    // Deleting an enabled rule is refused; disabled, it goes with its factors.
    for (const lang of ['zh', 'en'] as const)
      expectError(await post(t.admin, '/rule/delete', { id: rule.id }, lang), 'RISK_RULE_ENABLED', lang);
    expectOk(await post(t.admin, '/rule/setEnabled', { id: rule.id, enabled: false }));
    expect(expectOk(await post(t.admin, '/rule/delete', { id: rule.id }))).toBeNull();
    expectError(await post(t.admin, '/rule/detail', { id: rule.id }), 'NOT_FOUND');
  });

  it('creates, updates and deletes risk areas with province and city All', async () => {
    const area = expectOk(
      await post<TRiskArea>(t.admin, '/rule/area/add', {
        place: { country: 'MM', province: null, city: null },
      }),
    );
    expect(area).toMatchObject({
      country: 'MM',
      province: null,
      city: null,
      company: null,
      projectCode: null,
    });
    const scoped = expectOk(
      await post<TRiskArea>(t.admin, '/rule/area/update', {
        id: area.id,
        place: { country: 'CN', province: XINJIANG, city: '喀什地区' },
        company: { usci: '91000000000000001A', name: '某某' },
        projectCode: 'XH-EV-2026',
      }),
    );
    expect(scoped).toMatchObject({
      province: XINJIANG,
      city: '喀什地区',
      company: { usci: '91000000000000001A', name: '某某' },
      projectCode: 'XH-EV-2026',
    });
    const mm = expectOk(await post<TListResponse<TRiskArea>>(t.admin, '/rule/area/page', { country: 'CN' }));
    expect(mm.list.map((a) => a.id)).toContain(area.id);
    expectOk(await post(t.admin, '/rule/area/delete', { id: area.id }));
    expectError(await post(t.admin, '/rule/area/delete', { id: area.id }), 'NOT_FOUND');
  });

  it("never reads, changes or deletes another enterprise's rules and areas", async () => {
    const rule = await addRule(t.admin);
    const area = expectOk(await post<TRiskArea>(t.admin, '/rule/area/add', { place: { country: 'KZ' } }));
    const place = { country: 'US' };
    const attempts: [string, unknown][] = [
      ['/rule/detail', { id: rule.id }],
      ['/rule/update', { id: rule.id, name: 'stolen', monitor: { kind: 'suppliers' } }],
      ['/rule/setEnabled', { id: rule.id, enabled: false }],
      ['/rule/setFactors', { id: rule.id, factors: [{ kind: 'project', projectCode: 'P' }] }],
      ['/rule/delete', { id: rule.id }],
      ['/rule/area/update', { id: area.id, place }],
      ['/rule/area/delete', { id: area.id }],
    ];
    for (const [path, body] of attempts) expectError(await post(t.other, path, body), 'NOT_FOUND');
    expect((await rules(t.other)).list.map((r) => r.id)).not.toContain(rule.id);
    const theirAreas = expectOk(await post<TListResponse<TRiskArea>>(t.other, '/rule/area/page', {}));
    expect(theirAreas.list.map((a) => a.id)).not.toContain(area.id);
    // Unchanged.
    expect(expectOk(await post<TRiskRule>(t.admin, '/rule/detail', { id: rule.id }))).toMatchObject({
      name: rule.name,
      factors: [],
    });
  });

  it('refuses each endpoint to a member without its code, and allows reading with RuleList only', async () => {
    const rule = await addRule(t.admin);
    const outsider = await memberWith(t, t.admin, AUTO_UUID, ['Partner']);
    const reader = await memberWith(t, t.admin, AUTO_UUID, ['RuleList']);
    const bodies: Record<keyof typeof api.risk, unknown> = {
      page: {},
      detail: { id: rule.id },
      options: {},
      add: { name: uniq('x'), monitor: { kind: 'suppliers' } },
      update: { id: rule.id, name: rule.name, monitor: { kind: 'suppliers' } },
      setEnabled: { id: rule.id, enabled: false },
      setFactors: { id: rule.id, factors: [] },
      remove: { id: rule.id },
      areaPage: {},
      areaAdd: { place: { country: 'CN' } },
      areaUpdate: { id: 1, place: { country: 'CN' } },
      areaRemove: { id: 1 },
    };
    for (const [key, ep] of Object.entries(api.risk)) {
      const body = bodies[key as keyof typeof api.risk];
      expectError(await post(outsider.token, ep.path, body), 'FORBIDDEN');
      const codes = permissionCodes(ep);
      if (codes.includes('RuleList')) expectOk(await post(reader.token, ep.path, body));
      else expectError(await post(reader.token, ep.path, body), 'FORBIDDEN');
    }
    const options = expectOk(
      await post<{ partners: { usci: string }[]; projects: string[] }>(reader.token, '/rule/options', {}),
    );
    expect(options).toHaveProperty('partners');
  });

  describe('matcher', () => {
    it('matches areas with All, companies, projects and watch lists of monitored counterparties', () => {
      const rules = [
        {
          id: 1,
          name: 'R1',
          monitorKind: 'suppliers' as const,
          monitorPartners: [],
          monitorProjects: [],
          factors: [
            { kind: 'area' as const, place: { country: 'cn', province: XINJIANG, city: null } },
            {
              kind: 'watchList' as const,
              listName: 'UFLPA',
              asOf: '2026-10-01',
              entries: [{ name: 'Example  Polysilicon Co., Ltd.', taxNumber: '' }],
            },
          ],
        },
        {
          id: 2,
          name: 'R2',
          monitorKind: 'partners' as const,
          monitorPartners: [{ usci: 'TAX-B' }],
          monitorProjects: [],
          factors: [{ kind: 'project' as const, projectCode: 'P1' }],
        },
      ];
      const areas = [
        { id: 9, country: 'CN', province: XINJIANG, city: '喀什地区', companyUsci: null, projectCode: null },
        { id: 10, country: 'MM', province: null, city: null, companyUsci: 'TAX-C', projectCode: null },
      ];
      const kashgar = cp({ enterpriseUuid: 'a', taxNumber: 'TAX-A', province: XINJIANG, city: '喀什地区' });
      const listed = cp({
        enterpriseUuid: 'b',
        name: 'EXAMPLE POLYSILICON CO LTD',
        taxNumber: 'tax-b',
        projectNumbers: ['p1'],
      });
      const burmese = cp({
        enterpriseUuid: 'c',
        taxNumber: 'TAX-C',
        country: 'MM',
        province: null,
        city: null,
      });
      const otherBurmese = cp({
        enterpriseUuid: 'd',
        taxNumber: 'TAX-D',
        country: 'MM',
        province: null,
        city: null,
      });
      const matches = matchRisks(rules, areas, [kashgar, listed, burmese, otherBurmese]);
      expect(matches.map((m) => [m.counterpartyUuid, m.ruleId, m.factorKind])).toEqual([
        ['a', 1, 'area'],
        ['a', null, 'riskArea'],
        ['b', 1, 'watchList'],
        ['b', 2, 'project'],
        ['c', null, 'riskArea'],
      ]);
      expect(matches[0]!.reason).toEqual({
        zh: `所在地区属于规则的地区因子 中国 / ${XINJIANG} / 全部`,
        en: 'Located in China / Xinjiang / All, an area the rule watches',
      });
      expect(matches[2]!.reason.en).toBe(
        'Listed on "UFLPA" (as of 2026-10-01): Example  Polysilicon Co., Ltd.',
      );
      expect(matches[1]!.reason.en).toBe('Located in the risk area China / Xinjiang / Kashgar');
    });

    it("applies the enterprise's enabled rules and its risk areas only (in a tenant transaction)", async () => {
      const inXinjiang = cp({ enterpriseUuid: 'x', province: XINJIANG, city: '乌鲁木齐市' });
      const listedByTax = cp({ enterpriseUuid: 'y', taxNumber: '91650200DEMO00002Y' });
      const clean = cp({ enterpriseUuid: 'z' });
      const tenant = { enterpriseUuid: AUTO_UUID, userId: 0 };
      const found = await withTenant(dbOf(t), tenant, (tx) =>
        riskMatches(tx, AUTO_UUID, [inXinjiang, listedByTax, clean]),
      );
      const seeded = found.filter((m) => m.ruleName === '新疆地区及实体清单' || m.ruleId === null);
      expect(seeded.map((m) => [m.counterpartyUuid, m.factorKind])).toEqual(
        expect.arrayContaining([
          ['x', 'area'],
          ['x', 'riskArea'],
          ['y', 'watchList'],
        ]),
      );
      expect(found.some((m) => m.counterpartyUuid === 'z')).toBe(false);
      // The disabled seeded rule has no factors and is not applied; another enterprise's setup is not read.
      expect(found.some((m) => m.ruleName === '重点项目供应商')).toBe(false);
      const supplierRules = (await rules(t.other)).list.map((r) => r.id);
      expect(found.every((m) => m.ruleId === null || !supplierRules.includes(m.ruleId))).toBe(true);
      expect(await riskMatches(dbOf(t), AUTO_UUID, [])).toEqual([]);
    });
  });
});
