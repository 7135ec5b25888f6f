import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  API_BASE,
  ERRORS,
  describeIssue,
  errorMessage,
  pickLang,
  validationMessage,
  type TErrorKey,
} from '@tracehub/contract';
import type { z } from 'zod';
import { isDataException } from './db-errors.ts';
import { AppError } from './errors.ts';

/** Fastify's own failures mapped to catalogue keys. */
const FASTIFY_CODES: Record<string, TErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
};

/** The request's value at a validation issue's path, or undefined when it is absent. */
function valueAt(root: unknown, path: readonly string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Every failure becomes an envelope `{code, msg, data}` in the request's language; unexpected errors are
 * logged with their stack and answered without it.
 */
export function installErrorHandling(
  app: FastifyInstance,
  opts: { spaFallback: ((reply: FastifyReply) => string) | null },
): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    try {
      return handle(err, req, reply);
    } catch (failure) {
      req.log.error({ err, failure }, 'error handler failed');
      const lang = pickLang(req.headers['accept-language']);
      return reply
        .status(500)
        .send({ code: ERRORS.INTERNAL.code, msg: errorMessage('INTERNAL', lang), data: null });
    }
  });

  function handle(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    const lang = pickLang(req.headers['accept-language']);
    const send = (key: TErrorKey, params?: Record<string, string | number>, data: unknown = null) =>
      reply
        .status(ERRORS[key].http)
        .send({ code: ERRORS[key].code, msg: errorMessage(key, lang, params), data });

    if (err instanceof AppError) return send(err.key, err.params, err.data);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => {
        // The provider flattens each zod issue into Fastify's validation shape; put the issue back together.
        const path = v.instancePath.split('/').filter(Boolean);
        // Zod leaves the input out of its issues; without it a value of the wrong type reads as missing.
        const input = valueAt(err.validationContext === 'querystring' ? req.query : req.body, path);
        const issue = {
          ...v.params,
          code: v.keyword,
          message: v.message ?? '',
          path,
          input,
        } as z.core.$ZodIssue;
        return { field: path.join('.'), message: describeIssue(issue, lang) };
      });
      return send('VALIDATION', { detail: fields.map((f) => f.message).join('; ') }, { fields });
    }
    if (isDataException(err)) {
      // A value the schemas let through but the database refuses (see isDataException): the caller's.
      req.log.warn({ err }, 'request value refused by the database');
      return send('VALIDATION', { detail: validationMessage('v.dataRejected', lang) });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its contract schema');
      return send('INTERNAL');
    }
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return send('MALFORMED_JSON');
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) {
      const type = String(req.headers['content-type'] ?? '').split(';')[0] ?? '';
      return send(mapped, { type });
    }
    if (err.statusCode === 405) return send('METHOD_NOT_ALLOWED');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send('VALIDATION', { detail: err.message });
    }
    req.log.error({ err }, 'unhandled error');
    return send('INTERNAL');
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || req.method !== 'GET' || !opts.spaFallback) {
      const lang = pickLang(req.headers['accept-language']);
      return reply.status(404).send({
        code: ERRORS.ROUTE_NOT_FOUND.code,
        msg: errorMessage('ROUTE_NOT_FOUND', lang, { route: `${req.method} ${url}` }),
        data: null,
      });
    }
    // Client-side routes: the console decides (and shows /404 for unknown paths).
    return reply.type('text/html').send(opts.spaFallback(reply));
  });
}

/**
 * Failures of the router itself, before any route or hook runs (Fastify's `frameworkErrors`): a path that
 * does not decode (`/api/%`) or a path parameter beyond the router's limit, answered as envelopes in the
 * request's language rather than Fastify's English JSON.
 */
export function frameworkErrorHandler(
  err: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const key: TErrorKey = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URL_TOO_LONG' : 'MALFORMED_URL';
  const lang = pickLang(req.headers['accept-language']);
  return reply
    .status(ERRORS[key].http)
    .send({ code: ERRORS[key].code, msg: errorMessage(key, lang), data: null });
}
