import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_BASE,
  GATEWAY_WORKBOOK_BODY,
  LIMITS,
  ZEnvelope,
  api,
  importKindPage,
  permissionCodes,
  type TEndpoint,
} from '@tracehub/contract';
import type { AppDeps, RequestMeta, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { XLSX_CONTENT_TYPE } from '../../platform/http-binary.ts';
import { registerEndpoint, requestMeta, successEnvelope } from '../../platform/http.ts';
import { importerOf } from '../../platform/imports/importer.ts';
import { startImport } from '../../platform/imports/job.ts';
import { findImportRecord, importRecordRow } from '../../platform/imports/records.ts';
import { wakeJobWorkers } from '../../platform/jobs/worker.ts';
import { assertEndpointAccess } from '../../platform/permissions.ts';
import { assertMayReadImport } from '../../platform/record-access.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { GATEWAY_SECURITY } from './openapi.ts';
import * as gatewayKey from './service.ts';
import { checkHeaders, verifyRequest, type PendingGatewayRequest } from './verify.ts';

/** Gateway keys of the enterprise (/secretkey/perkey) and the signed system-to-system API. */
export function gatewayKeyRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.gatewayKey;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => gatewayKey.pageKeys(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) =>
    gatewayKey.keyDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.add, (input, { db, tenant }) =>
    gatewayKey.addKey(db, deps.masterKey, tenant, input),
  );
  registerEndpoint(app, deps, e.reset, (input, { db, tenant }) =>
    gatewayKey.resetKey(db, deps.masterKey, tenant, input.id),
  );
  registerEndpoint(app, deps, e.updateStatus, (input, { db, tenant }) =>
    gatewayKey.updateKeyStatus(db, tenant, input),
  );
  void app.register((scope, _opts, done) => {
    gatewayApi(scope, deps);
    done();
  });
}

/** The raw body of a gateway request, kept out of req.body (the input guard walks bodies key by key). */
const bodies = new WeakMap<FastifyRequest, Buffer>();
const pendings = new WeakMap<FastifyRequest, PendingGatewayRequest>();
const tenants = new WeakMap<FastifyRequest, TenantContext>();
const EMPTY = Buffer.alloc(0);
const MAX_MB = LIMITS.fileMaxBytes / (1024 * 1024);

function gatewayApi(scope: FastifyInstance, deps: AppDeps): void {
  // Only workbooks: any other body is refused (E1007) before it is read.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(XLSX_CONTENT_TYPE, (req, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > LIMITS.fileMaxBytes) {
        failed = true;
        done(new AppError('GATEWAY_BODY_TOO_LARGE', { max: MAX_MB }), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (failed) return;
      bodies.set(req, Buffer.concat(chunks));
      done(null, undefined);
    });
    payload.on('error', (err) => {
      if (!failed) done(err, undefined);
    });
  });

  const { upload, status } = api.gateway;
  gatewayRoute(scope, deps, upload, { workbook: true }, async (input, { tenant, meta, req }) => {
    const importer = importerOf(input.kind);
    const page = importKindPage(input.kind);
    if (!importer || !page) throw new AppError('NOT_FOUND');
    // The kind's own upload code: any other page's BatchUpload does not import this kind.
    assertEndpointAccess([`${page}:BatchUpload`], tenant);
    const content = bodies.get(req) ?? EMPTY;
    const record = await startImport(
      deps,
      tenant,
      importer,
      { fileName: `gateway-${input.kind}.xlsx`, content },
      meta.lang,
    );
    wakeJobWorkers();
    return record;
  });
  gatewayRoute(scope, deps, status, {}, async (input, { tenant }) =>
    withTenant(deps.db, tenant, async (db) => {
      const row = await importRecordRow(db, tenant, input.id);
      if (row) assertMayReadImport(tenant, row);
      const found = row ? await findImportRecord(db, tenant, input.id) : null;
      if (!found) throw new AppError('NOT_FOUND');
      return found;
    }),
  );
}

type GatewayHandler<E extends TEndpoint> = (
  input: z.output<E['input']>,
  ctx: { tenant: TenantContext; meta: RequestMeta; reply: FastifyReply; req: FastifyRequest },
) => Promise<unknown>;

/**
 * A contract endpoint of auth 'gateway': headers, key and timestamp checked on request (before the body is
 * read), the signature, nonce, rate and member once the body is in, then one of the endpoint's codes.
 */
function gatewayRoute<E extends TEndpoint>(
  scope: FastifyInstance,
  deps: AppDeps,
  ep: E,
  opts: { workbook?: boolean },
  handler: GatewayHandler<E>,
): void {
  const codes = permissionCodes(ep);
  scope.route({
    method: ep.method,
    url: `${API_BASE}${ep.path}`,
    schema: {
      params: ep.input,
      ...(opts.workbook ? { consumes: [XLSX_CONTENT_TYPE], body: GATEWAY_WORKBOOK_BODY } : {}),
      response: { 200: ZEnvelope(ep.output) },
      tags: [ep.tag],
      summary: ep.summary,
      description: `Signed request (docs/gateway-api.md). The key's member needs (any of): \`${codes.join('`, `')}\``,
      security: GATEWAY_SECURITY,
    },
    onRequest: async (req) => {
      const declared = Number(req.headers['content-length'] ?? 0);
      pendings.set(req, await checkHeaders(deps, req));
      if (declared > LIMITS.fileMaxBytes) throw new AppError('GATEWAY_BODY_TOO_LARGE', { max: MAX_MB });
    },
    preHandler: async (req, reply) => {
      const pending = pendings.get(req);
      if (!pending) throw new AppError('GATEWAY_SIGNATURE_INVALID');
      const tenant = await verifyRequest(deps, req, pending, bodies.get(req) ?? EMPTY, (seconds) =>
        reply.header('retry-after', String(seconds)),
      );
      assertEndpointAccess(codes, tenant);
      tenants.set(req, tenant);
    },
    handler: async (req, reply) => {
      const tenant = tenants.get(req);
      if (!tenant) throw new AppError('GATEWAY_SIGNATURE_INVALID');
      const meta = requestMeta(req);
      const input = req.params as z.output<E['input']>;
      return successEnvelope(meta, await handler(input, { tenant, meta, reply, req }));
    },
  });
}
