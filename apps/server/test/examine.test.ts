import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMINE_STATUS,
  LIMITS,
  usciCheckChar,
  validationMessage,
  type TEnterpriseListItem,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, mailOutbox, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/crypto.ts';
import {
  AUTO_UUID,
  DEMO_PASSWORD,
  MINE_UUID,
  SUPPLIER_UUID,
  TRADER_UUID,
  call,
  signIn,
  useTestApp,
} from './support/app.ts';
import { dbOf, expectError, expectOk, loginStep, selectEnterprise } from './support/helpers.ts';

const LIST = '/enterpriseUserExamine/selectEnterpriseList';
const BY_CODE = '/enterpriseUserExamine/selectEnterpriseByCode';
const APPLY = '/enterpriseUserExamine/addEnterpriseUser';
const CANCEL = '/enterpriseUserExamine/cancelExamine';
const DELETE = '/enterpriseUserExamine/delEnterpriseUser';

/** A valid USCI that no enterprise of the demo data has. */
const UNKNOWN_USCI = '91110000MA0000001' + usciCheckChar('91110000MA0000001')!;

describe('link applications (examine)', () => {
  const t = useTestApp();
  /** USCI of each demo enterprise, read from the database. */
  const usci: Record<string, string> = {};
  let multiId: number;
  /** demo-multi's seeded pending (mine) and rejected (trader) applications. */
  let pendingId: number;
  let rejectedId: number;
  let approvedAutoId: number;

  const list = async (token: string) => expectOk(await call<TEnterpriseListItem[]>(t.app, LIST, { token }));
  const apply = (
    token: string,
    uniformSocialCreditCode: string,
    lang?: 'zh' | 'en',
    examineName = '申请企业',
  ) =>
    call<{ id: number }>(t.app, APPLY, {
      token,
      body: { examineName, uniformSocialCreditCode, remark: '采购对接' },
      ...(lang ? { lang } : {}),
    });
  const linkRow = async (id: number) =>
    (await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.id, id)))[0]!;

  beforeAll(async () => {
    for (const e of await dbOf(t)
      .select({ uuid: enterprises.uuid, usci: enterprises.usci })
      .from(enterprises)) {
      usci[e.uuid] = e.usci;
    }
    const [multi] = await dbOf(t)
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'demo-multi'));
    multiId = multi!.id;
    const links = await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.userId, multiId));
    pendingId = links.find((l) => l.enterpriseUuid === MINE_UUID)!.id;
    rejectedId = links.find((l) => l.enterpriseUuid === TRADER_UUID)!.id;
    approvedAutoId = links.find((l) => l.enterpriseUuid === AUTO_UUID)!.id;
  });

  it('lists the enterprises with the sign-in verifyKey as bearer and with a session', async () => {
    const step = await loginStep(t.app, 'demo-multi');
    const byKey = await list(step.verifyKey);
    expect(byKey).toEqual(step.enterprises);
    expect(byKey.map((e) => e.id).sort()).toEqual(
      [
        approvedAutoId,
        pendingId,
        rejectedId,
        byKey.find((e) => e.enterpriseUuid === SUPPLIER_UUID)!.id,
      ].sort(),
    );
    const pending = byKey.find((e) => e.id === pendingId)!;
    expect(pending).toMatchObject({
      examineStatus: EXAMINE_STATUS.pending,
      enterpriseName: '北辰锂业有限公司',
    });
    expect(byKey.find((e) => e.id === rejectedId)!.examineStatus).toBe(EXAMINE_STATUS.rejected);

    // The key is used up by the second step and no longer authorises anything.
    const session = expectOk(
      await selectEnterprise(t.app, {
        loginAccount: 'demo-multi',
        enterpriseUuid: AUTO_UUID,
        verifyKey: step.verifyKey,
      }),
    );
    expectError(await call(t.app, LIST, { token: step.verifyKey }), 'NOT_LOGGED_IN');
    expect(await list(session.token)).toEqual(byKey);
    expectError(await call(t.app, LIST), 'NOT_LOGGED_IN');
  });

  it('looks up a certified enterprise by its USCI', async () => {
    const step = await loginStep(t.app, 'demo-supplier');
    const found = expectOk(
      await call(t.app, BY_CODE, {
        token: step.verifyKey,
        body: { uniformSocialCreditCode: usci[AUTO_UUID] },
      }),
    );
    expect(found).toEqual({
      success: true,
      data: { enterpriseName: '星河汽车股份有限公司', enterpriseNameEn: 'Galaxy Motors Co., Ltd.' },
    });
    const token = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const lower = expectOk(
      await call(t.app, BY_CODE, {
        token,
        body: { uniformSocialCreditCode: ` ${usci[MINE_UUID]!.toLowerCase()} ` },
      }),
    );
    expect(lower).toEqual({
      success: true,
      data: { enterpriseName: '北辰锂业有限公司', enterpriseNameEn: 'Beichen Lithium Co., Ltd.' },
    });
    for (const code of [UNKNOWN_USCI, 'garbage', '']) {
      expect(
        expectOk(await call(t.app, BY_CODE, { token, body: { uniformSocialCreditCode: code } })),
      ).toEqual({
        success: false,
        data: null,
      });
    }
    // An enterprise on the platform without a DID is not certified and is not found.
    const uncertified = '91440300MA5F00001' + usciCheckChar('91440300MA5F00001')!;
    await dbOf(t)
      .insert(enterprises)
      .values({ uuid: 'uncertified-1', name: '未认证企业', usci: uncertified });
    expect(
      expectOk(await call(t.app, BY_CODE, { token, body: { uniformSocialCreditCode: uncertified } })),
    ).toEqual({ success: false, data: null });
    expectError(await apply(token, uncertified), 'LINK_ENTERPRISE_UNKNOWN');
    expectError(
      await call(t.app, BY_CODE, { body: { uniformSocialCreditCode: usci[AUTO_UUID] } }),
      'NOT_LOGGED_IN',
    );
  });

  it('validates the application form', async () => {
    const token = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const noName = await call(t.app, APPLY, {
      token,
      lang: 'en',
      body: { examineName: '  ', uniformSocialCreditCode: usci[AUTO_UUID] },
    });
    expect(noName.body.code).toBe('E1001');
    expect(noName.body.data).toEqual({
      fields: [{ field: 'examineName', message: "Please enter the associated enterprise's name" }],
    });
    const badUsci = await call(t.app, APPLY, {
      token,
      body: { examineName: '星河汽车', uniformSocialCreditCode: '91310000MA1K4A0B2X' },
    });
    expect(badUsci.body.data).toEqual({
      fields: [{ field: 'uniformSocialCreditCode', message: validationMessage('v.usci.checksum', 'zh') }],
    });
    const tooLong = await call(t.app, APPLY, {
      token,
      body: {
        examineName: 'x'.repeat(101),
        uniformSocialCreditCode: usci[AUTO_UUID],
        remark: 'y'.repeat(101),
      },
    });
    expect(tooLong.body.data).toEqual({
      fields: [
        { field: 'examineName', message: '企业名称最多 100 个字符' },
        { field: 'remark', message: '备注最多 100 个字符' },
      ],
    });
    for (const lang of ['zh', 'en'] as const) {
      expectError(await apply(token, UNKNOWN_USCI, lang), 'LINK_ENTERPRISE_UNKNOWN', lang);
    }
  });

  it("keeps accounts apart: demo-auto can neither see nor touch demo-multi's applications", async () => {
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const own = await list(token);
    expect(own.map((e) => e.enterpriseUuid)).toEqual([AUTO_UUID]);
    for (const id of [pendingId, rejectedId, approvedAutoId]) expect(own.map((e) => e.id)).not.toContain(id);

    for (const lang of ['zh', 'en'] as const) {
      expectError(await call(t.app, CANCEL, { token, body: { id: pendingId }, lang }), 'NOT_FOUND', lang);
      expectError(await call(t.app, DELETE, { token, body: { id: rejectedId }, lang }), 'NOT_FOUND', lang);
    }
    const en = await call(t.app, CANCEL, { token, body: { id: pendingId }, lang: 'en' });
    expect(en.status).toBe(404);
    expect(en.body.msg).toBe('The requested resource does not exist');
    // Guessing ids around them changes nothing either.
    for (let id = 1; id <= pendingId + 5; id++) {
      const res = await call(t.app, CANCEL, { token, body: { id } });
      if (res.body.code === '0000') throw new Error(`demo-auto cancelled application ${id}`);
    }
    expect((await linkRow(pendingId)).examineStatus).toBe(EXAMINE_STATUS.pending);
    expect((await linkRow(rejectedId)).examineStatus).toBe(EXAMINE_STATUS.rejected);
    expectError(await call(t.app, CANCEL, { token, body: { id: 999_999 } }), 'NOT_FOUND');
    // Ids outside the database's integer range are just as unknown, not a server error.
    for (const id of [3_000_000_000, Number.MAX_SAFE_INTEGER, -1, 0]) {
      expectError(await call(t.app, CANCEL, { token, body: { id } }), 'NOT_FOUND');
      expectError(await call(t.app, DELETE, { token, body: { id } }), 'NOT_FOUND');
    }
  });

  it('blocks a new application while one is pending or rejected (B2003)', async () => {
    const step = await loginStep(t.app, 'demo-multi');
    for (const lang of ['zh', 'en'] as const) {
      expectError(await apply(step.verifyKey, usci[MINE_UUID]!, lang), 'LINK_OPEN_APPLICATION', lang);
    }
    const en = await apply(step.verifyKey, UNKNOWN_USCI, 'en');
    expect(en.body.msg).toBe('You have a pending or rejected application; cancel or delete it first');
  });

  it('refuses to cancel a rejected or approved row and to delete a pending one (B2005)', async () => {
    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, CANCEL, { token, body: { id: rejectedId }, lang }),
        'LINK_STATE_INVALID',
        lang,
      );
      expectError(
        await call(t.app, DELETE, { token, body: { id: pendingId }, lang }),
        'LINK_STATE_INVALID',
        lang,
      );
    }
    expectError(await call(t.app, CANCEL, { token, body: { id: approvedAutoId } }), 'LINK_STATE_INVALID');
    expectError(await call(t.app, DELETE, { token, body: { id: approvedAutoId } }), 'LINK_STATE_INVALID');
    expect((await linkRow(approvedAutoId)).examineStatus).toBe(EXAMINE_STATUS.approved);
  });

  it('cancels the pending and deletes the rejected application, then applies again', async () => {
    const step = await loginStep(t.app, 'demo-multi');
    expect(
      expectOk(await call(t.app, CANCEL, { token: step.verifyKey, body: { id: pendingId } })),
    ).toBeNull();
    expect((await linkRow(pendingId)).examineStatus).not.toBe(EXAMINE_STATUS.pending);
    expect((await list(step.verifyKey)).map((e) => e.id)).not.toContain(pendingId);
    expectError(
      await call(t.app, CANCEL, { token: step.verifyKey, body: { id: pendingId } }),
      'LINK_STATE_INVALID',
    );
    // Still blocked by the rejected one.
    expectError(await apply(step.verifyKey, usci[MINE_UUID]!), 'LINK_OPEN_APPLICATION');

    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expect(expectOk(await call(t.app, DELETE, { token, body: { id: rejectedId } }))).toBeNull();
    const afterDelete = await list(token);
    expect(afterDelete.map((e) => e.id)).not.toContain(rejectedId);
    expect(afterDelete.map((e) => e.examineStatus)).toEqual([1, 1]);
    expectError(await call(t.app, DELETE, { token, body: { id: rejectedId } }), 'LINK_STATE_INVALID');

    for (const lang of ['zh', 'en'] as const) {
      expectError(await apply(token, usci[AUTO_UUID]!, lang), 'LINK_ALREADY_LINKED', lang);
    }
    const en = await apply(token, usci[SUPPLIER_UUID]!, 'en');
    expect(en.body.msg).toBe('Your account is already linked to this enterprise');

    const created = expectOk(
      await apply(token, usci[MINE_UUID]!.toLowerCase(), undefined, '北辰锂业有限公司'),
    );
    const row = await linkRow(created.id);
    expect(row).toMatchObject({
      userId: multiId,
      enterpriseUuid: MINE_UUID,
      examineStatus: EXAMINE_STATUS.pending,
      examineName: '北辰锂业有限公司',
      remark: '采购对接',
      isAdmin: false,
    });
    const listed = (await list(token)).find((e) => e.id === created.id);
    expect(listed).toMatchObject({ examineStatus: 0, enterpriseUuid: MINE_UUID, lastLogin: 'N' });
    expectError(await apply(token, usci[TRADER_UUID]!), 'LINK_OPEN_APPLICATION');
    // A pending application cannot be used to sign in.
    expectError(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: 'demo-multi', enterpriseUuid: MINE_UUID },
        token,
      ),
      'ENTERPRISE_NOT_LINKED',
    );
  });

  it("mails the target enterprise's administrators about an application", async () => {
    const toAuto = () =>
      dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, 'demo-auto@tracehub.local'));
    const toMulti = () =>
      dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, 'demo-multi@tracehub.local'));
    const before = (await toAuto()).length;
    const multiBefore = (await toMulti()).length;
    const step = await loginStep(t.app, 'demo-supplier');
    const created = expectOk(await apply(step.verifyKey, usci[AUTO_UUID]!));
    expect((await linkRow(created.id)).enterpriseUuid).toBe(AUTO_UUID);

    const mails = await toAuto();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.body).toContain('demo-supplier');
    expect(mail.body).toContain('星河汽车股份有限公司');
    // demo-multi is a member of the automaker, not an administrator.
    expect(await toMulti()).toHaveLength(multiBefore);
  });

  it(`allows at most ${LIMITS.enterprisesPerAccount} enterprises per account (B2002)`, async () => {
    const db = dbOf(t);
    const [user] = await db
      .insert(users)
      .values({
        username: 'linker',
        email: 'linker@example.com',
        passwordHash: await hashPassword(DEMO_PASSWORD),
      })
      .returning({ id: users.id });
    const extra = Array.from({ length: 6 }, (_, i) => ({
      uuid: `limit-enterprise-${i}`,
      name: `限额测试企业${i}`,
      usci: `LIMIT-TEST-USCI-${i}`,
      did: `did:ethr:0x539:0x${String(i).padStart(40, '0')}`,
    }));
    await db.insert(enterprises).values(extra);
    const approve = (uuid: string) => ({
      enterpriseUuid: uuid,
      userId: user!.id,
      examineStatus: EXAMINE_STATUS.approved,
    });
    // Five approved links, plus history that does not count.
    await db
      .insert(enterpriseUsers)
      .values([
        ...extra.slice(0, 5).map((e) => approve(e.uuid)),
        { enterpriseUuid: TRADER_UUID, userId: user!.id, examineStatus: 3 },
        { enterpriseUuid: TRADER_UUID, userId: user!.id, examineStatus: 4 },
      ]);

    const step = await loginStep(t.app, 'linker');
    expect(step.enterprises).toHaveLength(5);
    const sixth = expectOk(await apply(step.verifyKey, usci[MINE_UUID]!));
    expectOk(await call(t.app, CANCEL, { token: step.verifyKey, body: { id: sixth.id } }));

    await db.insert(enterpriseUsers).values(approve(extra[5]!.uuid));
    for (const lang of ['zh', 'en'] as const) {
      expectError(await apply(step.verifyKey, usci[MINE_UUID]!, lang), 'LINK_LIMIT_REACHED', lang, {
        max: 6,
      });
    }
    const zh = await apply(step.verifyKey, usci[MINE_UUID]!);
    expect(zh.body.msg).toBe('一个账号最多关联 6 家企业');
    const en = await apply(step.verifyKey, usci[MINE_UUID]!, 'en');
    expect(en.body.msg).toBe('An account can be linked to at most 6 enterprises');
    const open = await db
      .select()
      .from(enterpriseUsers)
      .where(
        and(eq(enterpriseUsers.userId, user!.id), eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.pending)),
      );
    expect(open).toHaveLength(0);
  });
});
