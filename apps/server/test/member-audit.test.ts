import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMINE_STATUS,
  LIMITS,
  usciCheckChar,
  validationMessage,
  type TExamineItem,
  type TListResponse,
  type TMember,
  type TRole,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, userRoles } from '../src/db/schema.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk, latestMailTo, selectEnterprise } from './support/helpers.ts';

const LIST = '/enterpriseUserExamine/selectExamineList';
const EXAMINE = '/enterpriseUserExamine/examine';

describe('member audit (/account/audit)', () => {
  const t = useTestApp({ admin: AS_AUTO, supplierAdmin: AS_SUPPLIER });
  let clerk: TRole;
  let adminRole: TRole;
  let supplierClerk: number;
  let autoUsci: string;

  const post = <T = unknown>(path: string, body: unknown, token = t.admin, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const list = async (body: Record<string, unknown> = {}, token = t.admin) =>
    expectOk(await post<TListResponse<TExamineItem>>(LIST, { pageSize: 100, ...body }, token));
  const linkRow = async (id: number) =>
    (await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.id, id)))[0]!;

  /** A supplier member (its own account) that applies to join the automaker; returns the application. */
  async function applicant(): Promise<{ member: TMember; token: string; applicationId: number }> {
    const member = await createMember(t.app, t.supplierAdmin, [supplierClerk]);
    const token = await firstSignIn(t.app, member, SUPPLIER_UUID);
    const applied = expectOk(
      await post<{ id: number }>(
        '/enterpriseUserExamine/addEnterpriseUser',
        { examineName: '星河汽车股份有限公司', uniformSocialCreditCode: autoUsci, remark: '采购对接' },
        token,
      ),
    );
    return { member, token, applicationId: applied.id };
  }

  beforeAll(async () => {
    const roles = expectOk(await post<TListResponse<TRole>>('/role/page', { pageSize: 100 })).list;
    clerk = roles.find((r) => r.name === '业务专员')!;
    adminRole = roles.find((r) => r.isAdminRole)!;
    const supplierRoles = expectOk(
      await post<TListResponse<TRole>>('/role/page', { pageSize: 100 }, t.supplierAdmin),
    ).list;
    supplierClerk = supplierRoles.find((r) => r.name === '业务专员')!.id;
    const [auto] = await dbOf(t)
      .select({ usci: enterprises.usci })
      .from(enterprises)
      .where(eq(enterprises.uuid, AUTO_UUID));
    autoUsci = auto!.usci;
  });

  it('lists only applications to this enterprise, filtered by status and user name', async () => {
    const a = await applicant();
    const items = (await list()).list;
    expect(items.map((i) => i.id)).toEqual([a.applicationId]);
    expect(items[0]).toMatchObject({
      username: a.member.username,
      email: a.member.email,
      examineName: '星河汽车股份有限公司',
      remark: '采购对接',
      examineStatus: EXAMINE_STATUS.pending,
      examineRemark: null,
      auditedAt: null,
    });
    // demo-multi's applications go to the mine and the trader; the seeded members are not applications.
    expect((await list({ examineStatus: 1 })).total).toBe(0);
    expect((await list({ examineStatus: 0, username: a.member.username.slice(-6) })).total).toBe(1);
    expect((await list({ username: 'demo-multi' })).total).toBe(0);
    expect((await list({}, t.supplierAdmin)).total).toBe(0);
  });

  it('approves: the applicant becomes a member with the given roles and is told by e-mail', async () => {
    const a = await applicant();
    const res = expectOk(
      await post(EXAMINE, { ids: [a.applicationId], result: 'approve', roleIds: [clerk.id] }),
    );
    expect(res).toEqual({ audited: 1 });
    const row = await linkRow(a.applicationId);
    expect(row).toMatchObject({ examineStatus: EXAMINE_STATUS.approved, examineRemark: null });
    expect(row.auditedAt).not.toBeNull();
    expect(row.auditedBy).not.toBeNull();
    const members = expectOk(
      await post<TListResponse<TMember>>('/member/page', { username: a.member.username }),
    );
    expect(members.list[0]!.roles.map((r) => r.id)).toEqual([clerk.id]);
    expect((await latestMailTo(dbOf(t), a.member.email))!.body).toContain('approved');
    const session = expectOk(
      await selectEnterprise(
        t.app,
        { isLogined: true, loginAccount: a.member.username, enterpriseUuid: AUTO_UUID },
        a.token,
      ),
    );
    expect(session.enterpriseUuid).toBe(AUTO_UUID);
    expect((await list({ examineStatus: 1 })).list.map((i) => i.id)).toContain(a.applicationId);
    // An audited application cannot be audited again.
    expectError(await post(EXAMINE, { ids: [a.applicationId], result: 'reject', remark: 'x' }), 'NOT_FOUND');
  });

  it('rejects only with a reason, kept and mailed to the applicant', async () => {
    const a = await applicant();
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(EXAMINE, { ids: [a.applicationId], result: 'reject' }, t.admin, lang);
      expect(res.body).toMatchObject({
        code: 'E1001',
        data: { fields: [{ field: 'remark', message: validationMessage('v.examine.rejectReason', lang) }] },
      });
    }
    expect((await linkRow(a.applicationId)).examineStatus).toBe(EXAMINE_STATUS.pending);
    expectOk(await post(EXAMINE, { ids: [a.applicationId], result: 'reject', remark: '未找到该员工' }));
    expect(await linkRow(a.applicationId)).toMatchObject({
      examineStatus: EXAMINE_STATUS.rejected,
      examineRemark: '未找到该员工',
    });
    expect((await latestMailTo(dbOf(t), a.member.email))!.body).toContain('未找到该员工');
    expect(
      await dbOf(t)
        .select()
        .from(userRoles)
        .where(eq(userRoles.userId, (await linkRow(a.applicationId)).userId)),
    ).toHaveLength(1); // only its supplier role
  });

  it('audits several at once only with BatchAudit besides Audit', async () => {
    const a = await applicant();
    const b = await applicant();
    const { token: auditor } = await memberWith(t, t.admin, AUTO_UUID, ['MemberAudit', 'Audit']);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(EXAMINE, { ids: [a.applicationId, b.applicationId], result: 'approve' }, auditor, lang),
        'FORBIDDEN',
        lang,
      );
    }
    expect((await linkRow(a.applicationId)).examineStatus).toBe(EXAMINE_STATUS.pending);
    // The same id twice is one application, not a batch.
    expectOk(
      await post(
        EXAMINE,
        { ids: [a.applicationId, a.applicationId], result: 'reject', remark: '重复' },
        auditor,
      ),
    );
    const { token: batcher } = await memberWith(t, t.admin, AUTO_UUID, [
      'MemberAudit',
      'Audit',
      'BatchAudit',
    ]);
    const c = await applicant();
    expect(
      expectOk(await post(EXAMINE, { ids: [b.applicationId, c.applicationId], result: 'approve' }, batcher)),
    ).toEqual({ audited: 2 });
    for (const id of [b.applicationId, c.applicationId]) {
      expect((await linkRow(id)).examineStatus).toBe(EXAMINE_STATUS.approved);
    }
  });

  it('is all or nothing: one id that is not a pending application here changes nothing', async () => {
    const a = await applicant();
    const done = await applicant();
    expectOk(await post(EXAMINE, { ids: [done.applicationId], result: 'approve' }));
    // Pending applications to other enterprises (demo-multi's to the mine).
    const elsewhere = (
      await dbOf(t)
        .select({ id: enterpriseUsers.id })
        .from(enterpriseUsers)
        .where(
          and(
            eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.pending),
            ne(enterpriseUsers.enterpriseUuid, AUTO_UUID),
          ),
        )
    ).map((r) => r.id);
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const lang of ['zh', 'en'] as const) {
      for (const other of [done.applicationId, 999_999, 3_000_000_000, ...elsewhere]) {
        expectError(
          await post(EXAMINE, { ids: [a.applicationId, other], result: 'approve' }, t.admin, lang),
          'NOT_FOUND',
          lang,
        );
      }
    }
    expect((await linkRow(a.applicationId)).examineStatus).toBe(EXAMINE_STATUS.pending);
    for (const id of elsewhere) expect((await linkRow(id)).examineStatus).toBe(EXAMINE_STATUS.pending);
  });

  it('assigns only enabled roles of this enterprise on approval', async () => {
    const a = await applicant();
    const disabled = await createRole(t.app, t.admin, []);
    for (const roleIds of [[disabled.id], [supplierClerk], [clerk.id, adminRole.id], [999_999]]) {
      const res = await post(EXAMINE, { ids: [a.applicationId], result: 'approve', roleIds });
      expectError(res, 'ROLE_NOT_ASSIGNABLE');
    }
    expect((await linkRow(a.applicationId)).examineStatus).toBe(EXAMINE_STATUS.pending);
  });

  it('refuses to approve an applicant already linked to six enterprises (B2002)', async () => {
    const a = await applicant();
    // Five more approved links besides the supplier: six in all.
    for (let i = 0; i < LIMITS.enterprisesPerAccount - 1; i++) {
      const body = `91110000MA000${String(i).padStart(4, '0')}`;
      const uuid = `limit-${a.member.id}-${i}`;
      await dbOf(t)
        .insert(enterprises)
        .values({ uuid, name: `企业${i}`, usci: body + usciCheckChar(body)! });
      await dbOf(t)
        .insert(enterpriseUsers)
        .values({ enterpriseUuid: uuid, userId: (await linkRow(a.applicationId)).userId, examineStatus: 1 });
    }
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post(EXAMINE, { ids: [a.applicationId], result: 'approve' }, t.admin, lang),
        'LINK_LIMIT_REACHED',
        lang,
        { max: LIMITS.enterprisesPerAccount },
      );
    }
    expect((await linkRow(a.applicationId)).examineStatus).toBe(EXAMINE_STATUS.pending);
    // Rejecting stays possible.
    expectOk(await post(EXAMINE, { ids: [a.applicationId], result: 'reject', remark: '已达上限' }));
  });
});
