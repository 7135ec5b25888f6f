import { and, eq } from 'drizzle-orm';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ENTERPRISE_MENU,
  EXAMINE_STATUS,
  VERIFIER_REASONS,
  buildMenuTree,
  menuCodes,
  validationMessage,
  type TCertificate,
  type TCertification,
  type TCompanyForm,
  type TCompanyInfo,
  type TListResponse,
  type TLoginStep,
  type TMenuNode,
  type TSessionToken,
  type TUserInfo,
} from '@tracehub/contract';
import {
  accountLog,
  certificates,
  enterpriseUsers,
  enterprises,
  files,
  roles,
  userRoles,
} from '../src/db/schema.ts';
import { decryptSecret, ethereumAddress } from '../src/platform/keys.ts';
import { AUTO_UUID, MINE_UUID, SUPPLIER_UUID, TRADER_UUID, call, signIn, useTestApp } from './support/app.ts';
import {
  EAST_CHINA,
  JIANGNAN,
  LINGNAN,
  companyForm,
  operatorSignIn,
  registerAccount,
  uploadCompanyFiles,
  usciFrom,
  type Uploads,
} from './support/company.ts';
import { viewFile } from './support/files.ts';
import { dbOf, expectError, expectOk, inBothLangs, latestMailTo } from './support/helpers.ts';

const SUBMIT = '/certification/submit';
const RESUBMIT = '/certification/resubmit';
const MINE = '/certification/mine';
const QUEUE = '/operator/certification/page';
const DETAIL = '/operator/certification/detail';
const APPROVE = '/operator/certification/approve';
const RETURN = '/operator/certification/return';

/** Valid USCIs of companies that are not in the registry. */
const DAVES = ['91350200MA31AB2D1', '91350200MA31AB2D2', '91350200MA31AB2D3'].map(usciFrom);
const UNREGISTERED = ['91350200MA31AB2C3', '91350200MA31AB2C4', '91350200MA31AB2C5', '91350200MA31AB2C6'].map(
  usciFrom,
);

