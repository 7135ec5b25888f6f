import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@tracehub/contract';
import type { AppDeps } from './platform/context.ts';
import { frameworkErrorHandler, installErrorHandling } from './platform/error-handler.ts';
import { installInputGuard } from './platform/input-guard.ts';
import { consoleHtml, installSecurityHeaders } from './platform/security-headers.ts';
import { mapOrigins } from './modules/map/public.ts';
import { WEB_DIST_DIR } from './paths.ts';
import { registerModules } from './modules/index.ts';
import { GATEWAY_SECURITY_SCHEMES } from './modules/gateway-key/openapi.ts';

export interface BuildAppOptions {
  deps: AppDeps;
  /** Serve the built console from apps/web/dist when it exists. */
  serveWeb?: boolean;
  logger?: boolean;
  /** Named in every response's `x-tracehub-instance` header: which of several processes answered. */
  instance?: string | undefined;
}

export async function buildApp({
  deps,
  serveWeb = true,
  logger = true,
  instance,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: deps.config.LOG_LEVEL } : false,
    bodyLimit: LIMITS.fileMaxBytes,
    // Forwarded headers only from configured proxies (TRUST_PROXY); otherwise any client could pick the
    // address that throttling and the account log see.
    trustProxy: deps.config.TRUST_PROXY,
    // Request ids make a user's error report traceable in the log without showing internals.
    requestIdHeader: 'x-request-id',
    // A path that does not decode or a parameter past the router's limit: envelopes, not Fastify's JSON.
    frameworkErrors: frameworkErrorHandler,
  });
  await installSecurityHeaders(app);
  installInputGuard(app);
  // The API speaks JSON (and multipart for uploads); plain text is refused with E1007, not half-parsed.
  app.removeContentTypeParser('text/plain');
  if (instance) {
    app.addHook('onRequest', async (_req, reply) => {
      reply.header('x-tracehub-instance', instance);
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const indexFile = path.join(WEB_DIST_DIR, 'index.html');
  const hasWeb = serveWeb && fs.existsSync(indexFile);
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : null;
  const mapHosts = mapOrigins(deps.config);
  installErrorHandling(app, {
    spaFallback: indexHtml ? (reply) => consoleHtml(reply, indexHtml, mapHosts) : null,
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tracehub API',
        version: '0.1.0',
        description:
          'Every response is an envelope {code, msg, data}; code "0000" is success. Messages follow Accept-Language (zh default, en).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...GATEWAY_SECURITY_SCHEMES },
      },
      tags: [
        {
          name: 'public-ledger',
          description:
            'The evidence ledger, verifiable without the platform\'s code (README "Verifying evidence"). Leaf ' +
            'data is RFC 8785 JSON {v, type, enterpriseUuid, subjectType, subjectId, payloadHash, dataHash?, ' +
            'time, signer?} (v 2 and 3: payloadHash = SHA-256 of RFC 8785 {payload, salt}, the salt never public; ' +
            'v 3: signer {batch, did}, the enterprise signs once per batch and a proof carries the batch path and ' +
            'signature; docs/evidence-format.md); leaf hash (txHash) = SHA-256(0x00 || leaf data); RFC 9162 Merkle tree; a block ' +
            'header {height, prevHash, treeSize, rootHash, time} is hashed (SHA-256) and Ed25519-signed by the ' +
            'platform key over its RFC 8785 bytes. L3001: not sealed yet; L3002: unknown; L3003: the stored ' +
            'record no longer verifies.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI's own policy (hashes of its inline parts), without the upgrade of requests to HTTPS that
    // would break it on a plain-HTTP installation, and never framed.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  // Uploads: one file of at most 5MB per request (spec 5); a larger one fails with F1001 'Max5MB'.
  await app.register(fastifyMultipart, {
    limits: { fileSize: LIMITS.fileMaxBytes, files: 1, fields: 10, parts: 12 },
  });

  await registerModules(app, deps);

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: WEB_DIST_DIR,
      wildcard: false,
      index: false,
      // The page itself is served by consoleHtml with its nonce, never as the raw template.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz beside each text asset (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // The same URL answers br, gzip or plain bytes: a shared cache must key on the request's encoding.
        res.setHeader('vary', 'accept-encoding');
        // Vite names everything under assets/ by its content hash: a new build means new names, so a browser
        // keeps them for a year without asking again. Anything else is revalidated on each use.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', (_req, reply) => reply.type('text/html').send(consoleHtml(reply, indexHtml, mapHosts)));
  }
  return app;
}
