import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, LIMITS, api, validationMessage, type TEndpoint, type TLang } from '@tracehub/contract';
import { installErrorHandling } from '../src/platform/error-handler.ts';
import { MAX_INPUT_DEPTH } from '../src/platform/input-guard.ts';
import { AS_APPLICANT, AS_AUTO, AUTO_UUID, call, signIn, useTestApp } from './support/app.ts';
import { expectError, expectNoStack, expectOk, type Res } from './support/helpers.ts';
import { operatorSignIn } from './support/company.ts';
import { jpegBytes, upload } from './support/files.ts';

/**
 * Finding 6 of the security review: malformed input (NUL bytes, numbers past a column's range, prototype
 * keys as sort fields, undecodable or overlong paths, invisible and direction-changing characters) answers
 * a 4xx envelope in the request's language, never a 500 or Fastify's own JSON.
 */
describe('hostile input', () => {
  const t = useTestApp({ token: AS_AUTO, applicant: AS_APPLICANT });

  const langs: TLang[] = ['zh', 'en'];

  /** A raw request, so that bodies and paths reach the server exactly as an attacker sends them. */
  async function raw(method: 'GET' | 'POST', url: string, lang: TLang, payload?: string): Promise<Res> {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        'accept-language': lang,
        authorization: `Bearer ${t.token}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: res.statusCode, body: res.json(), text: res.body };
  }

  function expectFieldRefused(
    res: Res,
    lang: TLang,
    field: string,
    key: Parameters<typeof validationMessage>[0],
  ) {
    const message = validationMessage(key, lang, { field, max: MAX_INPUT_DEPTH });
    expectError(res, 'VALIDATION', lang, { detail: message });
    expect(res.body.data).toEqual({ fields: [{ field, message }] });
  }

  it('refuses a NUL byte in sign-in, creates, searches and public GETs with the field named', async () => {
    for (const lang of langs) {
      const signInRes = await call(t.app, '/login/loginByPwd', {
        body: { loginAccount: 'demo\u0000auto', password: 'Demo@12345' },
        lang,
      });
      expectFieldRefused(signInRes, lang, 'loginAccount', 'v.controlChar');
      const create = await call(t.app, '/project/add', {
        body: { code: 'P\u0000X', notes: '' },
        token: t.token,
        lang,
      });
      expectFieldRefused(create, lang, 'code', 'v.controlChar');
      const search = await call(t.app, '/project/page', { body: { code: 'a\u0000b' }, token: t.token, lang });
      expectFieldRefused(search, lang, 'code', 'v.controlChar');
      const proof = await raw('GET', '/api/public/ledger/proof?hash=ab%00cd', lang);
      expectFieldRefused(proof, lang, 'hash', 'v.controlChar');
      // A NUL in a key of the body is refused too: field names are shown back in messages.
      const key = await raw('POST', '/api/project/page', lang, '{"co\\u0000de":"x"}');
      expect(key.status).toBe(400);
      expectNoStack(key.text);
    }
  });

  it('refuses numbers beyond a column’s range with a 4xx envelope, not a database failure', async () => {
    for (const lang of langs) {
      const tooBig = (field: string) => validationMessage('v.tooBig', lang, { field, max: LIMITS.maxInt4 });
      const block = await raw('GET', '/api/public/ledger/blocks/3000000000', lang);
      expectError(block, 'VALIDATION', lang, { detail: tooBig('height') });
      const consistency = await raw('GET', '/api/public/ledger/consistency?from=0&to=2147483648', lang);
      expectError(consistency, 'VALIDATION', lang, { detail: tooBig('to') });
      const proof = await raw(
        'GET',
        `/api/public/ledger/proof?hash=${'ab'.repeat(32)}&atHeight=9999999999`,
        lang,
      );
      expectError(proof, 'VALIDATION', lang, { detail: tooBig('atHeight') });
    }
  });

  it('answers a value the database refuses as the caller’s mistake (the backstop behind the schemas)', async () => {
    // A route whose input no schema bounds, on the real database: SQLSTATE 22003 (integer out of range)
    // and 22021 (NUL byte) become E1001 in the request's language instead of a 500.
    const app = Fastify({ logger: false });
    installErrorHandling(app, { spaFallback: null });
    const db = t.runtime.deps.db;
    app.get('/api/probe/int', async (req) => {
      await db.execute(sql`select ${(req.query as { n: string }).n}::int as n`);
      return { ok: true };
    });
    app.get('/api/probe/text', async () => {
      await db.execute(sql`select ${'a\u0000b'}::text as s`);
      return { ok: true };
    });
    await app.ready();
    try {
      for (const lang of langs) {
        for (const url of ['/api/probe/int?n=3000000000', '/api/probe/text']) {
          const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
          expectError({ status: res.statusCode, body: res.json(), text: res.body }, 'VALIDATION', lang, {
            detail: validationMessage('v.dataRejected', lang),
          });
        }
      }
    } finally {
      await app.close();
    }
  });

  it('never sorts by a prototype member', async () => {
    await expectOk(
      await call(t.app, '/project/add', { body: { code: 'SORT-1', notes: '' }, token: t.token }),
    );
    // Shaped like a key but not one the list sorts by: ignored, the default order applies.
    for (const sortField of ['constructor', 'toString', 'hasOwnProperty']) {
      const page = expectOk(
        await call<{ total: number }>(t.app, '/project/page', { body: { sortField }, token: t.token }),
      );
      expect(page.total).toBe(1);
    }
    for (const lang of langs) {
      const res = await call(t.app, '/project/page', {
        body: { sortField: '__proto__' },
        token: t.token,
        lang,
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E1001');
      expectNoStack(res.text);
    }
  });

  it('answers an undecodable path and an overlong parameter with envelopes in the request’s language', async () => {
    for (const lang of langs) {
      expectError(await raw('GET', '/api/%', lang), 'MALFORMED_URL', lang);
      expectError(await raw('GET', '/api/public/ledger/blocks/%E0%A4%A', lang), 'MALFORMED_URL', lang);
      expectError(
        await raw('GET', `/api/public/ledger/blocks/${'9'.repeat(5000)}`, lang),
        'URL_TOO_LONG',
        lang,
      );
    }
  });

  it('refuses names made only of invisible characters and names with direction overrides', async () => {
    for (const lang of langs) {
      const invisible = await call(t.app, '/project/add', {
        body: { code: '\u200b\u200b\ufeff', notes: '' },
        token: t.token,
        lang,
      });
      expectFieldRefused(invisible, lang, 'code', 'v.invisibleOnly');
      const rtl = await call(t.app, '/project/add', {
        body: { code: 'invoice\u202Egnp.pdf', notes: '' },
        token: t.token,
        lang,
      });
      expectFieldRefused(rtl, lang, 'code', 'v.bidiControl');
      const isolate = await call(t.app, '/project/page', {
        body: { code: 'a\u2067b' },
        token: t.token,
        lang,
      });
      expectFieldRefused(isolate, lang, 'code', 'v.bidiControl');
    }
    // Ordinary text with white space, CJK and emoji joined by zero-width joiners stays accepted.
    await expectOk(
      await call(t.app, '/project/add', {
        body: { code: 'XH EV 2026', notes: '星河 👩\u200d🔧' },
        token: t.token,
      }),
    );
  });

  it('neutralises direction overrides and invisible characters in uploaded file names', async () => {
    const res = await upload(t.app, {
      token: t.applicant,
      bizType: 'idPhoto',
      fileName: 'photo\u202Egpj.exe\u200b.jpg',
      content: jpegBytes(),
    });
    const info = expectOk(res);
    expect(info.fileName).toBe('photogpj.exe.jpg');
    // Nothing visible is left of this one, so no extension either: refused like any other type.
    const onlyInvisible = await upload(t.app, {
      token: t.applicant,
      bizType: 'idPhoto',
      fileName: '\u200b\u202e',
      content: jpegBytes(),
    });
    expect(onlyInvisible.status).toBe(400);
    expect(onlyInvisible.body.code).toBe('F1002');
  });

  it('refuses JSON nested deeper than any request needs, without exhausting the stack', async () => {
    const depth = 200_000;
    const body = `{"code":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    for (const lang of langs) {
      const res = await raw('POST', '/api/project/page', lang, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('E1001');
      expect(res.body.msg).toContain(validationMessage('v.tooDeep', lang, { max: MAX_INPUT_DEPTH }));
    }
  });
});

/**
 * Every contract endpoint, called as its own kind of caller with values that have broken endpoints before
 * (prototype members as sort fields, ids past PostgreSQL's integer range, NUL bytes): a 4xx or a success,
 * never a 500. New endpoints are covered without being listed.
 */
describe('hostile values on every endpoint', () => {
  const t = useTestApp();
  let tokens: Record<'enterprise' | 'operator', string>;
  beforeAll(async () => {
    tokens = {
      enterprise: await signIn(t.app, 'demo-auto', AUTO_UUID),
      operator: await operatorSignIn(t.app),
    };
  });

  /** Every endpoint of the contract, however deeply its groups nest. */
  const endpointsIn = (node: unknown): TEndpoint[] => {
    if (!node || typeof node !== 'object') return [];
    const e = node as Partial<TEndpoint>;
    if (typeof e.path === 'string' && typeof e.method === 'string') return [node as TEndpoint];
    return Object.values(node).flatMap(endpointsIn);
  };
  const endpoints = endpointsIn(api);
  const payloads: Record<string, unknown>[] = [
    { sortField: 'constructor', sortOrder: 'desc', pageNo: 1, pageSize: 10 },
    { id: LIMITS.maxInt4 + 1, ids: [LIMITS.maxInt4 + 1], pageNo: LIMITS.maxInt4 + 1 },
    { id: 1, name: 'a\u0000b', code: 'a\u0000b', keyword: 'a\u0000b' },
  ];

  it('answers each with a 4xx envelope or success', async () => {
    const failures: string[] = [];
    for (const ep of endpoints) {
      // Signing out would end the session the rest of the walk uses.
      if (ep.path.endsWith('/logout')) continue;
      const token =
        ep.auth === 'public' ? undefined : ep.auth === 'operator' ? tokens.operator : tokens.enterprise;
      for (const payload of payloads) {
        const url = `${API_BASE}${ep.path.replace(/:[a-zA-Z]+/g, 'constructor')}`;
        const query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
        const res = await t.app.inject({
          method: ep.method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(ep.method === 'GET' ? { query } : { payload }),
        });
        // File endpoints (exports, templates, certificates) answer success with their bytes.
        const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
        const body = isJson ? (res.json() as { code?: string }) : null;
        if (res.statusCode >= 500 || (isJson ? typeof body?.code !== 'string' : res.statusCode !== 200)) {
          failures.push(
            `${ep.method} ${ep.path} ${JSON.stringify(payload)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
        if (isJson) expectNoStack(res.body);
      }
    }
    expect(failures).toEqual([]);
  });
});