describe('enterprise certification', () => {
  const t = useTestApp();
  let operator: string;
  let alice: string;
  let aliceFiles: Uploads;
  let bob: string;
  let bobFiles: Uploads;
  let aliceCertification: TCertification;
  let bobCertification: TCertification;

  const submit = (token: string, form: TCompanyForm, lang?: 'zh' | 'en') =>
    call<TCertification>(t.app, SUBMIT, { token, body: form, ...(lang ? { lang } : {}) });
  const resubmit = (token: string, id: number, form: TCompanyForm, lang?: 'zh' | 'en') =>
    call<TCertification>(t.app, RESUBMIT, { token, body: { id, form }, ...(lang ? { lang } : {}) });

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
    alice = await registerAccount(t.app, dbOf(t), 'alice-cert');
    aliceFiles = await uploadCompanyFiles(t.app, alice);
    bob = await registerAccount(t.app, dbOf(t), 'bob-cert');
    bobFiles = await uploadCompanyFiles(t.app, bob);
  });

  it("puts a registry company that passes the third-party check in the operator's queue", async () => {
    aliceCertification = expectOk(await submit(alice, companyForm(EAST_CHINA, aliceFiles)));
    expect(aliceCertification).toMatchObject({
      status: 'pendingAudit',
      verifierResult: { passed: true, reason: null, verifier: 'registry' },
      applicantUsername: 'alice-cert',
      enterpriseUuid: null,
      auditedAt: null,
      auditNotes: null,
    });
    expect(aliceCertification.form.usci).toBe(EAST_CHINA.usci);
    const mine = expectOk(await call<TCertification[]>(t.app, MINE, { token: alice }));
    expect(mine.map((c) => c.id)).toEqual([aliceCertification.id]);
    const [log] = await dbOf(t).select().from(accountLog).where(eq(accountLog.action, 'certificationSubmit'));
    expect(log?.detail).toMatchObject({ certificationId: aliceCertification.id, status: 'pendingAudit' });
  });

  it('returns a company missing from the registry with the reason, in both languages', async () => {
    bobCertification = expectOk(
      await submit(bob, companyForm({ ...LINGNAN, usci: UNREGISTERED[0]! }, bobFiles)),
    );
    expect(bobCertification.status).toBe('returned');
    expect(bobCertification.verifierResult).toEqual({
      passed: false,
      reason: 'notInRegistry',
      verifier: 'registry',
    });
    expect(VERIFIER_REASONS.notInRegistry.en).toBe(
      'The unified social credit code is not in the company registry',
    );
  });

  it('refuses to resubmit what is not returned, or not the caller’s', async () => {
    const [zh, en] = await inBothLangs((lang) =>
      resubmit(alice, aliceCertification.id, companyForm(EAST_CHINA, aliceFiles), lang),
    );
    expectError(zh, 'CERTIFICATION_STATE_INVALID', 'zh');
    expectError(en, 'CERTIFICATION_STATE_INVALID', 'en');
    expectError(await resubmit(alice, bobCertification.id, companyForm(LINGNAN, aliceFiles)), 'NOT_FOUND');
    expectError(await resubmit(bob, 2 ** 40, companyForm(LINGNAN, bobFiles)), 'NOT_FOUND');
  });

  it('checks the registered name, ignoring full-width or half-width brackets and spaces', async () => {
    const wrongName = expectOk(
      await resubmit(
        bob,
        bobCertification.id,
        companyForm({ ...LINGNAN, name: '岭南电子有限公司' }, bobFiles),
      ),
    );
    expect(wrongName.status).toBe('returned');
    expect(wrongName.verifierResult?.reason).toBe('nameMismatch');

    const fixed = expectOk(
      await resubmit(
        bob,
        bobCertification.id,
        companyForm({ ...LINGNAN, name: ' 岭南电子 元件有限公司' }, bobFiles),
      ),
    );
    expect(fixed.status).toBe('pendingAudit');
    expect(fixed.id).toBe(bobCertification.id);
    bobCertification = fixed;

    const carol = await registerAccount(t.app, dbOf(t), 'carol-cert');
    const alibaba = expectOk(
      await submit(
        carol,
        companyForm(
          {
            usci: '91330100716105852F',
            name: '阿里巴巴(中国)网络技术有限公司',
            englishName: 'Alibaba (China) Network Technology Co., Ltd.',
          },
          await uploadCompanyFiles(t.app, carol),
        ),
      ),
    );
    expect(alibaba.status).toBe('pendingAudit');
  });

  it("refuses a company another account applied for, or that is on the platform, with the spec's message", async () => {
    const [zh, en] = await inBothLangs((lang) => submit(bob, companyForm(EAST_CHINA, bobFiles), lang));
    expectError(zh, 'CERTIFICATION_DUPLICATE', 'zh');
    expectError(en, 'CERTIFICATION_DUPLICATE', 'en');
    expect(en.body.code).toBe('B2010');
    expect(en.body.msg).toContain('This company has already been submitted to authenticate');
    expect(zh.body.msg).toBe('该企业已提交认证，请联系该企业管理员加入企业');

    const [autoUsci] = await dbOf(t)
      .select({ usci: enterprises.usci })
      .from(enterprises)
      .where(eq(enterprises.uuid, AUTO_UUID));
    const onPlatform = await submit(bob, companyForm({ ...EAST_CHINA, usci: autoUsci!.usci }, bobFiles));
    expectError(onPlatform, 'CERTIFICATION_DUPLICATE');
    // Resubmitting under a company someone else holds is refused the same way.
    const [alsoZh] = await inBothLangs((lang) =>
      resubmit(bob, bobCertification.id, companyForm(EAST_CHINA, bobFiles), lang),
    );
    expectError(alsoZh, 'CERTIFICATION_STATE_INVALID');
    // The applicant's own second application for the same company: edit the first instead.
    expectError(await submit(alice, companyForm(EAST_CHINA, aliceFiles)), 'CERTIFICATION_STATE_INVALID');
  });

  it('accepts only the applicant’s own uploads of the right type for the licence and ID photos', async () => {
    const form = companyForm(
      { ...LINGNAN, usci: UNREGISTERED[1]! },
      { ...bobFiles, businessLicence: aliceFiles.businessLicence },
    );
    const [zh, en] = await inBothLangs((lang) => submit(bob, form, lang));
    expect(zh.body.code).toBe('E1001');
    expect(zh.body.msg).toContain(validationMessage('v.company.upload', 'zh', { field: 'businessLicence' }));
    expect(en.body.msg).toContain(validationMessage('v.company.upload', 'en', { field: 'businessLicence' }));

    // A licence used as an ID photo is the wrong business type.
    const swapped = await submit(
      bob,
      companyForm(
        { ...LINGNAN, usci: UNREGISTERED[1]! },
        { ...bobFiles, idPhotoFront: bobFiles.businessLicence },
      ),
      'en',
    );
    expect(swapped.body.code).toBe('E1001');
    expect(swapped.body.msg).toContain(
      validationMessage('v.company.upload', 'en', { field: 'idPhotoFront' }),
    );
    const unknown = await submit(
      bob,
      companyForm({ ...LINGNAN, usci: UNREGISTERED[1]! }, { ...bobFiles, idPhotoBack: 'a'.repeat(32) }),
    );
    expect(unknown.body.code).toBe('E1001');
  });

  it('validates the form: resident ID numbers, the USCI check character, dates and names', async () => {
    const base = { ...LINGNAN, usci: UNREGISTERED[1]! };
    const badId = companyForm(base, bobFiles, { legalPersonIdNumber: '110105194912310020' });
    const [zh, en] = await inBothLangs((lang) => submit(bob, badId, lang));
    expect(zh.body.code).toBe('E1001');
    expect(zh.body.msg).toContain(
      validationMessage('v.idCard.checksum', 'zh', { field: 'legalPersonIdNumber' }),
    );
    expect(en.body.msg).toContain(
      validationMessage('v.idCard.checksum', 'en', { field: 'legalPersonIdNumber' }),
    );
    const shortId = await submit(bob, companyForm(base, bobFiles, { legalPersonIdNumber: '12345' }), 'en');
    expect(shortId.body.msg).toContain(
      validationMessage('v.idCard.format', 'en', { field: 'legalPersonIdNumber' }),
    );
    // Passports and other documents are not checked as resident ID numbers.
    const passport = companyForm(base, bobFiles, {
      legalPersonIdType: 'passport',
      legalPersonIdNumber: 'E12345678',
    });
    expect(expectOk(await submit(bob, passport)).status).toBe('returned');

    const badUsci = await submit(
      bob,
      companyForm({ ...base, usci: UNREGISTERED[2]!.slice(0, 17) + '0' }, bobFiles),
      'en',
    );
    expect(badUsci.body.msg).toContain(validationMessage('v.usci.checksum', 'en', { field: 'usci' }));
    const badTerm = await submit(
      bob,
      companyForm({ ...base, usci: UNREGISTERED[2]! }, bobFiles, {
        businessTermFrom: '2020-01-01',
        businessTermTo: '2019-01-01',
      }),
      'zh',
    );
    expect(badTerm.body.msg).toContain(validationMessage('v.date.range', 'zh'));
    const chineseEnglishName = await submit(
      bob,
      companyForm({ ...base, usci: UNREGISTERED[2]!, englishName: '岭南 Electronics' }, bobFiles),
      'en',
    );
    expect(chineseEnglishName.body.msg).toContain(
      validationMessage('v.companyEnName.format', 'en', { field: 'englishName' }),
    );
    const noCoordinates = await submit(
      bob,
      companyForm(base, bobFiles, {
        registeredAddress: { ...companyForm(base, bobFiles).registeredAddress, detail: '' },
      }),
      'en',
    );
    expect(noCoordinates.body.msg).toContain(validationMessage('v.address.detail', 'en'));
  });

  it('blocks certifying a new company with 6 associated enterprises, but not completing a returned one', async () => {
    const dave = await registerAccount(t.app, dbOf(t), 'dave-cert');
    const daveFiles = await uploadCompanyFiles(t.app, dave);
    const daveId = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token: dave })).userId;
    // Three links (approved, pending, rejected count alike) and three applications under way make six.
    await dbOf(t)
      .insert(enterpriseUsers)
      .values([
        { enterpriseUuid: AUTO_UUID, userId: daveId, examineStatus: EXAMINE_STATUS.approved },
        { enterpriseUuid: MINE_UUID, userId: daveId, examineStatus: EXAMINE_STATUS.pending },
        { enterpriseUuid: TRADER_UUID, userId: daveId, examineStatus: EXAMINE_STATUS.rejected },
      ]);
    const returned: TCertification[] = [];
    for (const usci of DAVES) {
      returned.push(expectOk(await submit(dave, companyForm({ ...LINGNAN, usci }, daveFiles))));
    }
    const [zh, en] = await inBothLangs((lang) => submit(dave, companyForm(JIANGNAN, daveFiles), lang));
    expectError(zh, 'CERTIFY_LIMIT_REACHED', 'zh');
    expectError(en, 'CERTIFY_LIMIT_REACHED', 'en');
    const again = expectOk(
      await resubmit(
        dave,
        returned[0]!.id,
        companyForm({ ...LINGNAN, usci: returned[0]!.form.usci }, daveFiles),
      ),
    );
    expect(again.status).toBe('returned');
  });

  it('shows the operator the queue, filtered, with each form in the detail', async () => {
    const queue = expectOk(
      await call<TListResponse<Omit<TCertification, 'form'> & { name: string; usci: string }>>(t.app, QUEUE, {
        token: operator,
        body: { status: 'pendingAudit', pageNo: 1, pageSize: 50 },
      }),
    );
    const uscis = queue.list.map((c) => c.usci);
    expect(uscis).toEqual(expect.arrayContaining([EAST_CHINA.usci, LINGNAN.usci, JIANGNAN.usci]));
    expect(queue.list.every((c) => c.status === 'pendingAudit')).toBe(true);
    expect(queue.list.find((c) => c.name === JIANGNAN.name)?.applicantUsername).toBe('demo-applicant');

    const byUsci = expectOk(
      await call<TListResponse<{ id: number }>>(t.app, QUEUE, {
        token: operator,
        body: { usci: EAST_CHINA.usci.slice(0, 10), name: '' },
      }),
    );
    expect(byUsci.list.map((c) => c.id)).toEqual([aliceCertification.id]);

    const detail = expectOk(
      await call<TCertification>(t.app, DETAIL, { token: operator, body: { id: aliceCertification.id } }),
    );
    expect(detail.form).toEqual(aliceCertification.form);
    expectError(await call(t.app, DETAIL, { token: operator, body: { id: 999_999 } }), 'NOT_FOUND');
    expectError(await call(t.app, DETAIL, { token: operator, body: { id: 2 ** 40 } }), 'NOT_FOUND');
    // The operator reads the uploads under audit.
    expect((await viewFile(t.app, detail.form.businessLicence, operator)).status).toBe(200);
  });

  it('lets the operator return an application with notes; the applicant is mailed and edits it', async () => {
    const notes = '营业执照照片不清晰，请重新上传';
    const returned = expectOk(
      await call<TCertification>(t.app, RETURN, {
        token: operator,
        body: { id: aliceCertification.id, notes },
      }),
    );
    expect(returned).toMatchObject({ status: 'returned', auditNotes: notes });
    expect(returned.auditedAt).toEqual(expect.any(Number));
    const mail = await latestMailTo(dbOf(t), 'alice-cert@example.com');
    expect(mail?.body).toContain(notes);
    // Only an application waiting for the audit can be decided.
    const [zh, en] = await inBothLangs((lang) =>
      call(t.app, APPROVE, { token: operator, body: { id: aliceCertification.id }, lang }),
    );
    expectError(zh, 'CERTIFICATION_STATE_INVALID', 'zh');
    expectError(en, 'CERTIFICATION_STATE_INVALID', 'en');
    expectError(
      await call(t.app, RETURN, { token: operator, body: { id: aliceCertification.id, notes: 'again' } }),
      'CERTIFICATION_STATE_INVALID',
    );
    const emptyNotes = await call(t.app, RETURN, {
      token: operator,
      body: { id: bobCertification.id, notes: ' ' },
    });
    expect(emptyNotes.body.code).toBe('E1001');

    const newLicence = await uploadCompanyFiles(t.app, alice);
    aliceCertification = expectOk(
      await resubmit(
        alice,
        aliceCertification.id,
        companyForm(EAST_CHINA, newLicence, {
          chineseShort: '华东新材',
          englishShort: 'East China Materials',
          steelAttributes: ['steelProduction'],
          automaker: true,
          scene: 'US&EU',
        }),
      ),
    );
    expect(aliceCertification.status).toBe('pendingAudit');
    aliceFiles = newLicence;
  });

  it('approves: the enterprise gets its key pair, chain account, DID and certificate, the applicant becomes its administrator', async () => {
    const approved = expectOk(
      await call<TCertification>(t.app, APPROVE, { token: operator, body: { id: aliceCertification.id } }),
    );
    expect(approved.status).toBe('approved');
    expect(approved.enterpriseUuid).toMatch(/^[0-9a-f-]{36}$/);
    const uuid = approved.enterpriseUuid!;
    expectError(
      await call(t.app, APPROVE, { token: operator, body: { id: aliceCertification.id } }),
      'CERTIFICATION_STATE_INVALID',
    );

    const [row] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, uuid));
    expect(row).toMatchObject({
      name: EAST_CHINA.name,
      englishName: EAST_CHINA.englishName,
      chineseShort: '华东新材',
      usci: EAST_CHINA.usci,
      role: 1,
      scene: 'US&EU',
      deploymentMethod: 'distributed',
      steelAttributes: ['steelProduction'],
      legalPersonName: '李明',
      businessLicence: aliceFiles.businessLicence,
      status: 'enabled',
    });
    // The hosted key is the chain account's: decrypting it gives the same address and public key.
    const secret = decryptSecret(t.runtime.deps.masterKey, row!.keyCiphertext!);
    expect(ethereumAddress(secp256k1.getPublicKey(secret, false))).toBe(row!.chainAddress);
    expect(Buffer.from(secp256k1.getPublicKey(secret, true)).toString('hex')).toBe(row!.publicKey);

    const [link] = await dbOf(t)
      .select()
      .from(enterpriseUsers)
      .where(eq(enterpriseUsers.enterpriseUuid, uuid));
    expect(link).toMatchObject({ examineStatus: EXAMINE_STATUS.approved, isAdmin: true });
    const [adminRole] = await dbOf(t).select().from(roles).where(eq(roles.enterpriseUuid, uuid));
    expect(adminRole).toMatchObject({ name: '管理员', nameEn: 'Administrator', isAdminRole: true });
    expect(
      await dbOf(t)
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.enterpriseUuid, uuid), eq(userRoles.roleId, adminRole!.id))),
    ).toHaveLength(1);
    const [licence] = await dbOf(t).select().from(files).where(eq(files.fileKey, aliceFiles.businessLicence));
    expect(licence?.enterpriseUuid).toBe(uuid);
    expect((await latestMailTo(dbOf(t), 'alice-cert@example.com'))?.body).toContain(row!.did!);

    // The applicant switches to it and has a DID whose address is the chain account.
    const step = expectOk(
      await call<TLoginStep>(t.app, '/login/loginByPwd', {
        body: { loginAccount: 'alice-cert', password: 'Demo@12345' },
      }),
    );
    expect(step.enterprises).toEqual([
      expect.objectContaining({
        enterpriseUuid: uuid,
        examineStatus: EXAMINE_STATUS.approved,
        certified: true,
      }),
    ]);
    const switched = expectOk(
      await call<TSessionToken>(t.app, '/login/selectEnterprise', {
        token: alice,
        body: { isLogined: true, loginAccount: 'alice-cert', enterpriseUuid: uuid },
      }),
    );
    const info = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token: switched.token }));
    const did = /^did:ethr:0x539:(0x[0-9a-fA-F]{40})$/.exec(info.enterpriseDid ?? '');
    expect(did?.[1]).toBe(info.chainAccount);
    expect(info.chainAccount).toBe(row!.chainAddress);
    expect(info.isEnterpriseAdmin).toBe(true);
    expect(info.authStatus).toBe(2);
    expect(info.permissions).toEqual([...menuCodes(ENTERPRISE_MENU)].sort());
    const menus = expectOk(
      await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token: switched.token }),
    );
    expect(menus).toEqual(buildMenuTree(ENTERPRISE_MENU, () => true));

    const certificate = expectOk(
      await call<TCertificate>(t.app, '/certification/certificate', { token: switched.token }),
    );
    expect(certificate).toMatchObject({
      enterpriseUuid: uuid,
      enterpriseName: EAST_CHINA.name,
      usci: EAST_CHINA.usci,
      did: info.enterpriseDid,
      chainAccount: info.chainAccount,
    });
    // Random, not the fifth of a sequence (ledger-privacy.test.ts).
    expect(certificate.number).toMatch(new RegExp(`^TH-CERT-${new Date().getUTCFullYear()}-[0-9A-Z]{16}$`));
    const company = expectOk(await call<TCompanyInfo>(t.app, '/enterprise/info', { token: switched.token }));
    expect(company).toMatchObject({
      did: info.enterpriseDid,
      registeredAddress: expect.objectContaining({ city: '杭州市' }),
    });

    const [approveLog] = await dbOf(t)
      .select()
      .from(accountLog)
      .where(and(eq(accountLog.action, 'certificationApprove'), eq(accountLog.enterpriseUuid, uuid)));
    expect(approveLog?.detail).toMatchObject({
      certificationId: aliceCertification.id,
      certificate: certificate.number,
    });
    const mine = expectOk(await call<TCertification[]>(t.app, MINE, { token: switched.token }));
    expect(mine[0]).toMatchObject({ status: 'approved', enterpriseUuid: uuid });
  });

  it("approves demo-applicant's seeded application from the queue", async () => {
    const queue = expectOk(
      await call<TListResponse<{ id: number; name: string }>>(t.app, QUEUE, {
        token: operator,
        body: { name: '江南精密' },
      }),
    );
    const approved = expectOk(
      await call<TCertification>(t.app, APPROVE, { token: operator, body: { id: queue.list[0]!.id } }),
    );
    expect(approved.applicantUsername).toBe('demo-applicant');
    const token = await signIn(t.app, 'demo-applicant', approved.enterpriseUuid);
    const info = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token }));
    expect(info.enterpriseName).toBe(JIANGNAN.name);
    expect(info.enterpriseDid).toMatch(/^did:ethr:0x539:0x[0-9a-fA-F]{40}$/);
  });

  it('keeps the two ends apart and needs a session', async () => {
    expectError(await call(t.app, QUEUE, { token: bob, body: {} }), 'FORBIDDEN');
    expectError(await call(t.app, APPROVE, { token: bob, body: { id: bobCertification.id } }), 'FORBIDDEN');
    expectError(
      await call(t.app, SUBMIT, { token: operator, body: companyForm(LINGNAN, bobFiles) }),
      'FORBIDDEN',
    );
    expectError(await call(t.app, MINE, { token: operator }), 'FORBIDDEN');
    expectError(await call(t.app, SUBMIT, { body: companyForm(LINGNAN, bobFiles) }), 'NOT_LOGGED_IN');
    expectError(await call(t.app, QUEUE, { body: {} }), 'NOT_LOGGED_IN');
  });

  it("shows each enterprise only its own certificate, to members with 'ViewBlockchainCertificate'", async () => {
    const auto = await signIn(t.app, 'demo-auto', AUTO_UUID);
    const supplier = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    const own = expectOk(await call<TCertificate>(t.app, '/certification/certificate', { token: auto }));
    const other = expectOk(
      await call<TCertificate>(t.app, '/certification/certificate', { token: supplier }),
    );
    expect(own.enterpriseUuid).toBe(AUTO_UUID);
    expect(other.enterpriseUuid).toBe(SUPPLIER_UUID);
    expect(own.number).not.toBe(other.number);
    const [stored] = await dbOf(t)
      .select()
      .from(certificates)
      .where(eq(certificates.enterpriseUuid, AUTO_UUID));
    expect(own).toMatchObject({ number: stored!.number, did: stored!.did });
    const clerk = await signIn(t.app, 'demo-multi', AUTO_UUID);
    expectError(await call(t.app, '/certification/certificate', { token: clerk }), 'FORBIDDEN');
  });
});
