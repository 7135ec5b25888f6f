import { spawn } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API_BASE,
  ERRORS,
  type TErrorKey,
  type TGatewayKey,
  type TGatewayKeySecret,
  type TImportRecord,
  type TListResponse,
} from '@tracehub/contract';
import { gatewayKeys, importRecords, ledgerEvents, projectCodes } from '../src/db/schema.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { xlsxOf } from './support/workbooks.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER_ZH = ['项目编号', '备注'];
const RATE = 8;

/** The signature recipe of docs/gateway-api.md, written here again so that the server is checked against it. */
function sign(secret: string, method: string, url: string, timestamp: string, nonce: string, body: Buffer) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const canonical = [method, url, timestamp, nonce, bodyHash].join('\n');
  return createHmac('sha256', secret).update(canonical).digest('base64url');
}

interface SignedOpts {
  method?: 'GET' | 'POST';
  body?: Buffer;
  /** Overrides of what is signed or sent. */
  timestamp?: number;
  nonce?: string;
  signWith?: string;
  lang?: 'zh' | 'en';
}

describe('gateway keys (modules/gateway-key)', () => {
  const t = useTestApp({ admin: AS_AUTO, other: AS_SUPPLIER }, { GATEWAY_RATE_PER_MINUTE: String(RATE) });
  let listening: string | undefined;
  /** The test server on a real port, for the documented clients (opened once). */
  const live = async () => (listening ??= await t.app.listen({ host: '127.0.0.1', port: 0 }));

  /** A signed gateway request with a key; answers like `call`. */
  async function gw(key: Pick<TGatewayKeySecret, 'appKey' | 'appSecret'>, url: string, o: SignedOpts = {}) {
    const method = o.method ?? 'POST';
    const body = o.body ?? Buffer.alloc(0);
    const timestamp = String(o.timestamp ?? Date.now());
    const nonce = o.nonce ?? randomBytes(16).toString('hex');
    const full = `${API_BASE}${url}`;
    const res = await t.app.inject({
      method,
      url: full,
      headers: {
        'x-app-key': key.appKey,
        'x-timestamp': timestamp,
        'x-nonce': nonce,
        'x-signature': sign(o.signWith ?? key.appSecret, method, full, timestamp, nonce, body),
        ...(o.lang ? { 'accept-language': o.lang } : {}),
        ...(method === 'POST' ? { 'content-type': XLSX } : {}),
      },
      ...(method === 'POST' ? { payload: body } : {}),
    });
    return {
      status: res.statusCode,
      body: res.json() as { code: string; msg: string; data: unknown },
      text: res.body,
    };
  }

  const addKey = async (token: string, name = `erp-${randomBytes(3).toString('hex')}`) =>
    expectOk(
      await call<TGatewayKeySecret>(t.app, '/gatewayKey/add', { token, body: { name, remark: '对接 ERP' } }),
    );

  const projectsLike = (prefix: string) =>
    dbOf(t)
      .select({ id: projectCodes.id, code: projectCodes.code })
      .from(projectCodes)
      .where(and(eq(projectCodes.enterpriseUuid, AUTO_UUID), like(projectCodes.code, `${prefix}%`)));
  const importCount = async () => (await dbOf(t).select({ id: importRecords.id }).from(importRecords)).length;

  const projectWorkbook = (prefix: string, n = 3) =>
    xlsxOf([HEADER_ZH, ...Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}`, `网关 ${i + 1}`])]);

  /** Asserts a refusal in both languages and that no import was written. */
  async function expectRefused(
    run: (lang: 'zh' | 'en') => Promise<Awaited<ReturnType<typeof gw>>>,
    key: TErrorKey,
    params?: Record<string, string | number>,
  ) {
    const before = await importCount();
    for (const lang of ['zh', 'en'] as const) expectError(await run(lang), key, lang, params);
    expect(await importCount()).toBe(before);
  }

  it('shows the secret once: the list and the detail never hold it, the stored column is not it', async () => {
    const created = await addKey(t.admin, '金蝶 ERP');
    expect(created.appSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.appSecret, 'base64url')).toHaveLength(32);
    expect(created).toMatchObject({
      name: '金蝶 ERP',
      remark: '对接 ERP',
      status: 'enabled',
      createdBy: 'demo-auto',
      lastUsedAt: null,
    });

    const detail = expectOk(
      await call<TGatewayKey>(t.app, '/gatewayKey/detail', { token: t.admin, body: { id: created.id } }),
    );
    const list = expectOk(
      await call<TListResponse<TGatewayKey>>(t.app, '/gatewayKey/page', { token: t.admin, body: {} }),
    );
    expect(detail).not.toHaveProperty('appSecret');
    expect(list.list.find((k) => k.id === created.id)).toEqual(detail);
    for (const text of [JSON.stringify(detail), JSON.stringify(list)])
      expect(text).not.toContain(created.appSecret);

    const [row] = await dbOf(t).select().from(gatewayKeys).where(eq(gatewayKeys.id, created.id));
    expect(row!.secretCiphertext).not.toContain(created.appSecret);
    expect(row!.secretCiphertext).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(created.appSecret);
  });

  it('imports a signed project-code workbook through the pipeline, with evidence, and reports completion', async () => {
    const key = await addKey(t.admin);
    const content = await projectWorkbook('GW-OK');
    const res = await gw(key, '/gateway/v1/imports/project', { body: content });
    const queued = expectOk(res) as TImportRecord;
    expect(queued).toMatchObject({
      kind: 'project',
      status: 'queued',
      fileHash: createHash('sha256').update(content).digest('hex'),
    });

    await runJobsUntilIdle(t.runtime.deps);
    const done = expectOk(
      await gw(key, `/gateway/v1/imports/${queued.id}`, { method: 'GET' }),
    ) as TImportRecord;
    expect(done).toMatchObject({
      status: 'completed',
      importNum: 3,
      successNum: 3,
      defeatNum: 0,
      operator: 'demo-auto',
    });

    const rows = await projectsLike('GW-OK-');
    expect(rows.map((r) => r.code).sort()).toEqual(['GW-OK-1', 'GW-OK-2', 'GW-OK-3']);
    const events = await dbOf(t)
      .select({ id: ledgerEvents.id })
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.eventType, 'project.created'),
          inArray(
            ledgerEvents.subjectId,
            rows.map((r) => String(r.id)),
          ),
        ),
      );
    expect(events).toHaveLength(3);
    // The console sees the import as the member's.
    expect(
      expectOk(
        await call<TImportRecord>(t.app, `/import/records/${queued.id}`, { token: t.admin, method: 'GET' }),
      ).status,
    ).toBe('completed');
    const [used] = await dbOf(t).select().from(gatewayKeys).where(eq(gatewayKeys.id, key.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('refuses a bad signature, old and future timestamps, a replayed nonce, and writes nothing', async () => {
    const key = await addKey(t.admin);
    const body = await projectWorkbook('GW-BAD');
    const url = '/gateway/v1/imports/project';
    await expectRefused(
      (lang) => gw(key, url, { body, lang, signWith: 'not-the-secret' }),
      'GATEWAY_SIGNATURE_INVALID',
    );
    // Signed over another body.
    const other = await projectWorkbook('GW-OTHER');
    await expectRefused(async (lang) => {
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${url}`,
        headers: {
          'x-app-key': key.appKey,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': sign(key.appSecret, 'POST', `${API_BASE}${url}`, timestamp, nonce, other),
          'content-type': XLSX,
          'accept-language': lang,
        },
        payload: body,
      });
      return { status: res.statusCode, body: res.json(), text: res.body };
    }, 'GATEWAY_SIGNATURE_INVALID');
    await expectRefused(
      (lang) => gw(key, url, { body, lang, timestamp: Date.now() - 6 * 60_000 }),
      'GATEWAY_TIMESTAMP_INVALID',
    );
    await expectRefused(
      (lang) => gw(key, url, { body, lang, timestamp: Date.now() + 6 * 60_000 }),
      'GATEWAY_TIMESTAMP_INVALID',
    );

    const nonce = randomBytes(20).toString('hex');
    const first = expectOk(await gw(key, url, { body, nonce })) as TImportRecord;
    await expectRefused((lang) => gw(key, url, { body, lang, nonce }), 'GATEWAY_NONCE_REUSED');
    await expectRefused((lang) => gw(key, url, { body, lang, nonce: 'short' }), 'GATEWAY_HEADERS_INVALID', {
      header: 'x-nonce',
    });
    await expectRefused(
      (lang) => gw({ appKey: 'no-such-key', appSecret: key.appSecret }, url, { body, lang }),
      'GATEWAY_KEY_UNKNOWN',
    );
    await runJobsUntilIdle(t.runtime.deps);
    expect((await projectsLike('GW-BAD-')).length).toBe(3);
    expect(first.kind).toBe('project');
  });

  it('refuses a body over 5MB with its own code', async () => {
    const key = await addKey(t.admin);
    const big = Buffer.concat([await projectWorkbook('GW-BIG'), randomBytes(5 * 1024 * 1024)]);
    await expectRefused(
      (lang) => gw(key, '/gateway/v1/imports/project', { body: big, lang }),
      'GATEWAY_BODY_TOO_LARGE',
      { max: 5 },
    );
  });

  it('refuses a disabled key, and the old secret of a reset key', async () => {
    const key = await addKey(t.admin);
    const body = await projectWorkbook('GW-OFF');
    const url = '/gateway/v1/imports/project';
    expectOk(
      await call(t.app, '/gatewayKey/updateStatus', {
        token: t.admin,
        body: { id: key.id, status: 'disabled' },
      }),
    );
    await expectRefused((lang) => gw(key, url, { body, lang }), 'GATEWAY_KEY_DISABLED');
    expectOk(
      await call(t.app, '/gatewayKey/updateStatus', {
        token: t.admin,
        body: { id: key.id, status: 'enabled' },
      }),
    );

    const reset = expectOk(
      await call<TGatewayKeySecret>(t.app, '/gatewayKey/reset', { token: t.admin, body: { id: key.id } }),
    );
    expect(reset.appKey).toBe(key.appKey);
    expect(reset.appSecret).not.toBe(key.appSecret);
    await expectRefused((lang) => gw(key, url, { body, lang }), 'GATEWAY_SIGNATURE_INVALID');
    expectOk(await gw(reset, url, { body }));
  });

  it("acts as its member: refused without the kind's upload code, or once the member is disabled", async () => {
    const body = await projectWorkbook('GW-MEMBER');
    const url = '/gateway/v1/imports/project';
    // May create keys and upload partners, but not project codes.
    const partnerOnly = await memberWith(t, t.admin, AUTO_UUID, [
      'PerKey',
      'CreateSecret',
      'Partner',
      'Partner:BatchUpload',
    ]);
    const key = await addKey(partnerOnly.token);
    await expectRefused((lang) => gw(key, url, { body, lang }), 'FORBIDDEN');

    // The member's current permissions count: once its role grants the upload, the same key uploads.
    expectOk(
      await call(t.app, '/role/configAuth', {
        token: t.admin,
        body: {
          id: partnerOnly.role.id,
          permissionCodes: ['PerKey', 'CreateSecret', 'Project', 'Project:BatchUpload'],
          dataScope: 'company',
          projectScope: 'all',
        },
      }),
    );
    expectOk(await gw(key, url, { body }));
    expectOk(
      await call(t.app, '/member/updateStatus', {
        token: t.admin,
        body: { id: partnerOnly.member.id, status: 'disabled' },
      }),
    );
    await expectRefused((lang) => gw(key, url, { body, lang }), 'GATEWAY_MEMBER_DISABLED');
  });

  it(`refuses more than ${RATE} requests a minute per key`, async () => {
    const key = await addKey(t.admin);
    const body = await projectWorkbook('GW-RATE', 1);
    const url = '/gateway/v1/imports/project';
    // Near the end of a minute the count would start again mid-test.
    if (Date.now() % 60_000 > 50_000)
      await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 50));
    for (let i = 0; i < RATE; i++) expectOk(await gw(key, url, { body }));
    const before = await importCount();
    const res = await gw(key, url, { body, lang: 'en' });
    expect(res.status).toBe(ERRORS.GATEWAY_RATE_LIMITED.http);
    expect(res.body.code).toBe(ERRORS.GATEWAY_RATE_LIMITED.code);
    expect(res.body.msg).toMatch(
      new RegExp(`^At most ${RATE} requests per minute per gateway key; try again in \\d+ seconds$`),
    );
    expect(await importCount()).toBe(before);
    // Another key has its own count.
    expectOk(await gw(await addKey(t.admin), url, { body }));
  });

  it('keeps keys and imports within their enterprise', async () => {
    const mine = await addKey(t.admin);
    const theirs = await addKey(t.other);
    for (const lang of ['zh', 'en'] as const) {
      for (const [path, body] of [
        ['/gatewayKey/detail', { id: mine.id }],
        ['/gatewayKey/reset', { id: mine.id }],
        ['/gatewayKey/updateStatus', { id: mine.id, status: 'disabled' }],
      ] as const) {
        expectError(await call(t.app, path, { token: t.other, lang, body }), 'NOT_FOUND', lang);
      }
    }
    const theirList = expectOk(
      await call<TListResponse<TGatewayKey>>(t.app, '/gatewayKey/page', { token: t.other, body: {} }),
    );
    expect(theirList.list.map((k) => k.id)).not.toContain(mine.id);
    const [row] = await dbOf(t).select().from(gatewayKeys).where(eq(gatewayKeys.id, mine.id));
    expect(row!.status).toBe('enabled');

    // A's key cannot read B's import, nor B's key A's.
    const record = expectOk(
      await gw(mine, '/gateway/v1/imports/project', { body: await projectWorkbook('GW-A', 1) }),
    ) as TImportRecord;
    for (const lang of ['zh', 'en'] as const)
      expectError(
        await gw(theirs, `/gateway/v1/imports/${record.id}`, { method: 'GET', lang }),
        'NOT_FOUND',
        lang,
      );
    await runJobsUntilIdle(t.runtime.deps);
  });

  it('refuses the key-management endpoints without their codes', async () => {
    const key = await addKey(t.admin);
    const viewer = await memberWith(t, t.admin, AUTO_UUID, ['PerKey']);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/gatewayKey/add', { token: viewer.token, lang, body: { name: 'x' } }),
        'FORBIDDEN',
        lang,
      );
      expectError(
        await call(t.app, '/gatewayKey/reset', { token: viewer.token, lang, body: { id: key.id } }),
        'FORBIDDEN',
        lang,
      );
      expectError(
        await call(t.app, '/gatewayKey/updateStatus', {
          token: viewer.token,
          lang,
          body: { id: key.id, status: 'disabled' },
        }),
        'FORBIDDEN',
        lang,
      );
    }
    expectOk(await call(t.app, '/gatewayKey/page', { token: viewer.token, body: {} }));
  });

  it('documents the gateway endpoints and their signature scheme in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/json` })).json() as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; requestBody?: { content: Record<string, unknown> } }>
      >;
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    };
    const upload = doc.paths[`${API_BASE}/gateway/v1/imports/{kind}`]?.post;
    expect(upload?.requestBody?.content).toHaveProperty([XLSX]);
    expect(upload?.security).toEqual([
      { gatewayAppKey: [], gatewayTimestamp: [], gatewayNonce: [], gatewaySignature: [] },
    ]);
    expect(doc.paths[`${API_BASE}/gateway/v1/imports/{id}`]?.get?.security).toEqual(upload?.security);
    expect(doc.components.securitySchemes.gatewaySignature).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Signature',
    });
  });

  it('runs the documented Node example (docs/examples/gateway-upload.mjs) against a live server', async () => {
    const key = await addKey(t.admin);
    const address = await live();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gateway-'));
    try {
      const file = path.join(dir, 'projects.xlsx');
      writeFileSync(file, await projectWorkbook('GW-SCRIPT', 2));
      const child = spawn(
        process.execPath,
        [path.join(REPO_ROOT, 'docs/examples/gateway-upload.mjs'), 'project', file],
        {
          env: {
            ...process.env,
            TRACEHUB_URL: address,
            TRACEHUB_APP_KEY: key.appKey,
            TRACEHUB_APP_SECRET: key.appSecret,
            TRACEHUB_POLL_MS: '50',
          },
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      // The test server's job worker is off: run the queue while the script polls.
      let code: number | null | undefined;
      void exited.then((c) => (code = c));
      while (code === undefined) {
        await runJobsUntilIdle(t.runtime.deps);
        await new Promise((r) => setTimeout(r, 30));
      }
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(stdout)).toMatchObject({ status: 'completed', successNum: 2, kind: 'project' });
      expect((await projectsLike('GW-SCRIPT-')).length).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('runs the curl recipe of docs/gateway-api.md against a live server', async () => {
    const key = await addKey(t.admin);
    const address = await live();
    const doc = readFileSync(path.join(REPO_ROOT, 'docs/gateway-api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## 5. Upload with curl'));
    const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gateway-curl-'));
    try {
      const file = path.join(dir, 'projects.xlsx');
      writeFileSync(file, await projectWorkbook('GW-CURL', 2));
      // The documented values, replaced by this key's and this server's.
      const upload = blocks[0]!
        .replace(/^BASE=.*$/m, `BASE=${address}`)
        .replace(/^APP_KEY=.*$/m, `APP_KEY=${key.appKey}`)
        .replace(/^APP_SECRET=.*$/m, `APP_SECRET='${key.appSecret}'`)
        .replace(/^FILE=.*$/m, `FILE='${file}'`);
      const bash = (script: string) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn('bash', ['-euo', 'pipefail', '-c', script]);
          let out = '';
          let err = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.stderr.on('data', (d: Buffer) => (err += d.toString()));
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${code}: ${err}`))));
        });
      const queued = JSON.parse(await bash(upload)) as { code: string; data: TImportRecord };
      expect(queued.code).toBe('0000');
      await runJobsUntilIdle(t.runtime.deps);
      const status = JSON.parse(
        await bash(`${upload.split('\nTARGET=')[0]}\nID=${queued.data.id}\n${blocks[1]!}`),
      ) as { code: string; data: TImportRecord };
      expect(status).toMatchObject({ code: '0000', data: { status: 'completed', successNum: 2 } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
