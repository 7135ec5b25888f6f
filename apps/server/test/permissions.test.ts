import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ATTACHMENT_WRITE_CODES,
  ERRORS,
  SUCCESS_CODE,
  errorMessage,
  ENTERPRISE_MENU,
  EVIDENCE_CODES,
  FILE_READ_CODES,
  IMPORT_KINDS,
  OWN_ACCOUNT_CODES,
  RECORD_FILE_READ_CODES,
  RECORD_PAGES,
  ZFileBizType,
  api,
  fileAccess,
  importKindPage,
  importRecordCodes,
  menuCodes,
  pageOfCodes,
  permissionCodes,
  type TEndpoint,
  type TEvidenceRecord,
  type TFileEvidence,
  type TLang,
  type TListResponse,
  type TMenuNode,
  type TUserInfo,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, rolePermissions, users } from '../src/db/schema.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  TRADER_UUID,
  call,
  signIn,
  startTestApp,
  useTestApp,
  type Envelope,
  type TestAppFixture,
} from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { operatorSignIn } from './support/company.ts';
import { pdfBytes, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newMaterial, newProduct, newProject, type TRecordRef } from './support/records.ts';
import { importAndRun, xlsxOf } from './support/workbooks.ts';

/** Every endpoint of the contract, found by walking the nested `api` object. */
function allEndpoints(node: unknown, path: string[] = []): { name: string; ep: TEndpoint }[] {
  if (!node || typeof node !== 'object') return [];
  const o = node as Record<string, unknown>;
  if (typeof o.path === 'string' && typeof o.method === 'string' && typeof o.auth === 'string') {
    return [{ name: path.join('.'), ep: o as unknown as TEndpoint }];
  }
  return Object.entries(o).flatMap(([k, v]) => allEndpoints(v, [...path, k]));
}

const WORKBENCH_ONLY = ['Workbench'];
const guarded = allEndpoints(api).filter(
  ({ ep }) => ep.auth === 'enterprise' && permissionCodes(ep).some((code) => !WORKBENCH_ONLY.includes(code)),
);

/** Pages of a menu tree, depth first. */
function pageCodes(nodes: TMenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.type === 1 ? [n.code] : []), ...pageCodes(n.childs)]);
}

describe('permission codes are checked by the server on every endpoint', () => {
  const t = useTestApp({ admin: AS_AUTO });
  /** A member of the automaker whose only role grants the workbench. */
  let workbenchOnly: string;

  beforeAll(async () => {
    workbenchOnly = (await memberWith(t, t.admin, AUTO_UUID, WORKBENCH_ONLY)).token;
  });

  it('covers the endpoints of every enterprise domain', () => {
    const names = guarded.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'member.add',
        'role.configAuth',
        'examine.examine',
        'company.updateAddress',
        'log.selectLogPage',
      ]),
    );
  });

  it.each(guarded.map((g) => [g.name, g.ep] as const))(
    '%s answers 403 (E1008) without its code, in both languages',
    async (_name, ep) => {
      for (const lang of ['zh', 'en'] as const) {
        const res = await call(t.app, ep.path, {
          method: ep.method,
          token: workbenchOnly,
          lang,
          ...(ep.method === 'POST' ? { body: {} } : {}),
        });
        expectError(res, 'FORBIDDEN', lang);
      }
    },
  );

  it('gives the administrator the whole served tree, the one roles are configured from', async () => {
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token: t.admin }));
    const tree = expectOk(await call<TMenuNode[]>(t.app, '/role/menuTree', { token: t.admin }));
    expect(menu).toEqual(tree);
  });

  it("keeps the log from demo-multi's clerk role: not in its menu, 403 from the API", async () => {
    const clerk = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token: clerk }));
    expect(menu.map((n) => n.code)).not.toContain('Log');
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/log/selectLogPage', { token: clerk, lang, body: {} }),
        'FORBIDDEN',
        lang,
      );
    }
  });

  it('gives a member exactly the pages of its role, and 403 for actions it lacks', async () => {
    const { token, role } = await memberWith(t, t.admin, AUTO_UUID, ['PerBasic', 'Workbench']);
    const menu = expectOk(await call<TMenuNode[]>(t.app, '/menu/selectMenusByUserId', { token }));
    expect(pageCodes(menu)).toEqual(['Workbench', 'PerBasic']);
    expect(menu.map((n) => n.code)).toEqual(['Workbench', 'UserCenter']);
    // The own-account operations come with every membership; the role grants no other operation.
    expect(menu[1]!.childs[0]!.childs.map((c) => c.code)).toEqual([
      'EditUserName',
      'EditEmail',
      'EditPassword',
      'EditSession',
      'EditProfilePhoto',
    ]);
    const info = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token }));
    expect(info.permissions).toEqual([...new Set(['Workbench', ...OWN_ACCOUNT_CODES])].sort());
    // What the console tells the member about its access: its role, and the administrator to ask.
    expect(info.access.roleNames.map((r) => r.name)).toEqual([role.name]);
    expect(info.access.administrator).toMatchObject({
      username: 'demo-auto',
      email: 'demo-auto@tracehub.local',
    });
    const adminInfo = expectOk(await call<TUserInfo>(t.app, '/profile/selectUserInfo', { token: t.admin }));
    expect(adminInfo.isEnterpriseAdmin).toBe(true);
    expect(adminInfo.access.administrator?.username).toBe('demo-auto');
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/member/add', {
          token,
          lang,
          body: { username: 'nobody', email: 'nobody@example.com', roleIds: [1] },
        }),
        'FORBIDDEN',
        lang,
      );
      expectError(await call(t.app, '/enterprise/info', { token, lang, body: {} }), 'FORBIDDEN', lang);
    }
    expectOk(await call(t.app, '/profile/updateNames', { token, body: { chineseName: '只读' } }));
  });

  it('checks the caller before the body: an invalid body without the code is still 403', async () => {
    const res = await call(t.app, '/role/configAuth', { token: workbenchOnly, body: { id: 'x' } });
    expectError(res, 'FORBIDDEN');
    const anonymous = await call(t.app, '/role/configAuth', { body: { id: 'x' } });
    expectError(anonymous, 'NOT_LOGGED_IN');
  });
});

