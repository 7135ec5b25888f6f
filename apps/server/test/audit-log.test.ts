import { and, eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_TABLES,
  documentType,
  type TAuditDetail,
  type TAuditItem,
  type TListResponse,
} from '@tracehub/contract';
import { auditLog, enterprises, projectCodes, users } from '../src/db/schema.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  useTestApp,
  type TestAppFixture,
} from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { newDocument, newPartner } from './support/records.ts';
import { download, importAndRun, sheetRows, xlsxOf } from './support/workbooks.ts';

/**
 * Tables with an enterprise_uuid column that carry no audit trigger, each with its reason (the same list
 * as migration 0017): any other such table must be audited.
 */
const NOT_AUDITED: Record<string, string> = {
  audit_log: 'the trail itself',
  account_log: 'the sign-in log, itself a log',
  sessions: 'session tokens; written on every sign-in and request',
  jobs: 'the background job queue; status and progress change on every step',
  ledger_events: 'append-only, hash-chained evidence: already its own trail, never updated',
  ledger_batches: "append-only batch signatures of evidence events, part of the ledger's own trail",
  import_records: 'import progress counters, updated per chunk; the imported rows are audited',
  import_row_errors: "an import's per-row error report, technical",
  file_transfer_errors: 'itself a log of failed file transfers',
  gateway_key_nonces: 'replay protection: one row per signed gateway request',
  gateway_key_rates: 'per-minute request counters of gateway keys',
  messages: 'notifications the platform sends members; read marks change on every read',
  tasks: 'background task progress, like jobs',
  ticket_status_log: 'itself the status log of a ticket',
  checking_tasks: "a troubleshooting run's scope and counts, written by the run; its status lives in tasks",
  checking_findings: 'findings a run writes, never edited by a person; a new run gives their new state',
  checking_passes: 'per-check pass counts a run writes',
  checking_vin_maps: "a run's per-VIN map check results, written by the run and never edited",
  checking_company_task_findings:
    "copies of a run's findings for a supplier's task; a new run gives their state",
  checking_company_task_history: "itself the history of a company task's transitions",
  daily_reports:
    'a daily report the scheduler writes and its run updates when it settles; no person edits it',
  evidence_tasks:
    "an export task's conditions and its package's size and downloads, written by the run; its status and actions live in tasks",
  evidence_task_items: "a package's records as its run wrote them, never edited",
  evidence_uploads: 'a VIN list read for an export task, kept for an hour, never edited',
};

/** The address the test requests come from, through a trusted proxy (TRUST_PROXY=loopback). */
const CLIENT_IP = '203.0.113.7';

/** The rows of a raw query (PGlite and node-postgres both answer `rows`). */
async function query<T>(t: TestAppFixture, q: SQL): Promise<T[]> {
  return ((await dbOf(t).execute(q)) as unknown as { rows: T[] }).rows;
}
const SECRET = 'TOP-SECRET-KEY-MATERIAL-0017';

