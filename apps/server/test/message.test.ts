import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  errorByCode,
  renderMessage,
  type TImportRecord,
  type TListResponse,
  type TMember,
  type TMessageConfigItem,
  type TMessageItem,
  type TMessageType,
} from '@tracehub/contract';
import { enterpriseUsers, mailOutbox, messages, users } from '../src/db/schema.ts';
import { notify } from '../src/modules/message/notify.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { createRole, memberWith, signInAs, uniqueName, MEMBER_PASSWORD } from './support/accounts.ts';
import {
  companyForm,
  EAST_CHINA,
  LINGNAN,
  operatorSignIn,
  registerAccount,
  uploadCompanyFiles,
} from './support/company.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { importAndRun, xlsxOf } from './support/workbooks.ts';

const LIST = '/messageInfo/messagePageList';
const DETAIL = '/messageInfo/messageFindInfo';
const UNREAD = '/messageInfo/unreadCount';
const DELETE = '/messageInfo/deleteMessage';
const READ = '/messageInfo/readMarkMessage';
const CONFIGS = '/messageInfo/selectMessageConfigList';
const CONFIG = '/messageInfo/updateMessageConfigStatus';

const ALL_MESSAGE_CODES = [
  'MessageList',
  'MessageConfig',
  'Message:Delete',
  'Message:AllDelete',
  'Message:Read',
  'Message:AllRead',
];