// Security review, finding 7: every endpoint that returns or changes a page's data declares that page's code
// (ARCHITECTURE 2, security baseline). These need none, each for its reason; any other endpoint without a
// code fails the test below, so a new one must either declare its page's code or be argued for here.
const OPERATOR_END = "operator end: operator sessions only; spec 6's codes are the enterprise menu's";
const OWN_ACCOUNT = "the member's own account (OWN_ACCOUNT_CODES: every member holds them)";
const PUBLIC_LEDGER =
  'public verification of the ledger: leaf data, blocks, DIDs and credentials, no payloads';
const OWN_APPLICATION = "the account's own enterprise link application, before it belongs to the enterprise";
const OWN_CERTIFICATION = "the account's own certification application, before its enterprise exists";
const CODE_FREE: Readonly<Record<string, string>> = {
  'auth.loginByPwd': 'sign-in, before any session',
  'auth.getLoginMailVerifyCode': 'sign-in by e-mail code, before any session',
  'auth.verifyLoginMailCode': 'sign-in by e-mail code, before any session',
  'auth.selectEnterprise': "sign-in step two or enterprise switch, among the account's own approved links",
  'auth.changePassword': "a one-time password's required change, before any other call",
  'auth.logout': "ends the caller's own session",
  'auth.register': 'registration, before any account',
  'user.selectUserInfo': "the caller's own user info and codes",
  'user.selectMenusByUserId': "the caller's own menu, built from its codes",
  'examine.selectEnterpriseList': "the account's own links to enterprises (the select-enterprise dialog)",
  'examine.selectEnterpriseByCode':
    "a certified enterprise's name by its USCI, for the link application form",
  'examine.addEnterpriseUser': `${OWN_APPLICATION}; enterprise-end accounts only (auth 'account')`,
  'examine.cancelExamine': OWN_APPLICATION,
  'examine.delEnterpriseUser': OWN_APPLICATION,
  'file.upload':
    "session level, as certification uploads precede any enterprise: the handler checks the write code of the file's record's page (contract fileAccess) and that the record is the caller's to see",
  'file.view':
    "session level, as operators read the certification uploads they audit: the handler checks fileAccess's read code and the file's record",
  'file.signedDownload': 'the link /file/preDownload issued after its checks: the signed token is the grant',
  'evidenceTask.signedPackage':
    'the link /file/preDownload issued for an evidence task after its checks: the signed token is the grant',
  'publicLedger.key': PUBLIC_LEDGER,
  'publicLedger.latest': PUBLIC_LEDGER,
  'publicLedger.block': PUBLIC_LEDGER,
  'publicLedger.proof': PUBLIC_LEDGER,
  'publicLedger.consistency': PUBLIC_LEDGER,
  'publicLedger.did': PUBLIC_LEDGER,
  'publicLedger.credential': PUBLIC_LEDGER,
  'certification.submit': OWN_CERTIFICATION,
  'certification.resubmit': OWN_CERTIFICATION,
  'certification.mine': OWN_CERTIFICATION,
  'profile.updateUsername': OWN_ACCOUNT,
  'profile.updateNames': OWN_ACCOUNT,
  'profile.sendChangeMailCode': OWN_ACCOUNT,
  'profile.checkEmailVerificationCode': OWN_ACCOUNT,
  'profile.changeMail': OWN_ACCOUNT,
  'profile.updatePassword': OWN_ACCOUNT,
  'profile.changeExpireTime': OWN_ACCOUNT,
  'profile.updateAvatar': OWN_ACCOUNT,
  'operator.login': 'operator sign-in, before any session',
  'operator.info': OPERATOR_END,
  'operator.logout': OPERATOR_END,
  'operator.enterprisePage': OPERATOR_END,
  'operator.enterpriseUpdateStatus': OPERATOR_END,
  'operator.enterpriseModules': OPERATOR_END,
  'operator.enterpriseVinTables': OPERATOR_END,
  'operator.idRulePage': OPERATOR_END,
  'operator.idRuleAdd': OPERATOR_END,
  'operator.idRuleSetDefault': OPERATOR_END,
  'operator.codeRulePage': OPERATOR_END,
  'operator.codeRuleAdd': OPERATOR_END,
  'operator.codeRuleSetDefault': OPERATOR_END,
  'operator.outboxPage': OPERATOR_END,
  'operator.certification.page': OPERATOR_END,
  'operator.certification.detail': OPERATOR_END,
  'operator.certification.approve': OPERATOR_END,
  'operator.certification.returnBack': OPERATOR_END,
  'operator.ticket.page': OPERATOR_END,
  'operator.ticket.detail': OPERATOR_END,
  'operator.ticket.handle': OPERATOR_END,
  'operator.ticket.solve': OPERATOR_END,
  'operator.ticket.attachmentLink': OPERATOR_END,
  'system.health': 'liveness probe: no data',
  'documentCommon.currencies': "reference data (the currency list), no page's data",
};

