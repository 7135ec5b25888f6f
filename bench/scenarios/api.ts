import { load } from '../lib/load.ts';
import { startReference, startTracehub } from '../lib/processes.ts';
import type { Row } from '../lib/report.ts';

async function post<T>(url: string, body: unknown, token?: string): Promise<{ code: string; data: T }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; data: T };
}

/**
 * API scenarios against the built server: an authenticated list endpoint and the health check, each
 * against a bare Fastify route answering the same JSON from memory.
 */
export async function apiScenarios(): Promise<Row[]> {
  const server = await startTracehub();
  try {
    const account = 'demo-auto';
    // A few sign-ins fill the account log, so the list returns real rows.
    let token = '';
    for (let i = 0; i < 12; i++) {
      const step = await post<{ verifyKey: string; enterprises: { enterpriseUuid: string }[] }>(
        `${server.url}/api/login/loginByPwd`,
        { loginAccount: account, password: 'Demo@12345' },
      );
      const session = await post<{ token: string }>(`${server.url}/api/login/selectEnterprise`, {
        isLogined: false,
        loginAccount: account,
        enterpriseUuid: step.data.enterprises[0]!.enterpriseUuid,
        verifyKey: step.data.verifyKey,
      });
      token = session.data.token;
    }
    const listBody = JSON.stringify({ pageNo: 1, pageSize: 10 });
    const listUrl = `${server.url}/api/log/selectLogPage`;
    const sample = await fetch(listUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: listBody,
    }).then((r) => r.text());
    const health = await fetch(`${server.url}/api/health`).then((r) => r.text());

    const reference = await startReference({ 'POST /list': sample, 'GET /health': health });
    try {
      const rows: Row[] = [];
      const ours = await load({
        url: listUrl,
        method: 'POST',
        body: listBody,
        headers: { authorization: `Bearer ${token}` },
      });
      const ref = await load({ url: `${reference.url}/list`, method: 'POST', body: listBody });
      rows.push({
        scenario: 'authenticated list (10 rows, session + permission + query)',
        ours,
        reference: ref,
        referenceName: 'bare Fastify, same JSON',
      });
      const oursHealth = await load({ url: `${server.url}/api/health` });
      const refHealth = await load({ url: `${reference.url}/health` });
      rows.push({
        scenario: 'health (database ping)',
        ours: oursHealth,
        reference: refHealth,
        referenceName: 'bare Fastify, same JSON',
      });
      return rows;
    } finally {
      await reference.stop();
    }
  } finally {
    await server.stop();
  }
}
