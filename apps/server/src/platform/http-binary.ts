import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, ZEnvelope, permissionCodes, type TEndpoint } from '@tracehub/contract';
import type { AppDeps, RequestMeta, SessionContext, TenantContext } from './context.ts';
import { AppError } from './errors.ts';
import { authenticateTenant, requestMeta } from './http.ts';

/** What a hand-registered enterprise handler receives; it opens its tenant transactions itself. */
export interface RawHandlerContext {
  meta: RequestMeta;
  req: FastifyRequest;
  reply: FastifyReply;
  session: SessionContext;
  tenant: TenantContext;
}

// Documents the multipart part for OpenAPI; the handler reads the part itself.
const MULTIPART_FILE_BODY = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The file (one, at most 5MB)' }) })
  .nullish();

/**
 * Registers an enterprise endpoint of the contract whose request is multipart or whose answer is a file, so
 * registerEndpoint cannot: the caller and its permission code are checked on request (before any part or
 * body is read), the input is validated with the contract schema (params, query or JSON body), failures are
 * envelopes. The handler answers the envelope (multipart) or sends the file through `reply`.
 */
export function registerRawEndpoint<E extends TEndpoint>(
  app: FastifyInstance,
  deps: AppDeps,
  ep: E,
  opts: { multipart?: boolean; produces?: string },
  handler: (input: z.output<E['input']>, ctx: RawHandlerContext) => Promise<unknown>,
): void {
  const callers = new WeakMap<FastifyRequest, { session: SessionContext; tenant: TenantContext }>();
  const inputKey = ep.path.includes('/:') ? 'params' : ep.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: ep.method,
    url: `${API_BASE}${ep.path}`,
    schema: {
      ...(opts.multipart
        ? { consumes: ['multipart/form-data'], body: MULTIPART_FILE_BODY }
        : { [inputKey]: ep.input }),
      ...(opts.produces ? { produces: [opts.produces] } : { response: { 200: ZEnvelope(ep.output) } }),
      tags: [ep.tag],
      summary: ep.summary,
      description: [
        ep.permission ? `Permission code (any of): \`${permissionCodes(ep).join('`, `')}\`` : '',
        opts.produces ? 'Answers the file; failures are envelopes like any call.' : '',
      ]
        .filter(Boolean)
        .join(' '),
      security: [{ bearer: [] }],
    },
    onRequest: async (req) => {
      callers.set(req, await authenticateTenant(deps, req, ep));
    },
    handler: async (req, reply) => {
      const caller = callers.get(req);
      if (!caller) throw new AppError('NOT_LOGGED_IN');
      const input = opts.multipart
        ? {}
        : inputKey === 'body'
          ? req.body
          : inputKey === 'params'
            ? req.params
            : req.query;
      return handler(input as z.output<E['input']>, { meta: requestMeta(req), req, reply, ...caller });
    },
  });
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Sends file content (a buffer, or a stream read as it goes) with its UTF-8 name (RFC 6266/5987) and an
 * ASCII fallback (`asciiName`, else the name with non-ASCII characters replaced); never sniffed, never cached.
 */
export function sendFile(
  reply: FastifyReply,
  file: {
    content: Buffer | Readable;
    contentType: string;
    fileName: string;
    asciiName?: string;
    disposition: 'inline' | 'attachment';
    /** The content's length when it is a stream (a buffer's is known). */
    size?: number | null;
  },
): FastifyReply {
  const ascii = (file.asciiName ?? file.fileName).replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (!Buffer.isBuffer(file.content) && file.size != null) reply.header('content-length', String(file.size));
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `${file.disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/** Sends a workbook as a download. */
export function sendXlsx(reply: FastifyReply, fileName: string, content: Buffer): FastifyReply {
  return sendFile(reply, { content, contentType: XLSX_CONTENT_TYPE, fileName, disposition: 'attachment' });
}
