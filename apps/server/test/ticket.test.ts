import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  TICKET_MODULES,
  TICKET_STATUS_LABELS,
  type TListResponse,
  type TOperatorTicket,
  type TOperatorTicketDetail,
  type TPreDownload,
  type TTicket,
  type TTicketDetail,
  type TTicketLogEntry,
} from '@tracehub/contract';
import { files, messages, tickets } from '../src/db/schema.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { operatorSignIn } from './support/company.ts';
import { pdfBytes, pngBytes, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';

const MODULE = TICKET_MODULES.find((m) => m.code === 'BasicData')!.code;
const ALL_CODES = [
  'Issue',
  'IssueList',
  'CreateWorkOrder',
  'CancelWorkOrder',
  'DeleteWorkOrder',
  'ViewStatusLog',
  'IssueRecycle',
  'IssueRecycle:Restore',
  'IssueRecycle:Purge',
];
const CHILDREN: Record<string, string[]> = {
  IssueList: ['CreateWorkOrder', 'CancelWorkOrder', 'DeleteWorkOrder', 'ViewStatusLog'],
  IssueRecycle: ['IssueRecycle:Restore', 'IssueRecycle:Purge'],
};

describe('support tickets (work orders)', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let operator: string;
  let autoUserId: number;

  const post = <T>(path: string, body: unknown, token: string, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const create = async (token = t.auto, extra: Record<string, unknown> = {}) =>
    expectOk(
      await post<TTicketDetail>(
        '/workOrder/add',
        { title: '导入失败', module: MODULE, description: '上传物料时报错', ...extra },
        token,
      ),
    );
  const op = <T>(path: string, body: unknown, lang?: 'zh' | 'en') =>
    post<T>(`/operator/workOrder/${path}`, body, operator, lang);
  const logOf = async (id: number, token = t.auto) =>
    expectOk(await post<TTicketLogEntry[]>('/workOrder/statusLog', { id }, token));
  const messagesFor = (ticketNo: string) =>
    dbOf(t)
      .select({ recipientId: messages.recipientId, params: messages.params })
      .from(messages)
      .where(eq(messages.type, 'ticketStatus'))
      .then((rows) => rows.filter((r) => r.params.ticketNo === ticketNo));

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
    const [row] = await dbOf(t)
      .select({ createdBy: tickets.createdBy })
      .from(tickets)
      .where(eq(tickets.id, (await create()).id));
    autoUserId = row!.createdBy;
  });

  it('validates title (3-50), module, description and remark (100), in both languages', async () => {
    const base = { title: '标题三字', module: MODULE, description: 'x' };
    const refused = [
      { ...base, title: 'ab' },
      { ...base, title: 'a'.repeat(51) },
      { ...base, module: undefined },
      { ...base, module: 'NoSuchModule' },
      { ...base, description: '' },
      { ...base, description: 'd'.repeat(2001) },
    ];
    for (const lang of ['zh', 'en'] as const) {
      for (const body of refused) {
        const res = await post('/workOrder/add', body, t.auto, lang);
        expect({ body, code: res.body.code }).toEqual({ body, code: ERRORS.VALIDATION.code });
      }
    }
    expectOk(await post('/workOrder/add', { ...base, title: 'abc' }, t.auto));
    expectOk(await post('/workOrder/add', { ...base, title: 'a'.repeat(50) }, t.auto));
    const ticket = await create();
    expectOk(await op('handle', { id: ticket.id }));
    const tooLong = await op('solve', { id: ticket.id, remark: 'r'.repeat(101) });
    expect(tooLong.body.code).toBe(ERRORS.VALIDATION.code);
    expect((await op('solve', { id: ticket.id, remark: '' })).body.code).toBe(ERRORS.VALIDATION.code);
    expect((await op('handle', { id: ticket.id, remark: 'r'.repeat(101) })).body.code).toBe(
      ERRORS.VALIDATION.code,
    );
    expectOk(await op('solve', { id: ticket.id, remark: 'r'.repeat(100) }));
  });

  it('numbers tickets GD + date + serial, uniquely, and starts them Pending', async () => {
    const a = await create();
    const b = await create();
    expect(a.ticketNo).toMatch(/^GD\d{8}\d{6}$/);
    expect(a.ticketNo).not.toBe(b.ticketNo);
    expect(a.status).toBe('pending');
    const log = await logOf(a.id);
    expect(log.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorEnd])).toEqual([
      ['create', null, 'pending', 'enterprise'],
    ]);
    expect(log[0]!.actorName).toBe('demo-auto');
  });

  it('goes Pending -> In progress -> Done, logging each step and telling the submitter', async () => {
    const ticket = await create();
    const handled = expectOk(await op<TOperatorTicketDetail>('handle', { id: ticket.id }));
    expect(handled.status).toBe('inProgress');
    const solved = expectOk(
      await op<TOperatorTicketDetail>('solve', { id: ticket.id, remark: '已修复导入模板' }),
    );
    expect(solved.status).toBe('done');
    expect(solved.remark).toBe('已修复导入模板');
    expect(solved.handlerName).toBe('operator');
    const log = await logOf(ticket.id);
    expect(log.map((e) => [e.action, e.fromStatus, e.toStatus, e.actorEnd, e.remark])).toEqual([
      ['create', null, 'pending', 'enterprise', null],
      ['handle', 'pending', 'inProgress', 'operator', null],
      ['solve', 'inProgress', 'done', 'operator', '已修复导入模板'],
    ]);
    expect(solved.statusLog).toEqual(log);
    const detail = expectOk(await post<TTicketDetail>('/workOrder/detail', { id: ticket.id }, t.auto));
    expect(detail.status).toBe('done');
    // One message per change, to the submitter only, with the status in both languages.
    const sent = await messagesFor(ticket.ticketNo);
    expect(sent.map((m) => m.params.status)).toEqual([
      TICKET_STATUS_LABELS.pending,
      TICKET_STATUS_LABELS.inProgress,
      TICKET_STATUS_LABELS.done,
    ]);
    expect(new Set(sent.map((m) => m.recipientId))).toEqual(new Set([autoUserId]));
  });

  it('lets the submitter revoke a Pending or In-progress ticket, and tells it', async () => {
    const pending = await create();
    expect(expectOk(await post<TTicketDetail>('/workOrder/revoke', { id: pending.id }, t.auto)).status).toBe(
      'cancelled',
    );
    const working = await create();
    expectOk(await op('handle', { id: working.id }));
    expectOk(await post('/workOrder/revoke', { id: working.id }, t.auto));
    expect((await logOf(working.id)).map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ['create', null, 'pending'],
      ['handle', 'pending', 'inProgress'],
      ['revoke', 'inProgress', 'cancelled'],
    ]);
    expect((await messagesFor(working.ticketNo)).map((m) => m.params.status)).toContainEqual(
      TICKET_STATUS_LABELS.cancelled,
    );
  });

  it('refuses every illegal transition with B2090, in both languages', async () => {
    const done = await create();
    expectOk(await op('handle', { id: done.id }));
    expectOk(await op('solve', { id: done.id, remark: 'ok' }));
    const cancelled = await create();
    expectOk(await post('/workOrder/revoke', { id: cancelled.id }, t.auto));
    const pending = await create();
    const working = await create();
    expectOk(await op('handle', { id: working.id }));

    for (const lang of ['zh', 'en'] as const) {
      // Operator: handle only Pending, solve only In progress.
      for (const id of [working.id, done.id, cancelled.id]) {
        expectError(await op('handle', { id }, lang), 'TICKET_STATE_INVALID', lang);
      }
      for (const id of [pending.id, done.id, cancelled.id]) {
        expectError(await op('solve', { id, remark: 'x' }, lang), 'TICKET_STATE_INVALID', lang);
      }
      // Enterprise: revoke only open ones, delete only finished ones.
      for (const id of [done.id, cancelled.id]) {
        expectError(await post('/workOrder/revoke', { id }, t.auto, lang), 'TICKET_STATE_INVALID', lang);
      }
      for (const id of [pending.id, working.id]) {
        expectError(await post('/workOrder/delete', { id }, t.auto, lang), 'TICKET_STATE_INVALID', lang);
      }
    }
    // Nothing changed.
    const statuses = await Promise.all(
      [done, cancelled, pending, working].map(
        async (x) => expectOk(await post<TTicketDetail>('/workOrder/detail', { id: x.id }, t.auto)).status,
      ),
    );
    expect(statuses).toEqual(['done', 'cancelled', 'pending', 'inProgress']);
  });

  it('moves finished tickets to the recycle bin, restores them and purges them', async () => {
    const ticket = await create(t.auto, { title: '回收站测试工单' });
    expectOk(await post('/workOrder/revoke', { id: ticket.id }, t.auto));
    expectOk(await post('/workOrder/delete', { id: ticket.id }, t.auto));
    const listed = (path: string) =>
      post<TListResponse<TTicket>>(path, { title: '回收站测试工单' }, t.auto).then((r) =>
        expectOk(r).list.map((x) => x.id),
      );
    expect(await listed('/workOrder/page')).not.toContain(ticket.id);
    expect(await listed('/workOrder/recycle/page')).toContain(ticket.id);
    // The operator's queue leaves the enterprise's bin alone.
    expectError(await op('detail', { id: ticket.id }), 'NOT_FOUND');
    // Already in the bin: not deleted again; not in the bin: not restored nor purged.
    expectError(await post('/workOrder/delete', { id: ticket.id }, t.auto), 'NOT_FOUND');
    expectOk(await post('/workOrder/recycle/restore', { id: ticket.id }, t.auto));
    expect(await listed('/workOrder/page')).toContain(ticket.id);
    expect(await listed('/workOrder/recycle/page')).not.toContain(ticket.id);
    expectError(await post('/workOrder/recycle/restore', { id: ticket.id }, t.auto), 'NOT_FOUND');
    expectError(await post('/workOrder/recycle/purge', { id: ticket.id }, t.auto), 'NOT_FOUND');
    expect((await logOf(ticket.id)).map((e) => e.action)).toEqual(['create', 'revoke', 'delete', 'restore']);

    expectOk(await post('/workOrder/delete', { id: ticket.id }, t.auto));
    expectOk(await post('/workOrder/recycle/purge', { id: ticket.id }, t.auto));
    expect(await listed('/workOrder/recycle/page')).not.toContain(ticket.id);
    expectError(await post('/workOrder/detail', { id: ticket.id }, t.auto), 'NOT_FOUND');
  });

  it('attaches uploads, serves them to the enterprise and the operator, and purges them with the ticket', async () => {
    const pdf = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'workOrder',
        fileName: '截图说明.pdf',
        content: pdfBytes(),
      }),
    );
    const png = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'workOrder',
        fileName: 'screen.png',
        content: pngBytes(),
      }),
    );
    // A type the spec does not allow for attachments is refused at upload.
    const txt = await upload(t.app, {
      token: t.auto,
      bizType: 'workOrder',
      fileName: 'notes.txt',
      content: Buffer.from('text'),
    });
    expect(txt.body.code).not.toBe(ERRORS.SUCCESS.code);

    const ticket = await create(t.auto, { fileKeys: [pdf.fileKey, png.fileKey] });
    expect(ticket.attachmentCount).toBe(2);
    expect(ticket.attachments.map((a) => a.fileName)).toEqual(['截图说明.pdf', 'screen.png']);
    // A file is attached once; another enterprise's or another type's upload is refused.
    expectError(
      await post(
        '/workOrder/add',
        { title: '再次附加', module: MODULE, description: 'x', fileKeys: [pdf.fileKey] },
        t.auto,
      ),
      'TICKET_ATTACHMENT_INVALID',
    );
    const theirs = expectOk(
      await upload(t.app, {
        token: t.supplier,
        bizType: 'workOrder',
        fileName: 'b.pdf',
        content: pdfBytes(),
      }),
    );
    const avatar = expectOk(
      await upload(t.app, { token: t.auto, bizType: 'avatar', fileName: 'a.png', content: pngBytes() }),
    );
    for (const key of [theirs.fileKey, avatar.fileKey, 'no-such-key']) {
      expectError(
        await post(
          '/workOrder/add',
          { title: '别人的附件', module: MODULE, description: 'x', fileKeys: [key] },
          t.auto,
        ),
        'TICKET_ATTACHMENT_INVALID',
      );
    }

    const link = expectOk(
      await post<TPreDownload>('/workOrder/attachmentLink', { id: ticket.id, fileKey: pdf.fileKey }, t.auto),
    );
    const got = await t.app.inject({ method: 'GET', url: link.url });
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, pdfBytes())).toBe(0);
    const opLink = expectOk(
      await op<TPreDownload>('attachmentLink', { id: ticket.id, fileKey: png.fileKey }),
    );
    expect((await t.app.inject({ method: 'GET', url: opLink.url })).statusCode).toBe(200);
    // A key that is not the ticket's is not served through it.
    expectError(await op('attachmentLink', { id: ticket.id, fileKey: theirs.fileKey }), 'NOT_FOUND');
    expect(expectOk(await op<TOperatorTicketDetail>('detail', { id: ticket.id })).attachments).toHaveLength(
      2,
    );

    expectOk(await post('/workOrder/revoke', { id: ticket.id }, t.auto));
    expectOk(await post('/workOrder/delete', { id: ticket.id }, t.auto));
    expectOk(await post('/workOrder/recycle/purge', { id: ticket.id }, t.auto));
    const left = await dbOf(t)
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.enterpriseUuid, AUTO_UUID), eq(files.fileKey, pdf.fileKey)));
    expect(left).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).not.toBe(200);
  });

  it("shows the operator several enterprises' tickets, filtered, and lets it handle them", async () => {
    const a = await create(t.auto, { title: '汽车厂的工单' });
    const b = await create(t.supplier, { title: '供应商的工单' });
    const page = expectOk(
      await op<TListResponse<TOperatorTicket>>('page', { pageSize: 100, status: 'pending' }),
    );
    const byId = new Map(page.list.map((x) => [x.id, x]));
    expect(byId.get(a.id)?.enterpriseUuid).toBe(AUTO_UUID);
    expect(byId.get(b.id)?.enterpriseUuid).toBe(SUPPLIER_UUID);
    expect(byId.get(b.id)?.enterpriseName).toBeTruthy();
    const bySupplier = expectOk(
      await op<TListResponse<TOperatorTicket>>('page', {
        enterpriseName: byId.get(b.id)!.enterpriseName,
        ticketNo: b.ticketNo,
      }),
    );
    expect(bySupplier.list.map((x) => x.id)).toEqual([b.id]);
    for (const x of [a, b]) expectOk(await op('handle', { id: x.id }));
    expect(expectOk(await post<TTicketDetail>('/workOrder/detail', { id: b.id }, t.supplier)).status).toBe(
      'inProgress',
    );
    // Enterprise sessions are refused on the operator end, operators on the enterprise end.
    expectError(await post('/operator/workOrder/page', {}, t.auto), 'FORBIDDEN');
    expectError(await post('/workOrder/page', {}, operator), 'FORBIDDEN');
  });

  it("keeps one enterprise's tickets from another: no read, revoke, delete, restore or purge", async () => {
    const open = await create(t.auto, { title: '保密工单' });
    const binned = await create(t.auto);
    expectOk(await post('/workOrder/revoke', { id: binned.id }, t.auto));
    expectOk(await post('/workOrder/delete', { id: binned.id }, t.auto));
    const pdf = expectOk(
      await upload(t.app, { token: t.auto, bizType: 'workOrder', fileName: 'a.pdf', content: pdfBytes() }),
    );
    const withFile = await create(t.auto, { fileKeys: [pdf.fileKey] });

    for (const [path, body] of [
      ['/workOrder/detail', { id: open.id }],
      ['/workOrder/statusLog', { id: open.id }],
      ['/workOrder/revoke', { id: open.id }],
      ['/workOrder/delete', { id: open.id }],
      ['/workOrder/recycle/restore', { id: binned.id }],
      ['/workOrder/recycle/purge', { id: binned.id }],
      ['/workOrder/attachmentLink', { id: withFile.id, fileKey: pdf.fileKey }],
    ] as const) {
      expectError(await post(path, body, t.supplier), 'NOT_FOUND');
    }
    const theirList = expectOk(
      await post<TListResponse<TTicket>>('/workOrder/page', { pageSize: 100 }, t.supplier),
    ).list.map((x) => x.id);
    expect(theirList).not.toContain(open.id);
    const theirBin = expectOk(
      await post<TListResponse<TTicket>>('/workOrder/recycle/page', { pageSize: 100 }, t.supplier),
    ).list.map((x) => x.id);
    expect(theirBin).not.toContain(binned.id);
    expect(expectOk(await post<TTicketDetail>('/workOrder/detail', { id: open.id }, t.auto)).status).toBe(
      'pending',
    );
    expectOk(await post('/workOrder/recycle/restore', { id: binned.id }, t.auto));
  });

  it('refuses a member each action whose code it lacks (E1008), and allows it with the code', async () => {
    const ticket = await create();
    const done = await create();
    expectOk(await op('handle', { id: done.id }));
    expectOk(await op('solve', { id: done.id, remark: 'ok' }));
    const binned = await create();
    expectOk(await post('/workOrder/revoke', { id: binned.id }, t.auto));
    expectOk(await post('/workOrder/delete', { id: binned.id }, t.auto));

    const actions: [code: string, path: string, body: () => unknown][] = [
      ['IssueList', '/workOrder/page', () => ({})],
      ['CreateWorkOrder', '/workOrder/add', () => ({ title: '无权限', module: MODULE, description: 'x' })],
      ['CancelWorkOrder', '/workOrder/revoke', () => ({ id: ticket.id })],
      ['DeleteWorkOrder', '/workOrder/delete', () => ({ id: done.id })],
      ['ViewStatusLog', '/workOrder/statusLog', () => ({ id: ticket.id })],
      ['IssueRecycle', '/workOrder/recycle/page', () => ({})],
      ['IssueRecycle:Restore', '/workOrder/recycle/restore', () => ({ id: binned.id })],
    ];
    for (const [code, path, body] of actions) {
      const without = await memberWith(
        t,
        t.auto,
        AUTO_UUID,
        // A page's actions grant the page: without a page, none of its actions either.
        ALL_CODES.filter((c) => c !== code && !(CHILDREN[code] ?? []).includes(c)),
      );
      for (const lang of ['zh', 'en'] as const) {
        const res = await post(path, body(), without.token, lang);
        expect({ code, res: res.body.code }).toEqual({ code, res: ERRORS.FORBIDDEN.code });
        expectError(res, 'FORBIDDEN', lang);
      }
    }
    const purger = await memberWith(t, t.auto, AUTO_UUID, ['Issue', 'IssueRecycle']);
    expectError(await post('/workOrder/recycle/purge', { id: binned.id }, purger.token), 'FORBIDDEN');
    // With every code a member of the company scope does each of them.
    const all = await memberWith(t, t.auto, AUTO_UUID, ALL_CODES);
    for (const [, path, body] of actions) expectOk(await post(path, body(), all.token));
    expectOk(await post('/workOrder/delete', { id: binned.id }, all.token));
    expectOk(await post('/workOrder/recycle/purge', { id: binned.id }, all.token));
  });
});
