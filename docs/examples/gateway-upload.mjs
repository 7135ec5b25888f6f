#!/usr/bin/env node
// Uploads an import workbook through the Tracehub gateway API and polls the import until it finishes.
// Node 20+, no dependencies. See docs/gateway-api.md.
//
//   TRACEHUB_URL=http://127.0.0.1:8080 TRACEHUB_APP_KEY=... TRACEHUB_APP_SECRET=... \
//     node docs/examples/gateway-upload.mjs project ./project-codes.xlsx
//
// Prints the finished import record (JSON) and exits 0 when it completed, 1 otherwise.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The four signature headers of a request: PATH starts with /api and includes any query string. */
export function signedHeaders({ appKey, appSecret, method, path, body = new Uint8Array(0) }) {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const canonical = [method.toUpperCase(), path, timestamp, nonce, bodyHash].join('\n');
  const signature = createHmac('sha256', appSecret).update(canonical).digest('base64url');
  return { 'X-App-Key': appKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature };
}

/** One signed call; answers the envelope's data, or throws with its code and message. */
export async function gatewayCall({ baseUrl, appKey, appSecret, method, path, body }) {
  const headers = signedHeaders({ appKey, appSecret, method, path, body });
  if (body) headers['Content-Type'] = XLSX;
  const res = await fetch(new URL(path, baseUrl), { method, headers, body });
  const envelope = await res.json();
  if (envelope.code !== '0000') throw new Error(`${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Uploads a workbook of an import kind, then polls its record until it is completed or failed. */
export async function uploadAndWait({
  baseUrl,
  appKey,
  appSecret,
  kind,
  content,
  pollMs = 1000,
  timeoutMs = 600_000,
}) {
  const auth = { baseUrl, appKey, appSecret };
  let record = await gatewayCall({
    ...auth,
    method: 'POST',
    path: `/api/gateway/v1/imports/${kind}`,
    body: content,
  });
  const deadline = Date.now() + timeoutMs;
  while (record.status === 'queued' || record.status === 'running') {
    if (Date.now() > deadline) throw new Error(`import ${record.id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    record = await gatewayCall({ ...auth, method: 'GET', path: `/api/gateway/v1/imports/${record.id}` });
  }
  return record;
}

async function main() {
  const [kind, file] = process.argv.slice(2);
  const { TRACEHUB_URL, TRACEHUB_APP_KEY, TRACEHUB_APP_SECRET } = process.env;
  if (!kind || !file || !TRACEHUB_URL || !TRACEHUB_APP_KEY || !TRACEHUB_APP_SECRET) {
    console.error(
      'usage: TRACEHUB_URL=... TRACEHUB_APP_KEY=... TRACEHUB_APP_SECRET=... node gateway-upload.mjs <kind> <file.xlsx>',
    );
    process.exit(2);
  }
  const record = await uploadAndWait({
    baseUrl: TRACEHUB_URL,
    appKey: TRACEHUB_APP_KEY,
    appSecret: TRACEHUB_APP_SECRET,
    kind,
    content: await readFile(file),
    pollMs: Number(process.env.TRACEHUB_POLL_MS ?? 1000),
  });
  console.log(JSON.stringify(record, null, 2));
  process.exit(record.status === 'completed' ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
