// The request path (issue 14, item 2): an authenticated, tenant-scoped list (the account log, 10 rows: session,
// permission, tenant transaction, page, capped count, names) against the health check (one database round
// trip) of the same server in the same run, on the embedded PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Targets: the list at ≥ 40 % of the health check's throughput on both; on PostgreSQL at ≥ 25 % of
// a bare Fastify route running the same list SQL through a plain `pg` pool (the database work alone). Each
// also against a bare Fastify route answering the same JSON from memory (what the framework costs).
import { ACCOUNT_LOG_PAGE, httpCall, postEnvelope as post, signInSession } from '../lib/api-client.ts';
import { load } from '../lib/load.ts';
import { freshPostgres } from '../lib/postgres.ts';
import { startPgReference, startReference, startTracehub, type Running } from '../lib/processes.ts';
import type { Row } from '../lib/report.ts';

interface ListData {
  list: unknown[];
  total: number;
}

/** A few sign-ins of demo-auto fill the account log, so the list returns real rows; the last session. */
async function signIn(base: string): Promise<{ token: string; enterpriseUuid: string }> {
  let session = await signInSession(httpCall(base), 'demo-auto');
  for (let i = 1; i < 12; i++) session = await signInSession(httpCall(base), 'demo-auto');
  return session;
}

const WARM_UP_SECONDS = 2;
const LIST_BODY = JSON.stringify(ACCOUNT_LOG_PAGE.body);

async function onServer(server: Running, label: string, databaseUrl?: string): Promise<Row[]> {
  const { token, enterpriseUuid } = await signIn(server.url);
  const listUrl = `${server.url}${ACCOUNT_LOG_PAGE.path}`;
  const sample = await fetch(listUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: LIST_BODY,
  }).then((r) => r.text());
  const health = await fetch(`${server.url}/api/health`).then((r) => r.text());
  const listLoad = {
    url: listUrl,
    method: 'POST' as const,
    body: LIST_BODY,
    headers: { authorization: `Bearer ${token}` },
  };
  // Both warmed up first (compiled code, each pooled connection's prepared statements), then measured.
  await load({ ...listLoad, durationSeconds: WARM_UP_SECONDS });
  await load({ url: `${server.url}/api/health`, durationSeconds: WARM_UP_SECONDS });
  const list = await load(listLoad);
  const ping = await load({ url: `${server.url}/api/health` });
  const rows: Row[] = [
    {
      scenario: `${label}: authenticated tenant list (account log, 10 rows) vs health check`,
      ours: list,
      reference: ping,
      referenceName: 'health check, same server',
      targetPercent: 40,
    },
  ];
  if (databaseUrl) {
    const pgRef = await startPgReference(databaseUrl, enterpriseUuid);
    try {
      const theirs = (await post<ListData>(`${pgRef.url}/list`, ACCOUNT_LOG_PAGE.body)).data;
      const ours = (JSON.parse(sample) as { data: ListData }).data;
      if (theirs.total !== ours.total || theirs.list.length !== ours.list.length)
        console.error(`${label}: the pg reference answers another list than ours`, { theirs, ours });
      rows.push({
        scenario: `${label}: authenticated tenant list vs the same SQL through a plain pg pool`,
        ours: list,
        reference: await load({ url: `${pgRef.url}/list`, method: 'POST', body: LIST_BODY }),
        referenceName: 'bare Fastify + pg pool, one statement',
        targetPercent: 25,
      });
    } finally {
      await pgRef.stop();
    }
  }
  const reference = await startReference({ 'POST /list': sample, 'GET /health': health });
  try {
    rows.push(
      {
        scenario: `${label}: authenticated tenant list`,
        ours: list,
        reference: await load({ url: `${reference.url}/list`, method: 'POST', body: LIST_BODY }),
        referenceName: 'bare Fastify, same JSON from memory',
      },
      {
        scenario: `${label}: health (database ping)`,
        ours: ping,
        reference: await load({ url: `${reference.url}/health` }),
        referenceName: 'bare Fastify, same JSON from memory',
      },
    );
  } finally {
    await reference.stop();
  }
  return rows;
}

/** The scenarios on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL (one process each). */
export async function apiScenarios(): Promise<Row[]> {
  const rows: Row[] = [];
  const embedded = await startTracehub();
  try {
    rows.push(...(await onServer(embedded, 'PGlite')));
  } finally {
    await embedded.stop();
  }
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const db = await freshPostgres('api', adminUrl);
    try {
      const server = await startTracehub({ DATABASE_URL: db.url });
      try {
        rows.push(...(await onServer(server, 'PostgreSQL', db.url)));
      } finally {
        await server.stop();
      }
    } finally {
      await db.drop();
    }
  }
  return rows;
}
