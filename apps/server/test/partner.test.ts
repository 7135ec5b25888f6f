import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  validationMessage,
  type TLang,
  type TListResponse,
  type TPartner,
  type TPartnerInviteFailureItem,
  type TPartnerInviteResult,
} from '@tracehub/contract';
import { enterprises, ledgerEvents, materialRelations, partners } from '../src/db/schema.ts';
import type { Mailer } from '../src/platform/mail.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { usciOf } from '../src/seed/demo-companies.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  MINE_UUID,
  SUPPLIER_UUID,
  call,
  useTestApp,
} from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk, latestMailTo } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { download, importAndRun, sheetRows, xlsxOf, type Cell } from './support/workbooks.ts';

/** A valid USCI no demo enterprise has: a certified enterprise with it does not exist. */
let serial = 0;
const freshUsci = () => usciOf(`91330100MA${String(++serial).padStart(7, '0')}`);

const HEADER_ZH = [
  '合作类型',
  '企业编码',
  '企业名称',
  '英文名称',
  '统一社会信用代码',
  '联系人',
  '邮箱',
  '联系电话',
  '标签',
  '备注',
  '邀请入驻',
];

describe('partner enterprises (/basicData/partner)', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });
  let supplierUsci: string;
  let supplierDid: string;
  let mineUsci: string;

  const post = <T = TPartner>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    partnerType: 'supplier',
    code: `P-${++serial}`,
    name: '华东新材料科技有限公司',
    usci: freshUsci(),
    ...overrides,
  });
  const add = async (overrides: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post('/partner/add', valid(overrides), token));
  const page = async (body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post<TListResponse<TPartner>>('/partner/page', { pageSize: 100, ...body }, token));
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'partner'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));
  const stored = async (id: number) => (await dbOf(t).select().from(partners).where(eq(partners.id, id)))[0]!;

  beforeAll(async () => {
    const rows = await dbOf(t).select().from(enterprises);
    const supplier = rows.find((r) => r.uuid === SUPPLIER_UUID)!;
    supplierUsci = supplier.usci;
    supplierDid = supplier.did!;
    mineUsci = rows.find((r) => r.uuid === MINE_UUID)!.usci;
  });

  it('refuses invalid input with the catalogue messages in zh and en', async () => {
    const badUsci = freshUsci().slice(0, 17) + (freshUsci().endsWith('0') ? '1' : '0');
    const cases: [Record<string, unknown>, string, Parameters<typeof validationMessage>[0], object][] = [
      [{ code: '  ' }, 'code', 'v.required', {}],
      [{ code: 'x'.repeat(51) }, 'code', 'v.tooLong', { max: 50 }],
      [{ name: '' }, 'name', 'v.required', {}],
      [{ partnerType: 'vendor' }, 'partnerType', 'v.invalidOption', {}],
      [{ usci: '91330100MA2H6R8T1' }, 'usci', 'v.usci.format', {}],
      [{ usci: badUsci }, 'usci', 'v.usci.checksum', {}],
      [{ email: 'not-an-address' }, 'email', 'v.email.format', {}],
      [{ phone: 'call me' }, 'phone', 'v.phone.format', {}],
      [{ nameEn: '华东' }, 'nameEn', 'v.companyEnName.format', {}],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'v.tooManyItems', { max: 10 }],
      [{ notes: 'n'.repeat(101) }, 'notes', 'v.tooLong', { max: 100 }],
    ];
    for (const [overrides, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/partner/add', valid(overrides), t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    expect((await page()).total).toBe(0);
  });

  it('creates, reads, edits and deletes a partner, each change with its evidence', async () => {
    const usci = freshUsci();
    const created = await add({
      code: ' SUP-1 ',
      usci: usci.toLowerCase(),
      nameEn: 'East China New Materials Co., Ltd.',
      contactName: '王芳',
      email: ' wang@example.com ',
      phone: '+86 571-8888 6666',
      tags: ['电池', ' 一级 ', '电池', ''],
    });
    expect(created).toMatchObject({
      partnerType: 'supplier',
      code: 'SUP-1',
      usci,
      email: 'wang@example.com',
      tags: ['电池', '一级'],
      settled: false,
      did: null,
      inviteStatus: 'none',
      inviteError: null,
      invitedAt: null,
    });
    expect(created.chain).toMatchObject({ status: 'pending', eventType: 'partner.created' });
    expect(expectOk(await post('/partner/detail', { id: created.id }))).toEqual(created);

    const edited = expectOk(
      await post('/partner/update', { ...valid(), id: created.id, code: 'SUP-1A', usci, notes: 'x' }),
    );
    expect(edited).toMatchObject({ id: created.id, code: 'SUP-1A', notes: 'x', email: '', tags: [] });
    expect(edited.chain?.eventType).toBe('partner.updated');
    // Nothing changed: nothing recorded.
    expectOk(await post('/partner/update', { ...valid(), id: created.id, code: 'SUP-1A', usci, notes: 'x' }));

    await seal(t);
    const sealed = expectOk(await post('/partner/detail', { id: created.id }));
    expect(sealed.chain).toMatchObject({ status: 'sealed', txHash: edited.chain!.txHash });

    expect(expectOk(await post('/partner/delete', { id: created.id }))).toBeNull();
    expectError(await post('/partner/detail', { id: created.id }), 'NOT_FOUND');
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.eventType)).toEqual(['partner.created', 'partner.updated', 'partner.deleted']);
    expect(events[0]!.payload).toMatchObject({ code: 'SUP-1', usci, tags: ['电池', '一级'] });
    expect(events[2]!.payload).toMatchObject({ code: 'SUP-1A', notes: 'x' });
    expect(events.every((e) => e.enterpriseUuid === AUTO_UUID && e.signerDid?.startsWith('did:ethr:'))).toBe(
      true,
    );
  });

  it('keeps code and USCI unique per type in the enterprise, in both languages', async () => {
    const usci = freshUsci();
    const one = await add({ code: 'DUP-1', usci });
    const two = await add({ code: 'DUP-2' });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/partner/add', valid({ code: 'DUP-1' }), t.a, lang),
        'PARTNER_CODE_EXISTS',
        lang,
      );
      expectError(await post('/partner/add', valid({ usci }), t.a, lang), 'PARTNER_USCI_EXISTS', lang);
      expectError(
        await post('/partner/update', { ...valid({ code: 'DUP-1' }), id: two.id }, t.a, lang),
        'PARTNER_CODE_EXISTS',
        lang,
      );
    }
    // The same company can be a client too, and another enterprise may use the same code.
    const client = await add({ partnerType: 'client', code: 'DUP-1', usci });
    expect(client.partnerType).toBe('client');
    expect((await add({ code: 'DUP-1', usci }, t.b)).code).toBe('DUP-1');
    expectOk(await post('/partner/batchDelete', { ids: [one.id, two.id, client.id] }));
  });

  it('shows a partner settled when a certified enterprise has its USCI, refreshed whenever it is read', async () => {
    const settled = await add({ code: 'SET-1', usci: supplierUsci });
    expect(settled).toMatchObject({ settled: true, did: supplierDid });
    expect((await stored(settled.id)).partnerEnterpriseUuid).toBe(SUPPLIER_UUID);
    const mine = await add({ code: 'SET-2', usci: mineUsci, partnerType: 'client' });
    expect(mine.settled).toBe(true);

    // The mining company loses its certification: the list shows it unsettled and stores that.
    const [mineRow] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, MINE_UUID));
    await dbOf(t).update(enterprises).set({ did: null }).where(eq(enterprises.uuid, MINE_UUID));
    try {
      const listed = await page({ code: 'SET-', sortField: 'code', sortOrder: 'asc' });
      expect(listed.list.map((p) => [p.code, p.settled, p.did])).toEqual([
        ['SET-1', true, supplierDid],
        ['SET-2', false, null],
      ]);
      expect((await stored(mine.id)).partnerEnterpriseUuid).toBeNull();
      expect((await page({ code: 'SET-', settlement: 'unsettled' })).list.map((p) => p.code)).toEqual([
        'SET-2',
      ]);
    } finally {
      await dbOf(t).update(enterprises).set({ did: mineRow!.did }).where(eq(enterprises.uuid, MINE_UUID));
    }
    // Certified again: the detail shows it settled with its DID.
    const again = expectOk(await post('/partner/detail', { id: mine.id }));
    expect(again.settled).toBe(true);
    expect(again.did).toBe(mineRow!.did);
    expect((await page({ code: 'SET-', settlement: 'settled' })).total).toBe(2);
    // The settlement holds across enterprises: the supplier sees nothing of the automaker's partners.
    expect((await page({ code: 'SET-' }, t.b)).total).toBe(0);
    expectOk(await post('/partner/batchDelete', { ids: [settled.id, mine.id] }));
  });

  it('invites unsettled partners by e-mail and lists every failed invitation with its reason', async () => {
    const ok = await add({ code: 'INV-OK', email: 'invite-ok@example.com', contactName: '李雷' });
    const noEmail = await add({ code: 'INV-NOMAIL' });
    const settled = await add({ code: 'INV-SETTLED', usci: supplierUsci, email: 'hengxin@example.com' });
    const broken = await add({ code: 'INV-BAD', email: 'bad@example.com' });
    // An address stored before the rule (or changed behind the API) is refused at invitation time.
    await dbOf(t).update(partners).set({ email: 'bad@@example' }).where(eq(partners.id, broken.id));

    const result = expectOk(
      await post<TPartnerInviteResult>('/partner/invite', {
        ids: [ok.id, noEmail.id, settled.id, broken.id],
      }),
    );
    expect(result.invited).toBe(1);
    expect(result.failed).toEqual<TPartnerInviteFailureItem[]>([
      { id: noEmail.id, code: 'INV-NOMAIL', name: noEmail.name, email: '', reason: 'noEmail' },
      {
        id: settled.id,
        code: 'INV-SETTLED',
        name: settled.name,
        email: 'hengxin@example.com',
        reason: 'settled',
      },
      { id: broken.id, code: 'INV-BAD', name: broken.name, email: 'bad@@example', reason: 'invalidEmail' },
    ]);
    const mail = await latestMailTo(dbOf(t), 'invite-ok@example.com');
    expect(mail?.subject).toContain('星河汽车股份有限公司');
    expect(mail?.subject).toContain('Galaxy Motors Co., Ltd.');
    expect(mail?.body).toContain('李雷');
    expect(mail?.body).toContain(ok.usci);
    expect(mail?.body).toMatch(/invites your company/);
    expect(await latestMailTo(dbOf(t), 'hengxin@example.com')).toBeUndefined();

    const listed = await page({ code: 'INV-', sortField: 'code', sortOrder: 'asc' });
    expect(listed.list.map((p) => [p.code, p.inviteStatus, p.inviteError])).toEqual([
      ['INV-BAD', 'failed', 'invalidEmail'],
      ['INV-NOMAIL', 'failed', 'noEmail'],
      ['INV-OK', 'invited', null],
      ['INV-SETTLED', 'failed', 'settled'],
    ]);
    expect(listed.list.every((p) => typeof p.invitedAt === 'number')).toBe(true);
    expect((await page({ code: 'INV-', inviteStatus: 'failed' })).total).toBe(3);
    expect((await eventsOf(ok.id)).map((e) => e.eventType)).toEqual(['partner.created', 'partner.invited']);
    const failedEvent = (await eventsOf(noEmail.id)).at(-1)!;
    expect(failedEvent.eventType).toBe('partner.inviteFailed');
    expect(failedEvent.payload).toMatchObject({
      code: 'INV-NOMAIL',
      invite: { email: '', reason: 'noEmail' },
    });

    // A mail that cannot be written or sent fails that invitation alone; the others still go out.
    const mailer = t.runtime.deps.mailer;
    const second = await add({ code: 'INV-OK2', email: 'invite-ok2@example.com' });
    for (const failing of [
      { send: () => Promise.reject(new Error('outbox unavailable')) },
      { send: () => Promise.resolve('failed' as const) },
    ] satisfies Mailer[]) {
      t.runtime.deps.mailer = failing;
      try {
        const res = expectOk(await post<TPartnerInviteResult>('/partner/invite', { ids: [second.id] }));
        expect(res).toEqual({
          invited: 0,
          failed: [
            {
              id: second.id,
              code: 'INV-OK2',
              name: second.name,
              email: 'invite-ok2@example.com',
              reason: 'mailFailed',
            },
          ],
        });
      } finally {
        t.runtime.deps.mailer = mailer;
      }
    }
    expect((await stored(second.id)).inviteError).toBe('mailFailed');
    expect(await latestMailTo(dbOf(t), 'invite-ok2@example.com')).toBeUndefined();
    // Invited again once mail works.
    expect(expectOk(await post<TPartnerInviteResult>('/partner/invite', { ids: [second.id] }))).toEqual({
      invited: 1,
      failed: [],
    });
    expect((await stored(second.id)).inviteStatus).toBe('invited');

    // Unknown or foreign ids fail the whole call.
    const theirs = await add({ code: 'INV-B', email: 'b@example.com' }, t.b);
    expectError(await post('/partner/invite', { ids: [ok.id, theirs.id] }), 'NOT_FOUND');
    expect((await stored(theirs.id)).inviteStatus).toBe('none');
    for (const p of [ok, noEmail, settled, broken, second]) await post('/partner/delete', { id: p.id });
    await post('/partner/delete', { id: theirs.id }, t.b);
  });

  it('imports partners with good and bad rows, invites the marked ones and lists the failed invitations', async () => {
    const existing = await add({ code: 'IMP-EXIST' });
    const usci = [freshUsci(), freshUsci(), freshUsci(), freshUsci()];
    const rows: Cell[][] = [
      HEADER_ZH,
      [
        '供应商',
        'IMP-1',
        '甲公司',
        'Alpha Co.',
        usci[0]!,
        '张三',
        'imp1@example.com',
        '021-5555 1234',
        '电池，一级',
        '',
        '是',
      ],
      ['客户', 'IMP-2', '乙公司', '', usci[1]!, '', '', '', '', '无邮箱', 'yes'],
      ['client', 'IMP-3', '丙公司', '', supplierUsci, '', 'hx@example.com', '', '', '已入驻', '是'],
      ['Supplier', 'IMP-4', '丁公司', '', usci[2]!, '', '', '', '', '', '否'],
      ['供应商', 'IMP-5', '戊公司', '', '12345', '', '', '', '', 'USCI 错误', ''],
      ['伙伴', 'IMP-6', '己公司', '', usci[3]!, '', '', '', '', '类型错误', ''],
      ['供应商', 'IMP-1', '重复', '', freshUsci(), '', '', '', '', '文件内重复', ''],
      ['供应商', 'IMP-EXIST', '已存在', '', freshUsci(), '', '', '', '', '', ''],
      ['供应商', 'IMP-7', '庚公司', '', usci[3]!, '', '', '', '', '邀请格式错误', '也许'],
    ];
    const done = await importAndRun(t.app, t.runtime.deps, '/partner/importExcel', {
      token: t.a,
      content: await xlsxOf(rows),
    });
    expect(done).toMatchObject({
      status: 'completed',
      importNum: 9,
      successNum: 4,
      defeatNum: 3,
      existNum: 2,
      hasErrorLog: true,
    });
    const imported = await page({ code: 'IMP-', sortField: 'code', sortOrder: 'asc' });
    expect(imported.list.map((p) => [p.code, p.partnerType, p.settled, p.inviteStatus])).toEqual([
      ['IMP-1', 'supplier', false, 'invited'],
      ['IMP-2', 'client', false, 'failed'],
      ['IMP-3', 'client', true, 'failed'],
      ['IMP-4', 'supplier', false, 'none'],
      ['IMP-EXIST', 'supplier', false, 'none'],
    ]);
    expect(imported.list[0]!.tags).toEqual(['电池', '一级']);
    expect(imported.list.slice(0, 4).every((p) => p.chain?.eventType !== undefined)).toBe(true);
    expect(await latestMailTo(dbOf(t), 'imp1@example.com')).toBeDefined();

    const failures = expectOk(
      await post<TPartnerInviteFailureItem[]>('/partner/importInviteFailures', { importId: done.id }),
    );
    expect(failures.map((f) => [f.code, f.reason])).toEqual([
      ['IMP-2', 'noEmail'],
      ['IMP-3', 'settled'],
    ]);
    // Another enterprise learns nothing of this import's invitations.
    expect(
      expectOk(
        await post<TPartnerInviteFailureItem[]>('/partner/importInviteFailures', { importId: done.id }, t.b),
      ),
    ).toEqual([]);

    const log = await download(t.app, `/import/records/${done.id}/errorLog`, { token: t.a });
    const logged = await sheetRows(log.raw);
    const reasons = new Map(logged.slice(1).map((r) => [r[0], String(r.at(-1))]));
    expect(reasons.get(6)).toBe(validationMessage('v.usci.format', 'zh', { field: '统一社会信用代码' }));
    expect(reasons.get(7)).toBe(validationMessage('v.invalidOption', 'zh', { field: '合作类型' }));
    expect(reasons.get(8)).toBe(validationMessage('v.import.duplicate', 'zh', { row: 2 }));
    expect(reasons.get(9)).toBe(validationMessage('v.import.exists', 'zh'));
    expect(reasons.get(10)).toBe(validationMessage('v.type', 'zh', { field: '邀请入驻' }));

    // The template carries the same headers, in the request's language.
    for (const lang of ['zh', 'en'] as const) {
      const template = await download(t.app, '/partner/template', { token: t.a, lang });
      const header = (await sheetRows(template.raw))[0]!;
      expect(header).toHaveLength(11);
      if (lang === 'zh') expect(header).toEqual(HEADER_ZH);
      else expect(header).toContain('USCI');
    }
    // The export writes what the list shows, with settlement and invitation.
    const exported = await download(t.app, '/partner/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'IMP-', sortField: 'code', sortOrder: 'asc' },
      lang: 'en',
    });
    const sheet = await sheetRows(exported.raw);
    expect(sheet.slice(1).map((r) => [r[1], r[10], r[11]])).toEqual([
      ['IMP-1', 'Not settled', 'Invited'],
      ['IMP-2', 'Not settled', 'Failed: No e-mail address'],
      ['IMP-3', 'Settled', 'Failed: Already settled'],
      ['IMP-4', 'Not settled', 'Not invited'],
      ['IMP-EXIST', 'Not settled', 'Not invited'],
    ]);
    expectOk(await post('/partner/batchDelete', { ids: [...imported.list.map((p) => p.id)] }));
    expect(existing.id).toBeGreaterThan(0);
  });

  it('pages, sorts and filters by type, name, tags, settlement and created time', async () => {
    const made = [
      await add({ code: 'F-B', name: '乙', nameEn: 'Beta Ltd', tags: ['red', 'blue'] }),
      await add({ code: 'F-A', name: '甲', partnerType: 'client', tags: ['blue'] }),
      await add({ code: 'F-C', name: '丙', usci: supplierUsci, tags: ['green'] }),
    ];
    expect((await page({ code: 'F-' })).list.map((p) => p.code)).toEqual(['F-C', 'F-A', 'F-B']);
    expect(
      (await page({ code: 'f-', sortField: 'code', sortOrder: 'asc', pageSize: 2, pageNo: 2 })).list,
    ).toEqual([expect.objectContaining({ code: 'F-C' })]);
    expect((await page({ code: 'F-', partnerType: 'client' })).list.map((p) => p.code)).toEqual(['F-A']);
    expect((await page({ code: 'F-', name: 'beta' })).list.map((p) => p.code)).toEqual(['F-B']);
    expect((await page({ code: 'F-', tags: ['blue'] })).list.map((p) => p.code)).toEqual(['F-A', 'F-B']);
    expect((await page({ code: 'F-', tags: 'green,red' })).list.map((p) => p.code)).toEqual(['F-C', 'F-B']);
    expect((await page({ code: 'F-', settlement: 'settled' })).list.map((p) => p.code)).toEqual(['F-C']);
    const range = await page({ code: 'F-', createdFrom: made[1]!.createdAt, createdTo: made[2]!.createdAt });
    expect(range.list.map((p) => p.code)).toEqual(['F-C', 'F-A']);
    const tags = expectOk(await post<string[]>('/partner/tags', {}));
    expect(tags).toEqual(expect.arrayContaining(['blue', 'green', 'red']));
    expect(expectOk(await post<string[]>('/partner/tags', {}, t.b))).not.toContain('blue');
    expectError(await post('/partner/page', { pageSize: 1001 }), 'VALIDATION', 'zh', {
      detail: validationMessage('v.tooBig', 'zh', { field: 'pageSize', max: 1000 }),
    });
    expectOk(await post('/partner/batchDelete', { ids: made.map((p) => p.id) }));
  });

  it("never shows, changes, invites or deletes another enterprise's partners, on any endpoint", async () => {
    const mine = await add({ code: 'ISO-A' });
    const theirs = await add({ code: 'ISO-B', email: 'iso-b@example.com' }, t.b);
    expect((await page({ code: 'ISO' })).list.map((p) => p.code)).toEqual(['ISO-A']);
    expect((await page({ code: 'ISO' }, t.b)).list.map((p) => p.code)).toEqual(['ISO-B']);
    expectError(await post('/partner/detail', { id: theirs.id }), 'NOT_FOUND');
    expectError(await post('/partner/update', { ...valid(), id: theirs.id }), 'NOT_FOUND');
    expectError(await post('/partner/delete', { id: theirs.id }), 'NOT_FOUND');
    expectError(await post('/partner/batchDelete', { ids: [mine.id, theirs.id] }), 'NOT_FOUND');
    expectError(await post('/partner/invite', { ids: [theirs.id] }), 'NOT_FOUND');
    expectError(await post('/partner/detail', { id: 3_000_000_000 }), 'NOT_FOUND');
    expect(await stored(theirs.id)).toMatchObject({
      code: 'ISO-B',
      enterpriseUuid: SUPPLIER_UUID,
      inviteStatus: 'none',
    });
    expect(await stored(mine.id)).toBeDefined();
    expect((await eventsOf(theirs.id)).map((e) => e.eventType)).toEqual(['partner.created']);
    const exported = await download(t.app, '/partner/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'ISO' },
    });
    expect((await sheetRows(exported.raw)).slice(1).map((r) => r[1])).toEqual(['ISO-A']);
    const records = expectOk(await post<TListResponse<unknown>>('/partner/uploadRecord', {}, t.b));
    expect(records.list).toEqual([]);

    // Row-level security is the second wall.
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const seen = await withTenant(dbOf(t), tenant, (tx) =>
      tx.select({ e: partners.enterpriseUuid }).from(partners),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.e === AUTO_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), tenant, (tx) =>
        tx.insert(partners).values({
          enterpriseUuid: SUPPLIER_UUID,
          partnerType: 'supplier',
          code: 'RLS-X',
          name: 'x',
          usci: freshUsci(),
          createdBy: 1,
        }),
      ),
    ).rejects.toThrow();
    await post('/partner/delete', { id: mine.id });
    await post('/partner/delete', { id: theirs.id }, t.b);
  });

  it('refuses to delete a partner a material code mapping names (B2040), in both languages, all or none', async () => {
    const used = await add({ code: 'REF-1' });
    const free = await add({ code: 'REF-2' });
    const mapping = expectOk(
      await post<{ id: number }>('/materialRelation/add', { partnerId: used.id, partnerMaterialNo: 'M-1' }),
    );
    for (const lang of ['zh', 'en'] as const) {
      const res = await post('/partner/delete', { id: used.id }, t.a, lang);
      expectError(res, 'RECORD_IN_USE', lang);
      expect(res.body.data).toEqual({ referencedBy: ['materialRelation'] });
      expectError(
        await post('/partner/batchDelete', { ids: [free.id, used.id] }, t.a, lang),
        'RECORD_IN_USE',
        lang,
      );
      // Its type cannot change under the mappings either.
      expectError(
        await post(
          '/partner/update',
          { ...valid({ code: 'REF-1', usci: used.usci }), partnerType: 'client', id: used.id },
          t.a,
          lang,
        ),
        'RECORD_IN_USE',
        lang,
      );
    }
    expect(await stored(free.id)).toBeDefined();
    // A new code and name reach the mapping.
    expectOk(
      await post('/partner/update', {
        ...valid({ code: 'REF-1B', name: '新名称', usci: used.usci }),
        id: used.id,
      }),
    );
    const [row] = await dbOf(t).select().from(materialRelations).where(eq(materialRelations.id, mapping.id));
    expect(row).toMatchObject({ partnerCode: 'REF-1B', partnerName: '新名称', partnerId: used.id });
    expectOk(await post('/materialRelation/delete', { id: mapping.id }));
    expectOk(await post('/partner/batchDelete', { ids: [free.id, used.id] }));
  });

  it('checks the permission codes: viewing needs Partner, each change its own code', async () => {
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['Partner'])).token;
    const row = await add({ code: 'PERM-1', email: 'perm@example.com' });
    expect((await page({ code: 'PERM' }, viewer)).total).toBe(1);
    expectError(await post('/partner/add', valid(), viewer), 'FORBIDDEN');
    expectError(await post('/partner/update', { ...valid(), id: row.id }, viewer), 'FORBIDDEN');
    expectError(await post('/partner/delete', { id: row.id }, viewer), 'FORBIDDEN');
    expectError(await post('/partner/invite', { ids: [row.id] }, viewer), 'FORBIDDEN');
    const inviter = (await memberWith(t, t.a, AUTO_UUID, ['Partner', 'Partner:Invite'])).token;
    expect(
      expectOk(await post<TPartnerInviteResult>('/partner/invite', { ids: [row.id] }, inviter)).invited,
    ).toBe(1);
    await post('/partner/delete', { id: row.id });
  });

  it("shows a member with the 'own account data' scope only the partners it created", async () => {
    const others = await add({ code: 'SCOPE-ADMIN' });
    const role = await createRole(t.app, t.a, ['Partner', 'Partner:Create', 'Partner:Delete'], {
      dataScope: 'account',
    });
    const member = await createMember(t.app, t.a, [role.id]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    const own = await add({ code: 'SCOPE-OWN' }, token);
    expect((await page({ code: 'SCOPE' }, token)).list.map((p) => p.code)).toEqual(['SCOPE-OWN']);
    expect((await page({ code: 'SCOPE' })).total).toBe(2);
    expectError(await post('/partner/detail', { id: others.id }, token), 'NOT_FOUND');
    expectError(await post('/partner/delete', { id: others.id }, token), 'NOT_FOUND');
    expectError(await post('/partner/add', valid({ code: 'SCOPE-ADMIN' }), token), 'PARTNER_CODE_EXISTS');
    expectOk(await post('/partner/delete', { id: own.id }, token));
    await post('/partner/delete', { id: others.id });
  });
});
