import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ENTERPRISE_MENU,
  ERRORS,
  LIMITS,
  VALIDATION_MESSAGES,
  ZListResponse,
  buildMenuTree,
  describeIssue,
  dropEmpty,
  errorByCode,
  errorMessage,
  listRequest,
  menuCodes,
  pickLang,
} from '../src/index.ts';

describe('error catalogue', () => {
  it('has unique codes, both languages, and an HTTP status for every entry', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const e of Object.values(ERRORS)) {
      expect(e.zh.trim()).not.toBe('');
      expect(e.en.trim()).not.toBe('');
      expect(e.http).toBeGreaterThanOrEqual(200);
    }
  });

  it('keeps the spec codes that drive client behaviour', () => {
    for (const code of ['0000', 'E1002', 'U0005', 'U0007', 'U0009', 'F1016'])
      expect(errorByCode(code)).toBeDefined();
    expect(errorMessage('LOGIN_FAILED', 'en')).toBe('Invaild email/password');
    expect(errorMessage('COMPANY_DISABLED', 'en')).toBe('Your company has been disabled.');
    expect(errorMessage('ROUTE_NOT_FOUND', 'zh', { route: 'GET /x' })).toBe('接口不存在：GET /x');
  });

  it('picks zh by default and en from an English Accept-Language', () => {
    expect(pickLang(undefined)).toBe('zh');
    expect(pickLang('')).toBe('zh');
    expect(pickLang('en-US,en;q=0.9')).toBe('en');
    expect(pickLang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pickLang('fr-FR')).toBe('zh');
  });
});

describe('validation messages', () => {
  it('exist in both languages', () => {
    for (const [key, m] of Object.entries(VALIDATION_MESSAGES)) {
      expect(m.zh, key).not.toBe('');
      expect(m.en, key).not.toBe('');
    }
  });

  it('describe built-in zod issues by their kind', () => {
    const schema = z.object({ name: z.string().max(3), n: z.number().min(2) });
    const r = schema.safeParse({ name: 'abcd', n: 1 });
    expect(r.success).toBe(false);
    const [tooLong, tooSmall] = r.error!.issues;
    expect(describeIssue(tooLong!, 'en')).toBe('name must have at most 3 characters');
    expect(describeIssue(tooSmall!, 'zh')).toBe('n不能小于 2');
    const missing = z.object({ a: z.string() }).safeParse({}).error!.issues[0]!;
    expect(describeIssue(missing, 'en')).toBe('a is required');
  });
});

describe('list request and response', () => {
  const req = listRequest({ name: z.string().optional(), status: z.coerce.number().optional() });

  it('applies defaults and drops empty strings', () => {
    expect(req.parse({})).toEqual({ pageNo: 1, pageSize: LIMITS.defaultPageSize });
    expect(req.parse({ name: '', status: '', pageNo: '2' })).toEqual({ pageNo: 2, pageSize: 10 });
    expect(dropEmpty({ a: '', b: null, c: [], d: 0, e: 'x' })).toEqual({ d: 0, e: 'x' });
  });

  it('refuses pages below 1, sizes above 1000 and unknown sort orders', () => {
    expect(req.safeParse({ pageNo: 0 }).success).toBe(false);
    expect(req.safeParse({ pageSize: 1001 }).success).toBe(false);
    expect(req.safeParse({ pageSize: 1000, sortOrder: 'asc' }).success).toBe(true);
    expect(req.safeParse({ sortOrder: 'up' }).success).toBe(false);
  });

  it('answers list and total', () => {
    const res = ZListResponse(z.object({ id: z.number() }));
    expect(res.parse({ list: [{ id: 1 }], total: 1 })).toEqual({ list: [{ id: 1 }], total: 1 });
    expect(res.safeParse({ list: [], total: -1 }).success).toBe(false);
  });
});

describe('menu tree', () => {
  it('numbers nodes, joins paths and keeps only granted codes', () => {
    const all = buildMenuTree(ENTERPRISE_MENU, () => true);
    const ids = JSON.stringify(all).match(/"id":\d+/g)!;
    expect(new Set(ids).size).toBe(ids.length);
    const log = all.find((n) => n.code === 'Log')!;
    expect(log.childs.map((c) => c.path)).toContain('/log/list');
    expect(log.childs.every((c) => c.parentId === log.id)).toBe(true);

    const limited = buildMenuTree(ENTERPRISE_MENU, (c) =>
      ['Workbench', 'UserCenter', 'PerBasic'].includes(c),
    );
    expect(limited.map((n) => n.code)).toEqual(['Workbench', 'UserCenter']);
    expect(limited[1]!.childs.map((c) => c.code)).toEqual(['PerBasic']);
    // A directory without granted children disappears even when its own code is granted.
    expect(buildMenuTree(ENTERPRISE_MENU, (c) => c === 'UserCenter')).toEqual([]);
  });

  it('lists every code once', () => {
    const codes = menuCodes(ENTERPRISE_MENU);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toContain('Workbench');
  });
});