/** Every code a file's or an import record's access can ask for, besides the endpoints' own. */
function accessCodes(): string[] {
  const codes = new Set<string>([...FILE_READ_CODES, ...RECORD_FILE_READ_CODES, ...ATTACHMENT_WRITE_CODES]);
  for (const bizType of ZFileBizType.options) {
    for (const bizNo of [null, ...RECORD_PAGES.map((page) => `${page}:1`)]) {
      const access = fileAccess(bizType, bizNo);
      for (const code of [...(access?.write ?? []), ...(access?.read ?? [])]) codes.add(code);
    }
  }
  for (const kind of IMPORT_KINDS)
    for (const code of importRecordCodes(importKindPage(kind)!)) codes.add(code);
  for (const code of EVIDENCE_CODES) codes.add(code);
  return [...codes];
}

describe('every endpoint that returns or changes page data declares its page code', () => {
  const endpoints = allEndpoints(api);

  it('declares a code on each endpoint, or says in the allow-list why it needs none', () => {
    const undeclared = endpoints
      .filter(({ name, ep }) => permissionCodes(ep).length === 0 && !(name in CODE_FREE))
      .map(({ name, ep }) => `${name} (${ep.method} ${ep.path}, auth ${ep.auth})`);
    expect(undeclared).toEqual([]);
    // Every enterprise endpoint of a record page's data is guarded, the file and evidence ones included.
    const names = endpoints.filter(({ ep }) => permissionCodes(ep).length > 0).map((e) => e.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'file.list',
        'file.preDownload',
        'file.preDownloadStats',
        'file.viewChainPdf',
        'file.deleteByRowkey',
        'pass.chainFile',
        'ledger.getHash',
        'ledger.queryProductChainRecordsPage',
        'import.record',
        'import.errorLog',
      ]),
    );
  });

  it('names only codes of the enterprise menu, in endpoints and in file, evidence and import access', () => {
    const menu = new Set(menuCodes(ENTERPRISE_MENU));
    const unknown = [
      ...endpoints.flatMap(({ name, ep }) => permissionCodes(ep).map((code) => `${name}: ${code}`)),
      ...accessCodes().map((code) => `access: ${code}`),
    ].filter((entry) => !menu.has(entry.slice(entry.lastIndexOf(' ') + 1)));
    expect(unknown).toEqual([]);
    // The record pages files and evidence belong to are pages of the menu.
    const pages = pageOfCodes(ENTERPRISE_MENU);
    expect(RECORD_PAGES.filter((page) => pages.get(page) !== page)).toEqual([]);
  });

  it('serves no /api route besides the contract endpoints (hand-registered ones included)', async () => {
    const t = await startTestApp();
    try {
      const doc = (await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/json` })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const declared = new Set(endpoints.map(({ ep }) => `${ep.method} ${API_BASE}${ep.path}`));
      const served = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
      expect(served.filter((route) => route.includes(`${API_BASE}/`) && !declared.has(route))).toEqual([]);
      expect(served.length).toBeGreaterThanOrEqual(declared.size);
    } finally {
      await t.close();
    }
  });
});

/** GET of a binary endpoint (file view, certificate PDF, error log): its status and, on failure, its envelope. */
async function getBinary(
  t: TestAppFixture,
  path: string,
  query: Record<string, string>,
  token: string,
  lang?: TLang,
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${API_BASE}${path}`,
    query,
    headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
  });
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return {
    status: res.statusCode,
    body: (json ? res.json() : { code: SUCCESS_CODE, msg: '', data: null }) as Envelope,
    text: json ? res.body : '',
  };
}

describe('files, evidence and import records follow the code and the data permission of their page', () => {
  const t = useTestApp({ admin: AS_AUTO, supplier: AS_SUPPLIER });
  /** The administrator's project, with an attachment, sealed. */
  let project: TRecordRef;
  let attachment: TFileEvidence;
  /** A project import of the administrator, with an error log. */
  let importId: string;

  const post = <T>(path: string, body: unknown, token: string, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const attach = (bizNo: string, token = t.admin, bizType = 'attachment', lang?: TLang) =>
    upload(t.app, {
      token,
      bizType,
      bizNo,
      fileName: 'scan.pdf',
      content: pdfBytes(),
      ...(lang ? { lang } : {}),
    });
  const filesOf = async (bizNo: string, token = t.admin) =>
    expectOk(await post<TFileEvidence[]>('/file/list', { bizType: 'attachment', bizNo }, token));
  const chainRecords = async (token: string) =>
    expectOk(
      await post<TListResponse<TEvidenceRecord>>(
        '/graph/queryProductChainRecordsPage',
        { pageSize: 1000 },
        token,
      ),
    ).list.map((r) => r.chain.txHash);
  /**
   * A member of the automaker with these codes and this data permission, signed in. Role configuration
   * offers only the pages that are built, so the codes are given to its role in the database.
   */
  const member = async (codes: string[], dataScope: 'company' | 'account' = 'company') => {
    const role = await createRole(t.app, t.admin, ['Workbench'], { dataScope });
    await dbOf(t)
      .insert(rolePermissions)
      .values(codes.map((code) => ({ roleId: role.id, code })))
      .onConflictDoNothing();
    return firstSignIn(t.app, await createMember(t.app, t.admin, [role.id]), AUTO_UUID);
  };

  /** Every read of the attachment, of its evidence and of the import record, by `token`. */
  const reads = (token: string, lang?: TLang) => ({
    list: () => post('/file/list', { bizType: 'attachment', bizNo: project.bizNo }, token, lang),
    view: () => getBinary(t, '/file/view', { fileKey: attachment.fileKey }, token, lang),
    preDownload: () => post('/file/preDownload', { fileKey: attachment.fileKey }, token, lang),
    preDownloadStats: () => post('/file/preDownloadStats', { fileKey: attachment.fileKey }, token, lang),
    chainFile: () => post('/pass/chainFile', { fileKey: attachment.fileKey }, token, lang),
    getHash: () => post('/graph/getHash', { hash: attachment.txHash }, token, lang),
    viewChainPdf: () => getBinary(t, '/file/viewChainPdf', { uuid: attachment.rowkey }, token, lang),
    importRecord: () =>
      call(t.app, `/import/records/${importId}`, { token, method: 'GET', ...(lang ? { lang } : {}) }),
    errorLog: () => getBinary(t, `/import/records/${importId}/errorLog`, {}, token, lang),
  });

  beforeAll(async () => {
    project = await newProject(t.app, t.admin);
    expectOk(await attach(project.bizNo));
    await seal(t);
    [attachment] = (await filesOf(project.bizNo)) as [TFileEvidence];
    const workbook = await xlsxOf([
      ['项目编号', '备注'],
      ['', 'no code'],
    ]);
    const done = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
      token: t.admin,
      content: workbook,
    });
    expect(done.hasErrorLog).toBe(true);
    importId = done.id;
  });

  it('answers 403 (E1008) to a member whose role lacks the page code, on every file, evidence and import read', async () => {
    // Another page's codes of each kind open that page's records only.
    const otherPage = await member([
      'Product',
      'Product:ViewEnclosure',
      'Product:ViewBCdata',
      'Product:ViewUploadRecords',
      'Product:UploadAffix',
    ]);
    for (const token of [otherPage, await member(['Workbench'])]) {
      for (const lang of ['zh', 'en'] as const) {
        for (const [name, read] of Object.entries(reads(token, lang))) {
          const res = await read();
          expect({ name, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({
            name,
            status: 403,
            code: ERRORS.FORBIDDEN.code,
            msg: errorMessage('FORBIDDEN', lang),
          });
        }
      }
      expectError(await post('/graph/queryProductChainRecordsPage', {}, token), 'FORBIDDEN');
      expectError(await post('/file/deleteByRowkey', { rowKey: attachment.rowkey }, token), 'FORBIDDEN');
    }
    // The page's own codes open every one of them.
    const viewer = await member([
      'Project',
      'Project:ViewEnclosure',
      'Project:ViewBCdata',
      'Project:ViewUploadRecords',
    ]);
    for (const [name, read] of Object.entries(reads(viewer))) {
      const res = await read();
      expect({ name, status: res.status, code: res.body.code }).toEqual({
        name,
        status: 200,
        code: SUCCESS_CODE,
      });
    }
    expect(await chainRecords(await member(['ChainRecords']))).toContain(attachment.txHash);
  });

  it('needs the code of the page that uses them to upload quality, LCA and authorization-letter files', async () => {
    const material = await newMaterial(t.app, t.admin);
    const product = await newProduct(t.app, t.admin);
    const uploads = (token: string, lang?: TLang) => ({
      quality: () => attach(material.bizNo, token, 'quality', lang),
      lcaReport: () => attach(product.bizNo, token, 'lcaReport', lang),
      authorizationLetter: () =>
        upload(t.app, {
          token,
          bizType: 'authorizationLetter',
          fileName: 'letter.pdf',
          content: pdfBytes(),
          ...(lang ? { lang } : {}),
        }),
      attachment: () => attach(project.bizNo, token, 'attachment', lang),
    });
    // Seeing a page is not changing its records.
    const reader = await member([
      'MaterialData',
      'Product',
      'ViewCarbonData',
      'Project',
      'Project:ViewEnclosure',
      'AuthApply',
    ]);
    for (const lang of ['zh', 'en'] as const) {
      for (const [name, send] of Object.entries(uploads(reader, lang))) {
        const res = await send();
        expect({ name, code: res.body.code, msg: res.body.msg }).toEqual({
          name,
          code: ERRORS.FORBIDDEN.code,
          msg: errorMessage('FORBIDDEN', lang),
        });
      }
    }
    const writer = await member([
      'MaterialData:UploadAffix',
      'EditProduct',
      'Request',
      'Project:UploadAffix',
    ]);
    for (const send of Object.values(uploads(writer))) expectOk(await send());
  });

  it("keeps another member's record's attachments and evidence from a member with the 'account' data permission", async () => {
    const codes = [
      'Project',
      'Project:Create',
      'Project:ViewEnclosure',
      'Project:UploadAffix',
      'Project:ViewBCdata',
      'Project:ViewUploadRecords',
      'ChainRecords',
    ];
    const own = await member(codes, 'account');
    for (const [name, read] of Object.entries(reads(own))) {
      const res = await read();
      const unknown = name === 'getHash' ? ERRORS.LEDGER_NOT_FOUND.code : ERRORS.NOT_FOUND.code;
      expect({ name, code: res.body.code }).toEqual({ name, code: unknown });
    }
    expectError(await attach(project.bizNo, own), 'FILE_RECORD_UNKNOWN');
    expectError(await post('/file/deleteByRowkey', { rowKey: attachment.rowkey }, own), 'NOT_FOUND');
    expect(await chainRecords(own)).not.toContain(attachment.txHash);
    // Nor is the administrator's import among the page's upload records it lists.
    const uploadRecords = async (token: string) =>
      expectOk(await post<TListResponse<{ id: string }>>('/project/uploadRecord', {}, token)).list.map(
        (r) => r.id,
      );
    expect(await uploadRecords(own)).not.toContain(importId);

    // Its own record's files and evidence it sees, as a colleague with all company data sees both.
    const mine = expectOk(await post<{ id: number }>('/project/add', { code: 'SCOPE-OWN' }, own)).id;
    const file = expectOk(await attach(`Project:${mine}`, own));
    await seal(t);
    const [evidence] = await filesOf(`Project:${mine}`, own);
    expect(evidence!.fileKey).toBe(file.fileKey);
    expect((await getBinary(t, '/file/view', { fileKey: file.fileKey }, own)).status).toBe(200);
    expectOk(await post('/graph/getHash', { hash: evidence!.txHash }, own));
    expect(await chainRecords(own)).toContain(evidence!.txHash);
    const colleague = await member(codes);
    expect(await chainRecords(colleague)).toEqual(
      expect.arrayContaining([attachment.txHash, evidence!.txHash]),
    );
    expect((await getBinary(t, '/file/view', { fileKey: attachment.fileKey }, colleague)).status).toBe(200);
    expect(await uploadRecords(colleague)).toContain(importId);
  });

  it("refuses an upload whose bizNo names no record of the caller's enterprise (F1009), in both languages", async () => {
    const theirs = await newProject(t.app, t.supplier);
    const theirMaterial = await newMaterial(t.app, t.supplier);
    const product = await newProduct(t.app, t.admin);
    for (const lang of ['zh', 'en'] as const) {
      for (const [bizType, bizNo] of [
        ['attachment', theirs.bizNo],
        ['quality', theirMaterial.bizNo],
        // A product filed as a material, and a project that never existed.
        ['quality', `MaterialDataIn:${product.id}`],
        ['attachment', 'Project:2147483647'],
      ] as const) {
        expectError(await attach(bizNo, t.admin, bizType, lang), 'FILE_RECORD_UNKNOWN', lang);
      }
    }
    // Nor are files listed under another enterprise's record.
    expectError(
      await post('/file/list', { bizType: 'attachment', bizNo: theirs.bizNo }, t.admin),
      'NOT_FOUND',
    );
    expect(errorMessage('FILE_RECORD_UNKNOWN', 'en')).toBe(
      'The record to attach the file to does not exist or is not accessible',
    );
  });

  it("lists only the company's own evidence to the user centre's certificate holders, not records'", async () => {
    const certificateViewer = await member(['PerFrom', 'ViewBlockchainCertificate']);
    const listed = expectOk(
      await post<TListResponse<TEvidenceRecord>>(
        '/graph/queryProductChainRecordsPage',
        { pageSize: 1000 },
        certificateViewer,
      ),
    ).list;
    expect(listed.map((r) => r.eventType)).toContain('enterprise.certified');
    // The company's records only (its certification; its company changes would be listed too).
    expect(listed.filter((r) => !['certificate', 'enterprise'].includes(r.subjectType))).toEqual([]);
    expectError(await post('/graph/getHash', { hash: attachment.txHash }, certificateViewer), 'FORBIDDEN');
  });

  it('refuses link applications from an operator session', async () => {
    const operator = await operatorSignIn(t.app);
    const [trader] = await dbOf(t)
      .select({ usci: enterprises.usci })
      .from(enterprises)
      .where(eq(enterprises.uuid, TRADER_UUID));
    const application = { examineName: 'x', uniformSocialCreditCode: trader!.usci, remark: '' };
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/enterpriseUserExamine/addEnterpriseUser', application, operator, lang),
        'FORBIDDEN',
        lang,
      );
      expectError(
        await post('/enterpriseUserExamine/selectEnterpriseList', {}, operator, lang),
        'FORBIDDEN',
        lang,
      );
    }
    const [account] = await dbOf(t)
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'operator'));
    expect(
      await dbOf(t).select().from(enterpriseUsers).where(eq(enterpriseUsers.userId, account!.id)),
    ).toEqual([]);
  });
});