describe('message centre', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let autoAdminId: number;

  const post = <T>(path: string, token: string, body: unknown = {}, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const list = async (token: string, body: Record<string, unknown> = {}) =>
    expectOk(await post<TListResponse<TMessageItem>>(LIST, token, { pageSize: 100, ...body }));
  const unread = async (token: string) => expectOk(await post<{ count: number }>(UNREAD, token)).count;
  const ofType = async (token: string, type: TMessageType) => (await list(token, { type })).list;
  const userIdOf = async (username: string) =>
    (await dbOf(t).select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const mailsTo = (to: string) => dbOf(t).select().from(mailOutbox).where(eq(mailOutbox.to, to));

  beforeAll(async () => {
    autoAdminId = await userIdOf('demo-auto');
  });

  it('starts empty and answers the default settings of every type', async () => {
    expect(await list(t.auto)).toEqual({ list: [], total: 0 });
    expect(await unread(t.auto)).toBe(0);
    const configs = expectOk(await post<TMessageConfigItem[]>(CONFIGS, t.auto));
    expect(configs.map((c) => c.type)).toContain('ticketStatus');
    expect(configs.every((c) => c.receive && !c.email)).toBe(true);
  });

  it("tells the enterprise's administrators of a link application, and the applicant of its approval", async () => {
    const username = uniqueName('applicant');
    const applicant = await registerAccount(t.app, dbOf(t), username);
    const [row] = await dbOf(t)
      .execute(sql`select usci from enterprises where uuid = ${SUPPLIER_UUID}`)
      .then((r) => (r as unknown as { rows: { usci: string }[] }).rows);
    const applied = expectOk(
      await post<{ id: number }>('/enterpriseUserExamine/addEnterpriseUser', applicant, {
        examineName: '申请人',
        uniformSocialCreditCode: row!.usci,
        remark: '',
      }),
    );
    const [received] = await ofType(t.supplier, 'linkApplication');
    expect(received).toMatchObject({
      type: 'linkApplication',
      params: { username, examineName: '申请人' },
      link: '/account/audit',
      status: 'unread',
    });
    expect(renderMessage(received!.type, received!.params, 'en').title).toBe(
      `${username} applied to join the enterprise`,
    );
    // Not the automaker's administrator.
    expect(await ofType(t.auto, 'linkApplication')).toEqual([]);

    const reader = await createRole(t.app, t.supplier, ['MessageList']);
    expectOk(
      await post('/enterpriseUserExamine/examine', t.supplier, {
        ids: [applied.id],
        result: 'approve',
        roleIds: [reader.id],
      }),
    );
    const member = await signIn(t.app, username, SUPPLIER_UUID);
    const [approved] = await ofType(member, 'linkApproved');
    expect(approved?.params).toMatchObject({ username });
    expect(await ofType(t.supplier, 'linkApproved')).toEqual([]);
  });

  it('tells the administrators that a member was disabled and mails the member', async () => {
    const { member } = await memberWith(t, t.auto, AUTO_UUID, ['Workbench']);
    const bystander = await memberWith(t, t.auto, AUTO_UUID, ALL_MESSAGE_CODES);
    const before = await unread(t.auto);
    expectOk(await post('/member/updateStatus', t.auto, { id: member.id, status: 'disabled' }));
    const disabled = (await ofType(t.auto, 'memberDisabled')).find(
      (m) => m.params.username === member.username,
    );
    expect(disabled).toMatchObject({ link: '/account/member', status: 'unread' });
    expect(await unread(t.auto)).toBe(before + 1);
    const mails = await mailsTo(member.email);
    expect(mails.some((m) => m.body.includes(`Member ${member.username} was disabled`))).toBe(true);
    // A member who is not an administrator hears nothing.
    expect(await ofType(bystander.token, 'memberDisabled')).toEqual([]);
    // The administrator's console message came without a mail to it (e-mail is off by default).
    const adminMails = await mailsTo('demo-auto@tracehub.local');
    expect(adminMails.some((m) => m.body.includes(member.username))).toBe(false);
  });

  it("follows each recipient's settings: console off -> no message, e-mail on -> an outbox mail", async () => {
    const off = expectOk(
      await post<TMessageConfigItem>(CONFIG, t.auto, { type: 'memberDisabled', receive: false, email: true }),
    );
    expect(off).toEqual({ type: 'memberDisabled', receive: false, email: true });
    const configs = expectOk(await post<TMessageConfigItem[]>(CONFIGS, t.auto));
    expect(configs.find((c) => c.type === 'memberDisabled')).toEqual(off);
    // Another administrator's settings are not the automaker administrator's.
    const supplierConfigs = expectOk(await post<TMessageConfigItem[]>(CONFIGS, t.supplier));
    expect(supplierConfigs.find((c) => c.type === 'memberDisabled')?.receive).toBe(true);

    const { member } = await memberWith(t, t.auto, AUTO_UUID, ['Workbench']);
    const before = (await ofType(t.auto, 'memberDisabled')).length;
    expectOk(await post('/member/updateStatus', t.auto, { id: member.id, status: 'disabled' }));
    expect((await ofType(t.auto, 'memberDisabled')).length).toBe(before);
    const adminMails = await mailsTo('demo-auto@tracehub.local');
    const mail = adminMails.find((m) => m.body.includes(`成员 ${member.username} 已被停用`));
    expect(mail?.subject).toContain(`Member ${member.username} was disabled`);

    expectOk(await post(CONFIG, t.auto, { type: 'memberDisabled', receive: true, email: false }));
    const again = await memberWith(t, t.auto, AUTO_UUID, ['Workbench']);
    expectOk(await post('/member/updateStatus', t.auto, { id: again.member.id, status: 'disabled' }));
    expect((await ofType(t.auto, 'memberDisabled')).length).toBe(before + 1);
  });

  it('tells the importer that its import completed', async () => {
    const content = await xlsxOf([
      ['项目编号', '备注'],
      [`MSG-${Date.now()}`, 'x'],
    ]);
    const done: TImportRecord = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
      token: t.auto,
      content,
      fileName: 'projects.xlsx',
    });
    expect(done.status).toBe('completed');
    const [completed] = await ofType(t.auto, 'importCompleted');
    expect(completed?.params).toMatchObject({ fileName: 'projects.xlsx', success: 1, failed: 0 });
    expect(await ofType(t.supplier, 'importCompleted')).toEqual([]);
  });

  it('tells the importer that its import failed, with the reason in both languages', async () => {
    const done: TImportRecord = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
      token: t.auto,
      content: await xlsxOf([
        ['Wrong', 'Header'],
        ['x', 'y'],
      ]),
      fileName: 'wrong.xlsx',
    });
    expect(done.status).toBe('failed');
    const [failed] = await ofType(t.auto, 'importFailed');
    const error = errorByCode(done.errorCode!)!;
    expect(failed?.params).toEqual({ fileName: 'wrong.xlsx', reason: { zh: error.zh, en: error.en } });
    expect(renderMessage('importFailed', failed!.params, 'en').body).toBe(
      `The import of wrong.xlsx failed: ${error.en}`,
    );
  });

  it("tells a certification's applicant of its return in the enterprise it last worked in", async () => {
    const token = await signIn(t.app, 'demo-multi', AUTO_UUID);
    const files = await uploadCompanyFiles(t.app, token);
    const submitted = expectOk(
      await call<{ id: number }>(t.app, '/certification/submit', {
        token,
        body: companyForm(LINGNAN, files),
      }),
    );
    const operator = await operatorSignIn(t.app);
    expectOk(
      await call(t.app, '/operator/certification/return', {
        token: operator,
        body: { id: submitted.id, notes: '营业执照不清晰' },
      }),
    );
    const multiId = await userIdOf('demo-multi');
    const rows = await dbOf(t)
      .select({ enterpriseUuid: messages.enterpriseUuid, params: messages.params })
      .from(messages)
      .where(and(eq(messages.type, 'certificationReturned'), eq(messages.recipientId, multiId)));
    expect(rows).toEqual([
      { enterpriseUuid: AUTO_UUID, params: { enterpriseName: LINGNAN.name, notes: '营业执照不清晰' } },
    ]);
    expect(await ofType(t.auto, 'certificationReturned')).toEqual([]);
  });

  it("lets a member read, mark and delete its own messages only, never another's or another enterprise's", async () => {
    const member = await memberWith(t, t.auto, AUTO_UUID, ALL_MESSAGE_CODES);
    const memberId = await userIdOf(member.member.username);
    await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: autoAdminId }, (tx) =>
      notify(tx, {
        enterpriseUuid: AUTO_UUID,
        recipients: [memberId, autoAdminId],
        type: 'ticketStatus',
        params: { ticketNo: 'T-1', title: '接口超时', status: { zh: '处理中', en: 'In progress' } },
        link: '/issue/list',
      }),
    );
    const [mine] = await ofType(member.token, 'ticketStatus');
    const [adminsCopy] = await ofType(t.auto, 'ticketStatus');
    const [supplierMessage] = (await list(t.supplier)).list;
    expect(mine && adminsCopy && supplierMessage).toBeTruthy();
    expect(renderMessage('ticketStatus', mine!.params, 'zh').title).toBe('工单 T-1 状态变为「处理中」');

    // The keyword searches the title in either language.
    expect((await list(member.token, { keyword: 'in PROGRESS' })).total).toBe(1);
    expect((await list(member.token, { keyword: '处理中' })).total).toBe(1);
    expect((await list(member.token, { keyword: 'nothing like it' })).total).toBe(0);

    for (const foreign of [adminsCopy!.id, supplierMessage!.id]) {
      for (const lang of ['zh', 'en'] as const) {
        expectError(await post(DETAIL, member.token, { id: foreign }, lang), 'NOT_FOUND', lang);
        expectError(await post(READ, member.token, { ids: [foreign] }, lang), 'NOT_FOUND', lang);
        expectError(await post(DELETE, member.token, { ids: [foreign] }, lang), 'NOT_FOUND', lang);
        // Mixed with its own: refused as a whole.
        expectError(await post(DELETE, member.token, { ids: [mine!.id, foreign] }, lang), 'NOT_FOUND', lang);
      }
    }
    // Nothing of theirs changed.
    expect((await ofType(t.auto, 'ticketStatus'))[0]).toEqual(adminsCopy);
    expect((await list(t.supplier)).list[0]).toEqual(supplierMessage);
    // Even an administrator reads only its own.
    expectError(await post(DETAIL, t.auto, { id: mine!.id }), 'NOT_FOUND');
    expectError(await post(DETAIL, t.auto, { id: supplierMessage!.id }), 'NOT_FOUND');

    // Row-level security says the same, whatever a query forgets.
    const seen = await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: memberId }, (tx) =>
      tx.select({ id: messages.id, recipientId: messages.recipientId }).from(messages),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((m) => m.recipientId === memberId)).toBe(true);

    expect(await unread(member.token)).toBe(1);
    const opened = expectOk(await post<TMessageItem>(DETAIL, member.token, { id: mine!.id }));
    expect(opened.status).toBe('read');
    expect(opened.readAt).not.toBeNull();
    expect(await unread(member.token)).toBe(0);
    expect((await list(member.token, { status: 'read' })).total).toBe(1);
    expect((await list(member.token, { status: 'unread' })).total).toBe(0);

    expect(expectOk(await post<{ deleted: number }>(DELETE, member.token, { ids: [mine!.id] }))).toEqual({
      deleted: 1,
    });
    expect((await list(member.token)).total).toBe(0);
    expect((await ofType(t.auto, 'ticketStatus')).length).toBe(1);
  });

  it("marks and deletes all of the caller's messages; unreadCount follows the list", async () => {
    const member = await memberWith(t, t.auto, AUTO_UUID, ALL_MESSAGE_CODES);
    const memberId = await userIdOf(member.member.username);
    await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: autoAdminId }, async (tx) => {
      for (let i = 0; i < 3; i += 1) {
        await notify(tx, {
          enterpriseUuid: AUTO_UUID,
          recipients: [memberId],
          type: 'taskFinished',
          params: { taskName: `task-${i}`, result: 'ok' },
        });
      }
    });
    const adminUnread = await unread(t.auto);
    expect(await unread(member.token)).toBe(3);
    expect((await list(member.token, { status: 'unread' })).total).toBe(3);
    expect(expectOk(await post(READ, member.token, { all: true }))).toEqual({ marked: 3 });
    expect(await unread(member.token)).toBe(0);
    expect(await unread(t.auto)).toBe(adminUnread);
    expect(expectOk(await post(DELETE, member.token, { all: true }))).toEqual({ deleted: 3 });
    expect((await list(member.token)).total).toBe(0);
    expect((await list(t.auto)).total).toBeGreaterThan(0);
  });

  it('refuses a member without the codes: the page, each single action and each all-action', async () => {
    const listOnly = await memberWith(t, t.auto, AUTO_UUID, ['MessageList']);
    const memberId = await userIdOf(listOnly.member.username);
    await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: autoAdminId }, (tx) =>
      notify(tx, {
        enterpriseUuid: AUTO_UUID,
        recipients: [memberId],
        type: 'taskFinished',
        params: { taskName: 'x', result: 'ok' },
      }),
    );
    const [own] = (await list(listOnly.token)).list;
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post(READ, listOnly.token, { ids: [own!.id] }, lang), 'FORBIDDEN', lang);
      expectError(await post(DELETE, listOnly.token, { ids: [own!.id] }, lang), 'FORBIDDEN', lang);
      expectError(await post(CONFIGS, listOnly.token, {}, lang), 'FORBIDDEN', lang);
    }
    // The single-message codes do not give the all-messages actions, nor the other way round.
    const single = await memberWith(t, t.auto, AUTO_UUID, ['MessageList', 'Message:Delete', 'Message:Read']);
    expectError(await post(READ, single.token, { all: true }), 'FORBIDDEN');
    expectError(await post(DELETE, single.token, { all: true }), 'FORBIDDEN');
    const allOnly = await memberWith(t, t.auto, AUTO_UUID, [
      'MessageList',
      'Message:AllDelete',
      'Message:AllRead',
    ]);
    expectError(await post(READ, allOnly.token, { ids: [1] }), 'FORBIDDEN');
    expectError(await post(DELETE, allOnly.token, { ids: [1] }), 'FORBIDDEN');
    // Without the page code nothing answers.
    const none = await memberWith(t, t.auto, AUTO_UUID, ['Workbench']);
    for (const path of [LIST, DETAIL, UNREAD, CONFIGS])
      expectError(await post(path, none.token, { id: 1 }), 'FORBIDDEN');
    expect((await list(listOnly.token)).total).toBe(1);
  });

  it('tells the new administrator of an approved certification', async () => {
    const username = uniqueName('cert');
    const token = await registerAccount(t.app, dbOf(t), username);
    const files = await uploadCompanyFiles(t.app, token);
    const submitted = expectOk(
      await call<{ id: number }>(t.app, '/certification/submit', {
        token,
        body: companyForm(EAST_CHINA, files),
      }),
    );
    const operator = await operatorSignIn(t.app);
    const approved = expectOk(
      await call<{ enterpriseUuid: string }>(t.app, '/operator/certification/approve', {
        token: operator,
        body: { id: submitted.id },
      }),
    );
    const admin = await signIn(t.app, username, approved.enterpriseUuid);
    const [message] = await ofType(admin, 'certificationApproved');
    expect(message?.params).toMatchObject({
      enterpriseName: { zh: EAST_CHINA.name, en: EAST_CHINA.englishName },
    });
    expect(await ofType(t.auto, 'certificationApproved')).toEqual([]);
  });

  it('tells both the former and the new administrator of a transfer, and no one else', async () => {
    const heir = await memberWith(t, t.auto, AUTO_UUID, ALL_MESSAGE_CODES);
    const bystander = await memberWith(t, t.auto, AUTO_UUID, ALL_MESSAGE_CODES);
    expectOk(await post('/member/transferAdmin', t.auto, { id: heir.member.id }));
    const heirs = await ofType(heir.token, 'adminTransferred');
    expect(heirs.map((m) => m.params)).toEqual([{ from: 'demo-auto', to: heir.member.username }]);
    expect(await ofType(bystander.token, 'adminTransferred')).toEqual([]);
    // Hand it back, so the demo data stays as it was for nothing else in this file.
    const heirAgain = await signInAs(t.app, heir.member.username, MEMBER_PASSWORD, AUTO_UUID);
    const members = expectOk(
      await post<TListResponse<TMember>>('/member/page', heirAgain, { username: 'demo-auto' }),
    );
    const autoMember = members.list.find((m) => m.username === 'demo-auto');
    if (autoMember) expectOk(await post('/member/transferAdmin', heirAgain, { id: autoMember.id }));
    const [link] = await dbOf(t)
      .select({ isAdmin: enterpriseUsers.isAdmin })
      .from(enterpriseUsers)
      .where(and(eq(enterpriseUsers.enterpriseUuid, AUTO_UUID), eq(enterpriseUsers.userId, autoAdminId)));
    expect(link?.isAdmin).toBe(true);
    // The former administrator (without roles of its own, it reads them once it holds the codes again).
    const former = await ofType(await signIn(t.app, 'demo-auto', AUTO_UUID), 'adminTransferred');
    expect(former.map((m) => m.params)).toEqual([
      { from: heir.member.username, to: 'demo-auto' },
      { from: 'demo-auto', to: heir.member.username },
    ]);
    expect(await ofType(t.supplier, 'adminTransferred')).toEqual([]);
  });
});
