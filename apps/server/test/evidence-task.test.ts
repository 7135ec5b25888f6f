import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ERRORS,
  type TEvidenceBatchResult,
  type TEvidenceItem,
  type TEvidenceProjectChoice,
  type TEvidenceTask,
  type TEvidenceUploadResult,
  type TListResponse,
  type TPreDownload,
} from '@tracehub/contract';
import { verifyPackage } from '@tracehub/verify';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { linkedPackage } from '../src/modules/evidence-task/download.ts';
import { DEMO_VINS, demoVin } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { memberWithExactCodes } from './support/accounts.ts';
import { expectError, expectOk, type Res } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { multipartBody } from './support/multipart.ts';
import { sheetRows, xlsxOf } from './support/workbooks.ts';

// Evidence-package export tasks (modules/evidence-task) through the API on the demo supply chain: the
// three creation paths and the existing-task check, the run to a package that verifies offline, its main
// evidence items, the 3-minute link, cancellation for good, retry, the VIN list upload with its F1016 error
// log, the VIN limit (2 in this app), both languages, another enterprise's ids and members without codes.

const LIMIT = 2;
const [VIN_A, VIN_B, VIN_C] = DEMO_VINS as unknown as [string, string, string];

/** POST /api/task/importExcel as the console sends it: the fields, then the file. */
async function uploadVins(
  app: FastifyInstance,
  token: string,
  file: { name: string; content: Buffer },
  fields: Record<string, string> = {},
  lang: 'zh' | 'en' = 'zh',
): Promise<Res<TEvidenceUploadResult>> {
  const { payload, contentType } = multipartBody({ fields, file });
  const res = await app.inject({
    method: 'POST',
    url: '/api/task/importExcel',
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${token}`,
      'accept-language': lang,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Res<TEvidenceUploadResult>['body'], text: res.body };
}

const vinSheet = (vins: string[]) => xlsxOf([['VIN/SN'], ...vins.map((v) => [v])]);

describe('evidence-package export tasks (/task/*)', () => {
  const t = useTestApp(
    { auto: AS_AUTO, supplier: AS_SUPPLIER },
    { SEED_DEMO_CHAIN: 'true', EVIDENCE_VIN_LIMIT: String(LIMIT) },
  );

  const post = <T>(path: string, body: unknown, token = t.auto, lang: 'zh' | 'en' = 'zh') =>
    call<T>(t.app, path, { token, body, lang });
  const run = () => runJobsUntilIdle(t.runtime.deps);
  const detail = async (taskId: string, token = t.auto) =>
    expectOk(await post<TEvidenceTask>('/task/findMainEvidenceByTaskId', { taskId }, token));
  const create = (body: Record<string, unknown>, token = t.auto, lang: 'zh' | 'en' = 'zh') =>
    post<TEvidenceTask>('/task/createEvidenceTask', body, token, lang);
  const existing = async (body: Record<string, unknown>, token = t.auto) =>
    expectOk(await post<{ taskId: string | null }>('/task/getTaskIdByConditions', body, token)).taskId;
  /** The package behind a task's link, as bytes. */
  const download = async (taskId: string, token = t.auto) => {
    const link = expectOk(await post<TPreDownload>('/file/preDownload', { taskId }, token));
    const res = await t.app.inject({ method: 'GET', url: link.url });
    return { link, res };
  };

  beforeAll(async () => {
    await seal(t);
  });

  it('answers the VIN limit and the projects with their products for the creation dialogs', async () => {
    expect(expectOk(await post<{ limit: number }>('/task/getVinSnDataQuantityLimit', {})).limit).toBe(LIMIT);
    const projects = expectOk(await post<TEvidenceProjectChoice[]>('/task/selectProjectAndProdutList', {}));
    const ev = projects.find((p) => p.projectNumber === 'XH-EV-2026');
    expect(ev?.products).toEqual([
      expect.objectContaining({ productCode: 'XH-EV7', vinCount: DEMO_VINS.length }),
    ]);
    // Another enterprise sees its own projects only.
    const theirs = expectOk(
      await post<TEvidenceProjectChoice[]>('/task/selectProjectAndProdutList', {}, t.supplier),
    );
    expect(theirs.map((p) => p.projectNumber)).not.toContain('XH-EV-2026');
    // The partners settled on the platform, for the export-by-company dialog.
    const partners = expectOk(
      await post<{ enterpriseUuid: string; code: string }[]>('/task/selectPartnerEnterpriseList', {}),
    );
    expect(partners).toContainEqual(
      expect.objectContaining({ code: 'HX-BAT', enterpriseUuid: SUPPLIER_UUID }),
    );
  });

  it('creates a task once, runs it to a package that verifies, lists its records and links it for 3 minutes', async () => {
    const conditions = { taskType: 1, vinSn: VIN_A, projectNumber: 'XH-EV-2026' };
    expect(await existing(conditions)).toBeNull();
    const task = expectOk(await create(conditions));
    expect(task).toMatchObject({
      status: 'pending',
      taskType: 1,
      source: 'single',
      vinSn: VIN_A,
      downloadable: false,
    });
    expect(task.mainTaskId).toBe(task.taskId);
    // The existing-task check finds it, and a second creation is refused with its id, in both languages.
    expect(await existing(conditions)).toBe(task.taskId);
    expect(await existing({ taskType: 1, vinSn: VIN_A })).toBe(task.taskId);
    const twice = await create(conditions, t.auto, 'en');
    expectError(twice, 'EVIDENCE_TASK_EXISTS', 'en');
    expect(twice.body.msg).toBe(ERRORS.EVIDENCE_TASK_EXISTS.en);
    expect((twice.body.data as { taskId: string }).taskId).toBe(task.taskId);
    expect((await create(conditions)).body.msg).toBe(ERRORS.EVIDENCE_TASK_EXISTS.zh);
    // Not downloadable before it completes.
    expectError(await post('/file/preDownload', { taskId: task.taskId }), 'EVIDENCE_NOT_DOWNLOADABLE');

    await run();
    const done = await detail(task.taskId);
    expect(done).toMatchObject({ status: 'completed', downloadable: true, lastDownloadTime: null });
    expect(done.task.progress.done).toBe(done.task.progress.total);
    expect(done.counts!.records).toBeGreaterThan(0);

    const items = expectOk(
      await post<TListResponse<TEvidenceItem>>('/task/getMainEvidencesInfo', {
        taskId: task.taskId,
        pageSize: 500,
      }),
    );
    expect(items.total).toBe(done.counts!.records);
    expect(items.list.some((i) => i.own && i.opened && i.label.length > 0)).toBe(true);
    // The chain reaches the suppliers: their records are in, unopened, named by their enterprise.
    const theirs = items.list.filter((i) => !i.own);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((i) => !i.opened && i.label === '' && i.enterpriseName !== '')).toBe(true);
    expect(new Set(items.list.map((i) => i.tier)).size).toBeGreaterThan(1);
    const own = expectOk(
      await post<TListResponse<TEvidenceItem>>('/task/getMainEvidencesInfo', {
        taskId: task.taskId,
        own: 'own',
      }),
    );
    expect(own.list.every((i) => i.own)).toBe(true);

    const { link, res } = await download(task.taskId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    // Named in the caller's language, as the link said; valid for the configured 3 minutes.
    expect(link.fileName).toMatch(/^证据包-[0-9a-f]{8}\.zip$/);
    expect(link.validForMs).toBe(3 * 60_000);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
      link.fileName,
    );
    const bytes = res.rawPayload;
    expect(bytes.length).toBe(done.packageSize);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(done.packageSha256);
    const report = verifyPackage(new Uint8Array(bytes));
    expect(report.ok).toBe(true);
    expect(report.records).toHaveLength(done.counts!.records);
    expect((await detail(task.taskId)).lastDownloadTime).not.toBeNull();

    // The link is good for 3 minutes, then F1008; a changed link, or its token on the file route, is E1003.
    const token = new URL(link.url, 'http://x').searchParams.get('token')!;
    const deps = t.runtime.deps;
    await expect(linkedPackage(deps, token, Date.now() + 2 * 60_000)).resolves.toMatchObject({
      size: done.packageSize,
    });
    await expect(linkedPackage(deps, token, Date.now() + 3 * 60_000 + 1)).rejects.toMatchObject({
      key: 'DOWNLOAD_LINK_EXPIRED',
    });
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    const tampered = await t.app.inject({ method: 'GET', url: `/api/task/package?token=${changed}` });
    expect((tampered.json() as { code: string }).code).toBe(ERRORS.NOT_FOUND.code);
    const asFile = await t.app.inject({ method: 'GET', url: `/api/file/signed?token=${token}` });
    expect((asFile.json() as { code: string }).code).toBe(ERRORS.NOT_FOUND.code);

    // The list finds it by its VIN and status.
    const page = expectOk(
      await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', {
        keyword: VIN_A,
        status: 'completed',
      }),
    );
    expect(page.list.map((r) => r.taskId)).toContain(task.taskId);

    // Cancelling is for good: the package is voided, its link dead, and the conditions free again.
    const cancelled = expectOk(
      await post<TEvidenceTask>('/task/cancellationMainEvidenceByTaskId', { taskId: task.taskId }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', downloadable: false });
    const dead = await t.app.inject({ method: 'GET', url: link.url });
    expect((dead.json() as { code: string }).code).toBe(ERRORS.NOT_FOUND.code);
    expectError(await post('/task/retry', { taskId: task.taskId }), 'TASK_STATE_INVALID');
    expectError(
      await post('/task/cancellationMainEvidenceByTaskId', { taskId: task.taskId }),
      'TASK_STATE_INVALID',
    );
    expect(await existing(conditions)).toBeNull();
    const again = expectOk(await create(conditions));
    expect(again.taskId).not.toBe(task.taskId);
    expectOk(await post('/task/cancellationMainEvidenceByTaskId', { taskId: again.taskId }));
  });

  it('writes an external package that withholds chosen fields while every proof verifies', async () => {
    const task = expectOk(
      await create({ taskType: 2, vinSn: VIN_B, withheldFields: ['amount', 'unitPrice'] }),
    );
    await run();
    const done = await detail(task.taskId);
    expect(done.status).toBe('completed');
    const report = verifyPackage(new Uint8Array((await download(task.taskId)).res.rawPayload));
    expect(report.ok).toBe(true);
    const items = expectOk(
      await post<TListResponse<TEvidenceItem>>('/task/getMainEvidencesInfo', {
        taskId: task.taskId,
        pageSize: 500,
      }),
    );
    expect(items.list.some((i) => i.own && !i.opened && i.withheld.includes('amount'))).toBe(true);
    // Type 1 withholds nothing: the schema refuses the pair.
    expect((await create({ taskType: 1, vinSn: VIN_B, withheldFields: ['amount'] })).body.code).toBe(
      ERRORS.VALIDATION.code,
    );
  });

  it('refuses keys that are not the enterprise’s and scopes past the VIN limit, with the limit, in both languages', async () => {
    const notOurs = await create({ taskType: 1, vinSn: 'LNOTOURS000000001' }, t.auto, 'en');
    expectError(notOurs, 'PACKAGE_SCOPE_NOT_FOUND', 'en', { value: 'LNOTOURS000000001' });
    expect(notOurs.body.msg).toContain('LNOTOURS000000001');
    // The product has three vehicles, the limit is two.
    const tooMany = await create({ taskType: 1, productCode: 'XH-EV7' }, t.auto, 'en');
    expectError(tooMany, 'EVIDENCE_TOO_MANY_VINS', 'en', { limit: 2, count: 3 });
    expect(tooMany.body.msg).toBe(
      'Evidence package too large, reduce the VIN count (at most 2 per task, this one has 3); split it into batches',
    );
    const zh = await create({ taskType: 1, productCode: 'XH-EV7' });
    expect(zh.body.msg).toContain('最多 2 个');
    // Nothing named at all: the schema.
    expect((await create({ taskType: 1 })).body.code).toBe(ERRORS.VALIDATION.code);
    // The battery maker's VIN is not the automaker's, and its own task is refused the automaker's VIN.
    expectError(await create({ taskType: 1, vinSn: VIN_A }, t.supplier), 'PACKAGE_SCOPE_NOT_FOUND', 'zh', {
      value: VIN_A,
    });
  });

  it('creates a batch from a list selection in one go, sharing a main task, and lists the items that exist', async () => {
    const first = expectOk(await create({ taskType: 1, vinSn: VIN_C }));
    const batch = expectOk(
      await post<TEvidenceBatchResult>('/task/batchCreateEvidenceTask', {
        items: [
          { taskType: 1, vinSn: VIN_C },
          { taskType: 1, productCode: 'XH-CELL', productBatchNo: 'CELL-2026-03' },
          { taskType: 1, materialsCode: 'XH-CELL' },
        ],
      }),
    );
    expect(batch.existing).toEqual([{ index: 0, taskId: first.taskId }]);
    expect(batch.created).toHaveLength(2);
    expect(batch.created.every((c) => c.mainTaskId === batch.mainTaskId && c.source === 'list')).toBe(true);
    expect(batch.created.map((c) => c.scope.kind).sort()).toEqual(['batch', 'material']);
    // All or none: one refused item refuses the batch, and nothing of it is created.
    const before = expectOk(await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', {})).total;
    expectError(
      await post('/task/batchCreateEvidenceTask', {
        items: [
          { taskType: 2, vinSn: VIN_A },
          { taskType: 1, vinSn: 'LNOTOURS000000001' },
        ],
      }),
      'PACKAGE_SCOPE_NOT_FOUND',
      'zh',
      { value: 'LNOTOURS000000001' },
    );
    expect(expectOk(await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', {})).total).toBe(
      before,
    );
    await run();
    for (const c of batch.created) expect((await detail(c.taskId)).status).toBe('completed');
  });

  it('reads an uploaded VIN list (xlsx or xls) into a task, and refuses a bad list whole with F1016 and its error log', async () => {
    const good = expectOk(
      await uploadVins(
        t.app,
        t.auto,
        { name: 'vins.xlsx', content: await vinSheet([VIN_A, VIN_B]) },
        {
          projectNumber: 'XH-EV-2026',
          enterpriseUuid: AUTO_UUID,
        },
      ),
    );
    expect(good).toMatchObject({ errorCode: null, count: 2, sample: [VIN_A, VIN_B] });
    const task = expectOk(
      await post<TEvidenceTask>('/task/artificialBatchCreateEvidenceTask', {
        taskType: 1,
        uniqueKey: good.uniqueKey,
        projectNumber: 'XH-EV-2026',
        enterpriseUuid: AUTO_UUID,
      }),
    );
    expect(task).toMatchObject({ source: 'upload', vinCount: 2, scope: { kind: 'vin' } });
    // The same list again is the same task.
    expect(await existing({ taskType: 1, uniqueKey: good.uniqueKey })).toBe(task.taskId);
    expectError(
      await post('/task/artificialBatchCreateEvidenceTask', { taskType: 1, uniqueKey: good.uniqueKey }),
      'EVIDENCE_TASK_EXISTS',
    );

    // Excel 97-2003.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['VIN/SN'], [VIN_C]]), 'Sheet1');
    const xls = Buffer.from(XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Uint8Array);
    expect(expectOk(await uploadVins(t.app, t.auto, { name: 'vins.xls', content: xls })).sample).toEqual([
      VIN_C,
    ]);

    // A list with an unknown VIN, a duplicate and a VIN outside the named project: refused whole.
    const bad = await uploadVins(
      t.app,
      t.auto,
      { name: 'vins.xlsx', content: await vinSheet([VIN_A, 'LNOTOURS000000001', VIN_A]) },
      { projectNumber: 'XH-EV-2026' },
      'en',
    );
    expectError(bad, 'FILE_ROWS_INVALID', 'en');
    expect(bad.body.msg).toBe(ERRORS.FILE_ROWS_INVALID.en);
    const refused = bad.body.data as TEvidenceUploadResult;
    expect(refused).toMatchObject({ uniqueKey: null, errorCode: 'F1016' });
    const log = await t.app.inject({
      method: 'POST',
      url: '/api/task/downloadErrorFile',
      headers: { authorization: `Bearer ${t.auto}` },
      payload: { errorKey: refused.errorKey },
    });
    expect(log.statusCode).toBe(200);
    expect(await sheetRows(log.rawPayload)).toEqual([
      ['Row', 'VIN/SN', 'Reason'],
      [3, 'LNOTOURS000000001', "Not a VIN/SN of your enterprise's products or documents"],
      [4, VIN_A, 'Same as row 2'],
    ]);
    // The refused list's key creates nothing.
    expectError(
      await post('/task/artificialBatchCreateEvidenceTask', { taskType: 1, uniqueKey: refused.errorKey }),
      'EVIDENCE_UPLOAD_UNKNOWN',
    );
    // Past the limit (refused with it), not a workbook, no rows, another enterprise named.
    expectError(
      await uploadVins(t.app, t.auto, { name: 'vins.xlsx', content: await vinSheet([VIN_A, VIN_B, VIN_C]) }),
      'EVIDENCE_TOO_MANY_VINS',
      'zh',
      { limit: 2, count: 3 },
    );
    expectError(
      await uploadVins(t.app, t.auto, { name: 'vins.xlsx', content: Buffer.from('not a workbook') }),
      'FILE_TYPE_INVALID',
      'zh',
      { types: 'xls/xlsx' },
    );
    expectError(
      await uploadVins(t.app, t.auto, { name: 'vins.xlsx', content: await vinSheet([]) }),
      'IMPORT_NO_ROWS',
    );
    expectError(
      await uploadVins(
        t.app,
        t.auto,
        { name: 'vins.xlsx', content: await vinSheet([VIN_A]) },
        { enterpriseUuid: SUPPLIER_UUID },
      ),
      'NOT_FOUND',
    );
    // The Chinese error log speaks Chinese.
    const zh = (
      await uploadVins(t.app, t.auto, { name: 'vins.xlsx', content: await vinSheet(['LNOTOURS000000002']) })
    ).body.data as TEvidenceUploadResult;
    const zhLog = await t.app.inject({
      method: 'POST',
      url: '/api/task/downloadErrorFile',
      headers: { authorization: `Bearer ${t.auto}` },
      payload: { errorKey: zh.errorKey },
    });
    expect((await sheetRows(zhLog.rawPayload))[1]).toEqual([
      2,
      'LNOTOURS000000002',
      '不是本企业产品或单据中的 VIN/SN',
    ]);
  });

  it('fails a task whose chain is not sealed yet, and retries it once it is', async () => {
    const vin = demoVin(77);
    expectOk(await post('/product/addProduct', { name: '星河 EV7', code: 'XH-EV7', vinSn: vin, unit: '辆' }));
    const task = expectOk(await create({ taskType: 1, vinSn: vin }));
    await run();
    const failed = await detail(task.taskId, t.auto);
    expect(failed.status).toBe('failed');
    expect(failed.task.reason).toMatchObject({
      code: ERRORS.PACKAGE_NOTHING_SEALED.code,
      en: ERRORS.PACKAGE_NOTHING_SEALED.en,
    });
    // A failed task frees its conditions; retrying takes them back.
    expect(await existing({ taskType: 1, vinSn: vin })).toBeNull();
    await seal(t);
    expectOk(await post('/task/retry', { taskId: task.taskId }));
    expect(await existing({ taskType: 1, vinSn: vin })).toBe(task.taskId);
    await run();
    expect((await detail(task.taskId)).status).toBe('completed');
  });

  it('lets its creator withdraw a task that has not started, which frees its conditions', async () => {
    const task = expectOk(await create({ taskType: 2, vinSn: VIN_C }));
    expect(expectOk(await post<{ status: string }>('/task/withdraw', { taskId: task.taskId })).status).toBe(
      'withdrawn',
    );
    expect((await detail(task.taskId)).status).toBe('withdrawn');
    expect(await existing({ taskType: 2, vinSn: VIN_C })).toBeNull();
    await run();
    expect((await detail(task.taskId)).status).toBe('withdrawn');
  });

  it('keeps every task, item, list and link to its enterprise', async () => {
    const [mine] = expectOk(
      await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', { status: 'completed' }),
    ).list;
    const taskId = mine!.taskId;
    for (const [path, body] of [
      ['/task/findMainEvidenceByTaskId', { taskId }],
      ['/task/getMainEvidencesInfo', { taskId }],
      ['/task/cancellationMainEvidenceByTaskId', { taskId }],
      ['/task/retry', { taskId }],
      ['/file/preDownload', { taskId }],
      ['/file/preDownloadStats', { taskId }],
    ] as const)
      expectError(await post(path, body, t.supplier), 'NOT_FOUND');
    expect(
      expectOk(await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', {}, t.supplier)).list,
    ).toEqual([]);
    const upload = expectOk(
      await uploadVins(t.app, t.auto, { name: 'vins.xlsx', content: await vinSheet([VIN_C]) }),
    );
    expectError(
      await post(
        '/task/artificialBatchCreateEvidenceTask',
        { taskType: 1, uniqueKey: upload.uniqueKey },
        t.supplier,
      ),
      'EVIDENCE_UPLOAD_UNKNOWN',
    );
    expect(await existing({ taskType: 1, vinSn: VIN_A }, t.supplier)).toBeNull();
    // The automaker's task is still there, completed.
    expect((await detail(taskId)).status).toBe('completed');
  });

  it('enforces the page codes on the server', async () => {
    const none = await memberWithExactCodes(t, t.auto, AUTO_UUID, []);
    const viewer = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['TaskList']);
    const [task] = expectOk(
      await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', { status: 'completed' }),
    ).list;
    const taskId = task!.taskId;
    const calls: [string, unknown][] = [
      ['/task/getMainEvidencesPage', {}],
      ['/task/findMainEvidenceByTaskId', { taskId }],
      ['/task/getMainEvidencesInfo', { taskId }],
      ['/task/selectProjectAndProdutList', {}],
      ['/task/selectPartnerEnterpriseList', {}],
      ['/task/createEvidenceTask', { taskType: 1, vinSn: VIN_A }],
      ['/task/batchCreateEvidenceTask', { items: [{ taskType: 1, vinSn: VIN_A }] }],
      ['/task/artificialBatchCreateEvidenceTask', { taskType: 1, uniqueKey: 'x' }],
      ['/task/cancellationMainEvidenceByTaskId', { taskId }],
      ['/task/retry', { taskId }],
      ['/task/getVinSnDataQuantityLimit', {}],
      ['/task/getTaskIdByConditions', { taskType: 1, vinSn: VIN_A }],
      ['/task/downloadErrorFile', { errorKey: 'x' }],
      ['/file/preDownload', { taskId }],
    ];
    for (const [path, body] of calls) expectError(await post(path, body, none), 'FORBIDDEN');
    // The viewer reads, and may not create, cancel, retry or download.
    expect((await detail(taskId, viewer)).taskId).toBe(taskId);
    for (const [path, body] of calls.slice(3, 10)) expectError(await post(path, body, viewer), 'FORBIDDEN');
    expectError(await post('/file/preDownload', { taskId }, viewer), 'FORBIDDEN');
    const downloader = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['TaskList', 'TaskList:Download']);
    expect((await download(taskId, downloader)).res.statusCode).toBe(200);
    // An 'account' member sees only the tasks it created.
    const own = await memberWithExactCodes(t, t.auto, AUTO_UUID, ['TaskList'], { dataScope: 'account' });
    expect(
      expectOk(await post<TListResponse<TEvidenceTask>>('/task/getMainEvidencesPage', {}, own)).total,
    ).toBe(0);
    expectError(await post('/task/findMainEvidenceByTaskId', { taskId }, own), 'NOT_FOUND');
  });
});