describe('audit trail of every write (system log, data changes)', () => {
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER }, { TRUST_PROXY: 'loopback' });
  let adminId: number;

  const post = <T>(path: string, body: unknown, token = t.a) =>
    call<T>(t.app, path, { token, body, headers: { 'x-forwarded-for': CLIENT_IP } });
  const entries = (where: Record<string, unknown>, token = t.a) =>
    post<TListResponse<TAuditItem>>('/log/selectAuditPage', { pageSize: 100, ...where }, token);
  const rowsFor = (table: string, recordId: string | number) =>
    dbOf(t)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, table), eq(auditLog.recordId, String(recordId))))
      .orderBy(auditLog.id);
  const auditCount = async () =>
    (
      await dbOf(t)
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
    )[0]!.n;

  beforeAll(async () => {
    const [admin] = await dbOf(t).select({ id: users.id }).from(users).where(eq(users.username, 'demo-auto'));
    adminId = admin!.id;
  });

  it('audits every table with an enterprise_uuid column, or names why not', async () => {
    const tables = await query<{ name: string }>(
      t,
      sql`
      select c.relname as name from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'enterprise_uuid' and not a.attisdropped
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by 1`,
    );
    const triggers = await query<{ tbl: string; name: string }>(
      t,
      sql`
      select c.relname as tbl, tg.tgname as name from pg_trigger tg join pg_class c on c.oid = tg.tgrelid
      where not tg.tgisinternal and tg.tgname like 'audit\_%'`,
    );
    const audited = new Map<string, string[]>();
    for (const r of triggers) audited.set(r.tbl, [...(audited.get(r.tbl) ?? []), r.name].sort());
    const names = tables.map((r) => r.name);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      if (Object.hasOwn(NOT_AUDITED, name)) {
        expect(audited.has(name), `${name} is excluded (${NOT_AUDITED[name]}) yet audited`).toBe(false);
      } else {
        expect(audited.get(name), `${name} has no audit trigger and no reason`).toEqual([
          'audit_delete',
          'audit_insert',
          'audit_update',
        ]);
      }
    }
    // Every excluded table exists: a renamed table must not leave a stale reason behind.
    for (const name of Object.keys(NOT_AUDITED)) expect(names).toContain(name);
    // The system log names every audited table in both languages, never by its database name.
    const unlabelled = [...audited.keys()].filter((name) => !Object.hasOwn(AUDIT_TABLES, name)).sort();
    expect(unlabelled, 'audited tables without a label in AUDIT_TABLES').toEqual([]);
    // The trail is a tenant table with forced row-level security.
    const [rls] = await query<{ on: boolean; forced: boolean }>(
      t,
      sql`select relrowsecurity as on, relforcerowsecurity as forced from pg_class where relname = 'audit_log'`,
    );
    expect(rls).toEqual({ on: true, forced: true });
  });

  it('records creating, editing and deleting a project code with before, after, user and address', async () => {
    const created = expectOk(await post<{ id: number }>('/project/add', { code: 'AUD-1', notes: 'first' }));
    expectOk(await post('/project/update', { id: created.id, code: 'AUD-1', notes: 'second' }));
    expectOk(await post('/project/delete', { id: created.id }));

    const rows = await rowsFor('project_codes', created.id);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
    for (const r of rows) {
      expect(r).toMatchObject({
        enterpriseUuid: AUTO_UUID,
        userId: adminId,
        ip: CLIENT_IP,
        onBehalfOf: null,
      });
    }
    expect(rows[0]!.before).toBeNull();
    expect(rows[0]!.after).toMatchObject({ code: 'AUD-1', notes: 'first', enterprise_uuid: AUTO_UUID });
    // An update keeps only the fields it changed (not updated_at).
    expect(rows[1]!.before).toEqual({ notes: 'first' });
    expect(rows[1]!.after).toEqual({ notes: 'second' });
    expect(rows[2]!.before).toMatchObject({ code: 'AUD-1', notes: 'second' });
    expect(rows[2]!.after).toBeNull();

    // The API: the list (filtered by record type and id) and the detail with the change.
    const list = expectOk(await entries({ tableName: 'project_codes', recordId: String(created.id) }));
    expect(list.list.map((e) => e.action)).toEqual(['delete', 'update', 'insert']);
    expect(list.list[1]).toMatchObject({ username: 'demo-auto', ip: CLIENT_IP, fields: ['notes'] });
    const detail = expectOk(await post<TAuditDetail>('/log/selectAuditDetail', { id: list.list[1]!.id }));
    expect(detail).toMatchObject({
      tableName: 'project_codes',
      recordId: String(created.id),
      action: 'update',
      username: 'demo-auto',
      ip: CLIENT_IP,
      onBehalfOf: null,
      before: { notes: 'first' },
      after: { notes: 'second' },
    });
    // Filters: action, account, address, time.
    const since = rows[0]!.createdAt.getTime();
    expect(
      expectOk(
        await entries({ action: 'update', username: 'DEMO-AU', ip: '203.0.113', createdFrom: since }),
      ).list.map((e) => e.id),
    ).toContain(detail.id);
    expect(expectOk(await entries({ recordId: String(created.id), username: 'nobody-' })).list).toEqual([]);
  });

  it('records partners and documents written by their own modules', async () => {
    const partner = await newPartner(t.app, t.a);
    expectOk(await post('/partner/delete', { id: partner.id }));
    expect((await rowsFor('partners', partner.id)).map((r) => [r.action, r.userId])).toEqual([
      ['insert', adminId],
      ['delete', adminId],
    ]);

    const doc = await newDocument(t.app, t.a, 'PurchaseReceipt');
    const route = `/${documentType('PurchaseReceipt').route}`;
    expectOk(await post(`${route}/delete`, { id: doc.id }));
    const docRows = await rowsFor('documents', doc.id);
    expect(docRows.map((r) => r.action)).toEqual(['insert', 'delete']);
    expect(docRows[0]!.after).toMatchObject({ bill_no: expect.stringMatching(/^PurchaseReceipt-/) });
    // Created by a request straight from the test (no proxy), deleted through the proxy.
    expect(docRows.map((r) => r.ip)).toEqual(['127.0.0.1', CLIENT_IP]);
  });

  it('writes nothing for a refused request or a rolled-back transaction', async () => {
    expectOk(await post('/project/add', { code: 'AUD-DUP' }));
    const before = await auditCount();
    // A duplicate code is refused: no write, no entry.
    expect((await post('/project/add', { code: 'AUD-DUP' })).body.code).not.toBe('0000');
    expect(await auditCount()).toBe(before);
    // A write that happened, then rolled back with its transaction, leaves no entry either.
    await expect(
      withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: adminId, ip: CLIENT_IP }, async (tx) => {
        await tx
          .insert(projectCodes)
          .values({ enterpriseUuid: AUTO_UUID, code: 'AUD-ROLLBACK', createdBy: adminId });
        expect(
          (await tx.select().from(auditLog).where(eq(auditLog.tableName, 'project_codes'))).length,
        ).toBeGreaterThan(0);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await auditCount()).toBe(before);
  });

  it('records each row of a bulk import with the importing member and address', async () => {
    const codes = Array.from({ length: 50 }, (_, i) => `AUD-IMP-${i}`);
    const record = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
      token: t.a,
      content: await xlsxOf([['项目编号', '备注'], ...codes.map((c) => [c, ''])]),
    });
    expect(record.successNum).toBe(50);
    const rows = await dbOf(t)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'project_codes'), sql`${auditLog.after}->>'code' like 'AUD-IMP-%'`));
    expect(rows.map((r) => (r.after as { code: string }).code).sort()).toEqual([...codes].sort());
    // The job writes with the address of the request that uploaded the workbook (straight from the test).
    expect(rows.every((r) => r.action === 'insert' && r.userId === adminId && r.ip === '127.0.0.1')).toBe(
      true,
    );
  });

  it('records each row of one statement once, keyed by its key columns (one or two)', async () => {
    const as = { enterpriseUuid: AUTO_UUID, userId: adminId, ip: CLIENT_IP };
    const codes = ['AUD-MANY-1', 'AUD-MANY-2', 'AUD-MANY-3'];
    const ids = await withTenant(dbOf(t), as, async (tx) => {
      const rows = await tx
        .insert(projectCodes)
        .values(codes.map((code) => ({ enterpriseUuid: AUTO_UUID, code, createdBy: adminId })))
        .returning({ id: projectCodes.id });
      // One statement edits all three (one of them to the same value: not a change) and deletes two.
      await tx
        .update(projectCodes)
        .set({
          notes: sql`case when ${projectCodes.code} = 'AUD-MANY-3' then '' else 'n-' || ${projectCodes.code} end`,
        })
        .where(sql`${projectCodes.code} like 'AUD-MANY-%'`);
      await tx.delete(projectCodes).where(sql`${projectCodes.code} in ('AUD-MANY-1', 'AUD-MANY-2')`);
      return rows.map((r) => r.id);
    });
    const trail = await Promise.all(ids.map((id) => rowsFor('project_codes', id)));
    expect(trail.map((rows) => rows.map((r) => r.action))).toEqual([
      ['insert', 'update', 'delete'],
      ['insert', 'update', 'delete'],
      ['insert'],
    ]);
    expect(trail[0]![1]).toMatchObject({ before: { notes: '' }, after: { notes: 'n-AUD-MANY-1' } });
    expect(trail[1]![2]!.before).toMatchObject({ code: 'AUD-MANY-2', notes: 'n-AUD-MANY-2' });
    expect(trail.flat().every((r) => r.enterpriseUuid === AUTO_UUID && r.userId === adminId)).toBe(true);

    // role_permissions names no enterprise column (the tenant's is taken) and is keyed by two columns.
    const [role] = (await query<{ id: number }>(
      t,
      sql`select id from roles where enterprise_uuid = ${AUTO_UUID} order by id limit 1`,
    )) as [{ id: number }];
    await withTenant(dbOf(t), as, async (tx) => {
      await tx.execute(
        sql`insert into role_permissions (role_id, code) values (${role.id}, 'AUD-CODE-A'), (${role.id}, 'AUD-CODE-B')`,
      );
      await tx.execute(sql`delete from role_permissions where code in ('AUD-CODE-A', 'AUD-CODE-B')`);
    });
    for (const code of ['AUD-CODE-A', 'AUD-CODE-B']) {
      const rows = await rowsFor('role_permissions', `${role.id}/${code}`);
      expect(rows.map((r) => [r.action, r.enterpriseUuid])).toEqual([
        ['insert', AUTO_UUID],
        ['delete', AUTO_UUID],
      ]);
    }
    // Keys of three columns and more (no audited table has one yet), and a missing part, as 0039 wrote them.
    const keys = await query<{ three: string; partial: string; none: string }>(
      t,
      sql`select tracehub_audit_key('{"a":"1","b":"2","c":"3"}', '{a,b,c}') as three,
        tracehub_audit_key('{"a":"1"}', '{a,b}') as partial, tracehub_audit_key('{}', '{a,b}') as none`,
    );
    expect(keys[0]).toEqual({ three: '1/2/3', partial: '1', none: '' });
  });

  it('records writes outside a tenant request with no user, under the row enterprise', async () => {
    await dbOf(t)
      .update(enterprises)
      .set({ englishName: 'Audit Motors' })
      .where(eq(enterprises.uuid, AUTO_UUID));
    const [row] = (await rowsFor('enterprises', AUTO_UUID)).slice(-1);
    expect(row).toMatchObject({ enterpriseUuid: AUTO_UUID, action: 'update', userId: null, ip: null });
    expect(row!.after).toEqual({ english_name: 'Audit Motors' });
  });

  it('never copies secrets: password hashes, key material, tokens', async () => {
    const [{ key }] = (await dbOf(t)
      .select({ key: enterprises.keyCiphertext })
      .from(enterprises)
      .where(eq(enterprises.uuid, AUTO_UUID))) as [{ key: string | null }];
    await dbOf(t)
      .update(enterprises)
      .set({ keyCiphertext: SECRET, englishName: 'Audit Motors 2' })
      .where(eq(enterprises.uuid, AUTO_UUID));
    const [row] = (await rowsFor('enterprises', AUTO_UUID)).slice(-1);
    expect(row!.after).toEqual({ english_name: 'Audit Motors 2' });
    // The enterprise's key signs its evidence: put it back.
    await dbOf(t).update(enterprises).set({ keyCiphertext: key }).where(eq(enterprises.uuid, AUTO_UUID));
    const clean = await query<{ r: unknown }>(
      t,
      sql`select tracehub_audit_clean('{"password_hash":"p","token_hash":"t","key_ciphertext":"k","salt":"s","client_secret":"c","name":"n"}'::jsonb) as r`,
    );
    expect(clean[0]!.r).toEqual({ name: 'n' });
    // Nothing anywhere in the trail, after sign-ins, members and imports, holds a secret.
    await memberWith(t, t.a, AUTO_UUID, ['Project']);
    const leaked = await query<{ n: number }>(
      t,
      sql`
      select count(*)::int as n from audit_log
      where coalesce(before::text, '') || coalesce(after::text, '') ~ '(password|token|ciphertext|salt|${sql.raw(SECRET)})'`,
    );
    expect(leaked[0]!.n).toBe(0);
  });

  it("keeps each enterprise's trail to itself: list, detail and download", async () => {
    const theirs = expectOk(await post<{ id: number }>('/project/add', { code: 'AUD-B' }, t.b));
    const [entry] = await rowsFor('project_codes', theirs.id);
    expect(entry!.enterpriseUuid).toBe(SUPPLIER_UUID);
    expect(expectOk(await entries({ recordId: String(theirs.id), tableName: 'project_codes' })).list).toEqual(
      [],
    );
    expectError(await post('/log/selectAuditDetail', { id: entry!.id }), 'NOT_FOUND');
    const exported = await download(t.app, '/log/downloadEnterprise', {
      token: t.a,
      method: 'POST',
      body: { tableName: 'project_codes' },
    });
    const ids = (await sheetRows(exported.raw)).slice(1).map((r) => r[4]);
    expect(ids).not.toContain(String(theirs.id));
    // The supplier sees its own entry.
    expect(
      expectOk(await entries({ tableName: 'project_codes', recordId: String(theirs.id) }, t.b)).list.map(
        (e) => e.id,
      ),
    ).toEqual([entry!.id]);
    // Row-level security: even an unscoped read in the automaker's transaction sees only its rows.
    const seen = await withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: adminId }, (tx) =>
      tx.select({ e: auditLog.enterpriseUuid }).from(auditLog),
    );
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.e === AUTO_UUID)).toBe(true);
    // And a tenant cannot write or erase the trail.
    await expect(
      withTenant(dbOf(t), { enterpriseUuid: AUTO_UUID, userId: adminId }, (tx) =>
        tx.delete(auditLog).where(eq(auditLog.enterpriseUuid, AUTO_UUID)),
      ),
    ).rejects.toThrow();
  });

  it('downloads the filtered entries as an xlsx in both languages, formula-safe', async () => {
    const created = expectOk(await post<{ id: number }>('/project/add', { code: 'AUD-XLS', notes: '=1+2' }));
    for (const lang of ['zh', 'en'] as const) {
      const res = await download(t.app, '/log/downloadEnterprise', {
        token: t.a,
        method: 'POST',
        lang,
        body: { tableName: 'project_codes', recordId: String(created.id) },
      });
      expect(res.status).toBe(200);
      expect(String(res.headers['content-type'])).toContain('spreadsheetml');
      const rows = await sheetRows(res.raw);
      expect(rows[0]![0]).toBe(lang === 'zh' ? '时间 (UTC+08:00)' : 'Time (UTC+08:00)');
      expect(rows).toHaveLength(2);
      expect(rows[1]!.slice(1, 6)).toEqual([
        'demo-auto',
        lang === 'zh' ? '新增' : 'Create',
        lang === 'zh' ? '项目编号' : 'Project codes',
        String(created.id),
        CLIENT_IP,
      ]);
      expect(JSON.parse(String(rows[1]![8]))).toMatchObject({ code: 'AUD-XLS', notes: '=1+2' });
    }
  });

  it('refuses the trail to a member without Log, and the download without Log:Export', async () => {
    const none = await memberWith(t, t.a, AUTO_UUID, ['Project']);
    const [entry] = await rowsFor('project_codes', 1);
    for (const path of ['/log/selectAuditPage', '/log/selectAuditDetail']) {
      expectError(await post(path, { id: entry?.id ?? 1 }, none.token), 'FORBIDDEN');
    }
    expectError(
      (await download(t.app, '/log/downloadEnterprise', { token: none.token, method: 'POST', body: {} })).res,
      'FORBIDDEN',
    );
    // With Log alone: the list (its own writes only), not the download.
    const reader = await memberWith(t, t.a, AUTO_UUID, ['Log', 'Project', 'Project:Create']);
    expectOk(await post('/project/add', { code: 'AUD-OWN' }, reader.token));
    const own = expectOk(await entries({ tableName: 'project_codes' }, reader.token)).list;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.username === reader.member.username)).toBe(true);
    expectError(
      (await download(t.app, '/log/downloadEnterprise', { token: reader.token, method: 'POST', body: {} }))
        .res,
      'FORBIDDEN',
    );
  });
});
