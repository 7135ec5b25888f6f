import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessage, type TListResponse, type TProjectCode, type TLang } from '@tracehub/contract';
import { importRecords, importRowErrors, ledgerEvents, projectCodes } from '../src/db/schema.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import { registerReferenceChecker } from '../src/platform/references.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, SUPPLIER_UUID, call, useTestApp } from './support/app.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { download, importFile, sheetRows, xlsxOf } from './support/workbooks.ts';

describe('project codes (/basicData/project)', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const post = <T = TProjectCode>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const add = async (code: string, notes = '', token = t.a) =>
    expectOk(await post('/project/add', { code, notes }, token));
  const page = async (body: Record<string, unknown> = {}, token = t.a) =>
    expectOk(await post<TListResponse<TProjectCode>>('/project/page', { pageSize: 100, ...body }, token));
  /** The evidence of one project code, oldest first. */
  const eventsOf = (id: number) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'project'), eq(ledgerEvents.subjectId, String(id))))
      .orderBy(asc(ledgerEvents.id));

  it('refuses invalid input with the catalogue messages in zh and en', async () => {
    const cases: [unknown, string, Parameters<typeof validationMessage>[0], Record<string, number>][] = [
      [{}, 'code', 'v.required', {}],
      [{ code: '   ' }, 'code', 'v.required', {}],
      [{ code: 'x'.repeat(101) }, 'code', 'v.tooLong', { max: 100 }],
      [{ code: 'ok', notes: 'n'.repeat(101) }, 'notes', 'v.tooLong', { max: 100 }],
      [{ code: 42 }, 'code', 'v.type', {}],
    ];
    for (const [body, field, key, params] of cases) {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/project/add', body, t.a, lang);
        const message = validationMessage(key, lang, { field, ...params });
        expectError(res, 'VALIDATION', lang, { detail: message });
        expect(res.body.data).toEqual({ fields: [{ field, message }] });
      }
    }
    expect((await page()).total).toBe(0);
  });

  it('creates, reads, edits and deletes a code, each change with its evidence', async () => {
    const created = await add(' PRJ-1 ', ' first ');
    expect(created).toMatchObject({ code: 'PRJ-1', notes: 'first' });
    expect(created.chain).toMatchObject({ status: 'pending', eventType: 'project.created' });
    expect(expectOk(await post('/project/detail', { id: created.id }))).toEqual(created);

    const edited = expectOk(await post('/project/update', { id: created.id, code: 'PRJ-1A', notes: 'x' }));
    expect(edited).toMatchObject({ id: created.id, code: 'PRJ-1A', notes: 'x' });
    expect(edited.chain?.eventType).toBe('project.updated');
    // Nothing changed: nothing recorded.
    expectOk(await post('/project/update', { id: created.id, code: 'PRJ-1A', notes: 'x' }));

    await seal(t);
    const sealed = expectOk(await post('/project/detail', { id: created.id }));
    expect(sealed.chain).toMatchObject({ status: 'sealed', txHash: edited.chain!.txHash });
    expect(sealed.chain!.chainHeight).toEqual(expect.any(Number));

    expect(expectOk(await post('/project/delete', { id: created.id }))).toBeNull();
    expectError(await post('/project/detail', { id: created.id }), 'NOT_FOUND');
    const events = await eventsOf(created.id);
    expect(events.map((e) => [e.eventType, e.payload, e.enterpriseUuid])).toEqual([
      ['project.created', { code: 'PRJ-1', notes: 'first' }, AUTO_UUID],
      ['project.updated', { code: 'PRJ-1A', notes: 'x' }, AUTO_UUID],
      ['project.deleted', { code: 'PRJ-1A', notes: 'x' }, AUTO_UUID],
    ]);
    // Every change is signed with the enterprise's key (its DID).
    expect(events.every((e) => e.signerDid?.startsWith('did:ethr:'))).toBe(true);
  });

  it('keeps a code unique in its enterprise, on create and on edit, in both languages', async () => {
    const one = await add('DUP-1');
    const two = await add('DUP-2');
    for (const lang of ['zh', 'en'] as const) {
      expectError(await post('/project/add', { code: 'DUP-1' }, t.a, lang), 'PROJECT_CODE_EXISTS', lang);
      expectError(
        await post('/project/update', { id: two.id, code: 'DUP-1' }, t.a, lang),
        'PROJECT_CODE_EXISTS',
        lang,
      );
    }
    expect((await eventsOf(two.id)).map((e) => e.eventType)).toEqual(['project.created']);
    // Another enterprise may use the same code.
    expect((await add('DUP-1', '', t.b)).code).toBe('DUP-1');
    await post('/project/delete', { id: one.id });
    await post('/project/delete', { id: two.id });
  });

  it('pages, sorts and searches by code, notes and created time', async () => {
    const created: TProjectCode[] = [];
    for (const [code, notes] of [
      ['S-B', 'alpha'],
      ['S-A', 'beta'],
      ['S-D', 'alpha beta'],
      ['S-C', ''],
    ] as const) {
      created.push(await add(code, notes));
    }
    const all = await page({ code: 'S-' });
    expect(all.total).toBe(4);
    // Newest first by default.
    expect(all.list.map((p) => p.code)).toEqual(['S-C', 'S-D', 'S-A', 'S-B']);
    expect(all.list.every((p) => p.chain?.eventType === 'project.created')).toBe(true);
    const asc = await page({ code: 's-', sortField: 'code', sortOrder: 'asc', pageSize: 2, pageNo: 2 });
    expect(asc).toMatchObject({ total: 4, list: [{ code: 'S-C' }, { code: 'S-D' }] });
    const desc = await page({ code: 'S-', sortField: 'code', sortOrder: 'desc', pageSize: 3 });
    expect(desc.list.map((p) => p.code)).toEqual(['S-D', 'S-C', 'S-B']);
    expect((await page({ notes: 'ALPHA' })).list.map((p) => p.code)).toEqual(['S-D', 'S-B']);
    expect((await page({ code: '%' })).total).toBe(0);
    const second = created[1]!.createdAt;
    const third = created[2]!.createdAt;
    const range = await page({ code: 'S-', createdFrom: second, createdTo: third });
    expect(range.list.map((p) => p.code).sort()).toEqual(['S-A', 'S-D']);
    // Unknown sort fields fall back to the default order; empty filters are dropped.
    expect((await page({ code: '', sortField: 'enterpriseUuid' })).list[0]!.code).toBe('S-C');
    expectError(await post('/project/page', { pageSize: 1001 }), 'VALIDATION', 'zh', {
      detail: validationMessage('v.tooBig', 'zh', { field: 'pageSize', max: 1000 }),
    });
    for (const p of created) await post('/project/delete', { id: p.id });
  });

  it("never shows, changes or deletes another enterprise's codes, on any endpoint", async () => {
    const mine = await add('ISO-A', 'automaker');
    const theirs = await add('ISO-B', 'supplier', t.b);
    expect((await page({ code: 'ISO' })).list.map((p) => p.code)).toEqual(['ISO-A']);
    expect((await page({ code: 'ISO' }, t.b)).list.map((p) => p.code)).toEqual(['ISO-B']);
    expectError(await post('/project/detail', { id: theirs.id }), 'NOT_FOUND');
    expectError(await post('/project/update', { id: theirs.id, code: 'HIJACK' }), 'NOT_FOUND');
    expectError(await post('/project/delete', { id: theirs.id }), 'NOT_FOUND');
    expectError(await post('/project/detail', { id: 3_000_000_000 }), 'NOT_FOUND');
    const [row] = await dbOf(t).select().from(projectCodes).where(eq(projectCodes.id, theirs.id));
    expect(row).toMatchObject({ code: 'ISO-B', notes: 'supplier', enterpriseUuid: SUPPLIER_UUID });
    expect((await eventsOf(theirs.id)).map((e) => e.eventType)).toEqual(['project.created']);

    // The export writes only the caller's rows.
    const exported = await download(t.app, '/project/export', {
      token: t.a,
      method: 'POST',
      body: { code: 'ISO' },
    });
    expect((await sheetRows(exported.raw)).slice(1).map((r) => r[0])).toEqual(['ISO-A']);
    // An import record of one enterprise is unknown to the other.
    const queued = expectOk(
      await importFile(t.app, '/project/importExcel', {
        token: t.b,
        fileName: 'b.xlsx',
        content: await xlsxOf([['项目编号'], ['ISO-B2']]),
      }),
    );
    expectError(
      await call(t.app, `/import/records/${queued.id}`, { token: t.a, method: 'GET' }),
      'NOT_FOUND',
    );
    expectError(
      (await download(t.app, `/import/records/${queued.id}/errorLog`, { token: t.a })).res,
      'NOT_FOUND',
    );
    const records = expectOk(await post<TListResponse<unknown>>('/project/uploadRecord', {}));
    expect(records.list).toEqual([]);
    await post('/project/delete', { id: mine.id });
    await post('/project/delete', { id: theirs.id }, t.b);
  });

  it('keeps project codes, import records and refused rows in their enterprise with row-level security', async () => {
    await add('RLS-A');
    await add('RLS-B', '', t.b);
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const seen = await withTenant(dbOf(t), tenant, async (tx) => ({
      codes: await tx.select({ e: projectCodes.enterpriseUuid }).from(projectCodes),
      records: await tx.select({ e: importRecords.enterpriseUuid }).from(importRecords),
      refused: await tx.select({ e: importRowErrors.enterpriseUuid }).from(importRowErrors),
    }));
    expect(seen.codes.length).toBeGreaterThan(0);
    for (const rows of Object.values(seen)) expect(rows.every((r) => r.e === AUTO_UUID)).toBe(true);
    await expect(
      withTenant(dbOf(t), tenant, (tx) =>
        tx.insert(projectCodes).values({ enterpriseUuid: SUPPLIER_UUID, code: 'RLS-X', createdBy: 1 }),
      ),
    ).rejects.toThrow();
    const moved = await withTenant(dbOf(t), tenant, (tx) =>
      tx
        .update(projectCodes)
        .set({ notes: 'hijacked' })
        .where(eq(projectCodes.enterpriseUuid, SUPPLIER_UUID))
        .returning(),
    );
    expect(moved).toEqual([]);
  });

  it('refuses to delete or recode a code that business data references (spec 8), in both languages', async () => {
    const used = await add('REF-1');
    const unregister = registerReferenceChecker('project', 'test-products', async (_db, tenant, records) =>
      records.some((r) => r.code === 'REF-1' && tenant.enterpriseUuid === AUTO_UUID),
    );
    try {
      for (const lang of ['zh', 'en'] as const) {
        const res = await post('/project/delete', { id: used.id }, t.a, lang);
        expectError(res, 'RECORD_IN_USE', lang);
        expect(res.body.data).toEqual({ referencedBy: ['test-products'] });
        expectError(
          await post('/project/update', { id: used.id, code: 'REF-2' }, t.a, lang),
          'RECORD_IN_USE',
          lang,
        );
      }
      // Its notes may still change.
      expectOk(await post('/project/update', { id: used.id, code: 'REF-1', notes: 'kept' }));
    } finally {
      unregister();
    }
    expectOk(await post('/project/delete', { id: used.id }));
  });

  it('checks the permission codes: viewing needs Project, each change its own code', async () => {
    const viewer = (await memberWith(t, t.a, AUTO_UUID, ['Project'])).token;
    const row = await add('PERM-1');
    expect((await page({ code: 'PERM' }, viewer)).total).toBe(1);
    expectError(await post('/project/add', { code: 'PERM-2' }, viewer), 'FORBIDDEN');
    expectError(await post('/project/update', { id: row.id, code: 'PERM-3' }, viewer), 'FORBIDDEN');
    expectError(await post('/project/delete', { id: row.id }, viewer), 'FORBIDDEN');
    expectError((await download(t.app, '/project/template', { token: viewer })).res, 'FORBIDDEN');
    const editor = (await memberWith(t, t.a, AUTO_UUID, ['Project', 'Project:Edit'])).token;
    expectOk(await post('/project/update', { id: row.id, code: 'PERM-1', notes: 'by editor' }, editor));
    await post('/project/delete', { id: row.id });
  });

  it("shows a member with the 'own account data' scope only the codes it created", async () => {
    const others = await add('SCOPE-ADMIN');
    const role = await createRole(t.app, t.a, ['Project', 'Project:Create', 'Project:Delete'], {
      dataScope: 'account',
    });
    const member = await createMember(t.app, t.a, [role.id]);
    const token = await firstSignIn(t.app, member, AUTO_UUID);
    const mine = await add('SCOPE-OWN', '', token);
    expect((await page({ code: 'SCOPE' }, token)).list.map((p) => p.code)).toEqual(['SCOPE-OWN']);
    expect((await page({ code: 'SCOPE' })).total).toBe(2);
    expectError(await post('/project/detail', { id: others.id }, token), 'NOT_FOUND');
    expectError(await post('/project/delete', { id: others.id }, token), 'NOT_FOUND');
    // The code is still unique in the whole enterprise.
    expectError(await post('/project/add', { code: 'SCOPE-ADMIN' }, token), 'PROJECT_CODE_EXISTS');
    expectOk(await post('/project/delete', { id: mine.id }, token));
    await post('/project/delete', { id: others.id });
  });
});
