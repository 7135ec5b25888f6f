import { describe, expect, it } from 'vitest';
import { call, useTestApp } from './support/app.ts';

describe('health and docs', () => {
  const t = useTestApp();

  it('answers health with the database kind', async () => {
    const res = await call<{ status: string; database: string }>(t.app, '/health', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('0000');
    expect(res.body.data.status).toBe('ok');
    expect(res.body.data.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('serves OpenAPI generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(doc.paths['/api/login/loginByPwd']).toBeDefined();
    expect(doc.paths['/api/profile/selectUserInfo']).toBeDefined();
  });
});
