import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessage, type TAddress, type TCompanyInfo } from '@tracehub/contract';
import { accountLog, enterprises } from '../src/db/schema.ts';
import {
  AS_AUTO,
  AS_MULTI_IN_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  signIn,
  useTestApp,
} from './support/app.ts';
import { HANGZHOU, operatorSignIn } from './support/company.ts';
import { dbOf, expectError, expectOk, inBothLangs } from './support/helpers.ts';

const INFO = '/enterprise/info';
const ADDRESS = '/enterprise/updateAddress';
const ENGLISH_NAME = '/enterprise/updateEnglishName';

describe("the user centre's company information", () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER, clerk: AS_MULTI_IN_AUTO });

  const stored = async (uuid: string) =>
    (await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, uuid)))[0]!;

  it('shows the session’s enterprise with its addresses, legal person, DID and chain account', async () => {
    const info = expectOk(await call<TCompanyInfo>(t.app, INFO, { token: t.auto }));
    const row = await stored(AUTO_UUID);
    expect(info).toMatchObject({
      enterpriseUuid: AUTO_UUID,
      name: '星河汽车股份有限公司',
      englishName: 'Galaxy Motors Co., Ltd.',
      usci: row.usci,
      role: 1,
      scene: 'US&EU',
      deploymentMethod: 'localized',
      steelAttributes: ['steelProcessing'],
      legalPersonName: '陈立新',
      businessTermTo: null,
      did: row.did,
      chainAccount: row.chainAddress,
      status: 'enabled',
      registeredAddress: expect.objectContaining({ country: 'CN', province: '上海市', area: '嘉定区' }),
    });
    expect(info.registeredAddress?.longitude).toBeCloseTo(121.1655);
    // A member whose role holds PerFrom reads it too; the supplier's session sees the supplier.
    expect(expectOk(await call<TCompanyInfo>(t.app, INFO, { token: t.clerk })).enterpriseUuid).toBe(
      AUTO_UUID,
    );
    expect(expectOk(await call<TCompanyInfo>(t.app, INFO, { token: t.supplier })).enterpriseUuid).toBe(
      SUPPLIER_UUID,
    );
  });

  it('changes the addresses of the session’s enterprise only', async () => {
    const supplierBefore = await stored(SUPPLIER_UUID);
    const operation: TAddress = {
      ...HANGZHOU,
      detail: '五常大道 181 号',
      detailEn: 'No. 181 Wuchang Avenue',
    };
    const updated = expectOk(
      await call<TCompanyInfo>(t.app, ADDRESS, {
        token: t.auto,
        body: { registeredAddress: HANGZHOU, operationAddress: operation },
      }),
    );
    expect(updated.registeredAddress).toEqual(HANGZHOU);
    expect(updated.operationAddress).toEqual(operation);
    expect((await stored(AUTO_UUID)).operationAddress).toEqual(operation);
    // There is no id to guess: the supplier's change lands on the supplier.
    expectOk(
      await call(t.app, ADDRESS, {
        token: t.supplier,
        body: { registeredAddress: HANGZHOU, operationAddress: HANGZHOU, enterpriseUuid: AUTO_UUID },
      }),
    );
    expect((await stored(AUTO_UUID)).operationAddress).toEqual(operation);
    expect((await stored(SUPPLIER_UUID)).registeredAddress).toEqual(HANGZHOU);
    expect(supplierBefore.registeredAddress).not.toEqual(HANGZHOU);
    const [log] = await dbOf(t).select().from(accountLog).where(eq(accountLog.action, 'companyUpdate'));
    expect(log).toMatchObject({
      enterpriseUuid: AUTO_UUID,
      detail: { fields: ['registeredAddress', 'operationAddress'] },
    });
  });

  it('validates addresses in both languages', async () => {
    const noCountry = { ...HANGZHOU, country: '' };
    const [zh, en] = await inBothLangs((lang) =>
      call(t.app, ADDRESS, {
        token: t.auto,
        body: { registeredAddress: noCountry, operationAddress: HANGZHOU },
        lang,
      }),
    );
    expect(zh.body.code).toBe('E1001');
    expect(zh.body.msg).toContain(validationMessage('v.address.country', 'zh'));
    expect(en.body.msg).toContain(validationMessage('v.address.country', 'en'));
    const noCoordinates = await call(t.app, ADDRESS, {
      token: t.auto,
      body: { registeredAddress: HANGZHOU, operationAddress: { ...HANGZHOU, latitude: 'north' } },
      lang: 'en',
    });
    expect(noCoordinates.body.msg).toContain(validationMessage('v.address.coordinates', 'en'));
    const noEnglishDetail = await call(t.app, ADDRESS, {
      token: t.auto,
      body: { registeredAddress: { ...HANGZHOU, detailEn: ' ' }, operationAddress: HANGZHOU },
    });
    expect(noEnglishDetail.body.msg).toContain(validationMessage('v.address.detailEn', 'zh'));
  });

  it('changes the English name and abbreviation, with the spec’s English-name rule', async () => {
    const updated = expectOk(
      await call<TCompanyInfo>(t.app, ENGLISH_NAME, {
        token: t.auto,
        body: { englishName: "Galaxy Motors (Shanghai) Co., Ltd. & Partners' ·", englishShort: 'Galaxy' },
      }),
    );
    expect(updated).toMatchObject({
      englishName: "Galaxy Motors (Shanghai) Co., Ltd. & Partners' ·",
      englishShort: 'Galaxy',
    });
    const cleared = expectOk(
      await call<TCompanyInfo>(t.app, ENGLISH_NAME, {
        token: t.auto,
        body: { englishName: 'Galaxy Motors' },
      }),
    );
    expect(cleared.englishShort).toBeNull();

    for (const englishName of ['星河 Motors', '12345', 'Galaxy#Motors']) {
      const [zh, en] = await inBothLangs((lang) =>
        call(t.app, ENGLISH_NAME, { token: t.auto, body: { englishName }, lang }),
      );
      expect(zh.body.code).toBe('E1001');
      expect(zh.body.msg).toContain(
        validationMessage('v.companyEnName.format', 'zh', { field: 'englishName' }),
      );
      expect(en.body.msg).toContain(
        validationMessage('v.companyEnName.format', 'en', { field: 'englishName' }),
      );
    }
    const spaces = await call(t.app, ENGLISH_NAME, {
      token: t.auto,
      body: { englishName: '   ' },
      lang: 'en',
    });
    expect(spaces.body.msg).toContain(validationMessage('v.required', 'en', { field: 'englishName' }));
    expect((await stored(AUTO_UUID)).englishName).toBe('Galaxy Motors');
    expect((await stored(SUPPLIER_UUID)).englishName).toBe('Hengxin Power Battery Co., Ltd.');
  });

  it('needs the EditAddress and EditEnglishName codes, and an enterprise-end session', async () => {
    const [zh, en] = await inBothLangs((lang) =>
      call(t.app, ADDRESS, {
        token: t.clerk,
        body: { registeredAddress: HANGZHOU, operationAddress: HANGZHOU },
        lang,
      }),
    );
    expectError(zh, 'FORBIDDEN', 'zh');
    expectError(en, 'FORBIDDEN', 'en');
    expectError(
      await call(t.app, ENGLISH_NAME, { token: t.clerk, body: { englishName: 'Clerk Co' } }),
      'FORBIDDEN',
    );
    const operator = await operatorSignIn(t.app);
    expectError(await call(t.app, INFO, { token: operator }), 'FORBIDDEN');
    expectError(await call(t.app, INFO, {}), 'NOT_LOGGED_IN');
    const noEnterprise = await signIn(t.app, 'demo-applicant', null);
    expectError(await call(t.app, INFO, { token: noEnterprise }), 'ENTERPRISE_UNAVAILABLE');
  });
});
