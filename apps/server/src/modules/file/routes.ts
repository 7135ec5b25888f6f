import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_BASE, ZEnvelope, api, type TParsed } from '@tracehub/contract';
import type { AppDeps, SessionContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authenticateSession, registerEndpoint, requestMeta, successEnvelope } from '../../platform/http.ts';
import { certificateRoutes } from './certificate-routes.ts';
import { sendFile } from '../../platform/http-binary.ts';
import { attachmentRoutes } from './attachment-routes.ts';
import { assertMayUpload } from './access.ts';
import { listFiles, readFile, uploadFile } from './service.ts';
import { recordRefusedTransfer } from './transfer-errors.ts';

// Documents the multipart part for OpenAPI; the handler reads the parts itself, so the parsed body is null.
const MULTIPART_FILE_BODY = z
  .object({ file: z.string().meta({ format: 'binary', description: 'The file (one, at most 5MB)' }) })
  .nullish();

/**
 * Registered by hand because the upload is multipart and the view is a download; both keep the contract's
 * query schema, the envelope for answers and errors, and the session check of registerEndpoint.
 */
export function fileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { upload, view, list } = api.file;
  registerEndpoint(app, deps, list, (input, { db, tenant }) => listFiles(db, tenant, input));
  // The certificate PDF (/file/viewChainPdf) and a file's chain detail (/pass/chainFile).
  certificateRoutes(app, deps);
  // Deleting attachments, session-free download links and the failed transfers of documents.
  attachmentRoutes(app, deps);
  // As registerEndpoint does: the caller is checked on request, before the query or any part is read.
  const callers = new WeakMap<FastifyRequest, SessionContext>();
  const authenticated = (level: 'session' | 'anyKind') => async (req: FastifyRequest) => {
    callers.set(req, await authenticateSession(deps, req, level));
  };
  const callerOf = (req: FastifyRequest): SessionContext => {
    const session = callers.get(req);
    if (!session) throw new AppError('NOT_LOGGED_IN');
    return session;
  };

  app.route({
    method: upload.method,
    url: `${API_BASE}${upload.path}`,
    schema: {
      querystring: upload.input,
      consumes: ['multipart/form-data'],
      body: MULTIPART_FILE_BODY,
      response: { 200: ZEnvelope(upload.output) },
      tags: [upload.tag],
      summary: upload.summary,
      security: [{ bearer: [] }],
    },
    onRequest: authenticated('session'),
    handler: async (req) => {
      const meta = requestMeta(req);
      const session = callerOf(req);
      const query = req.query as TParsed<typeof upload>;
      // Refused before the file is read: a missing permission (or record) is not a failed transfer.
      await assertMayUpload(deps.db, session, query);
      const part = await req.file();
      try {
        // toBuffer fails with FST_REQ_FILE_TOO_LARGE (F1001 'Max5MB') beyond the multipart limit.
        const content = part ? await part.toBuffer() : null;
        const info = await uploadFile(
          deps,
          session,
          query,
          part && content ? { fileName: part.filename, content } : null,
          meta,
        );
        return successEnvelope(meta, info);
      } catch (error) {
        // A document's attachment that did not arrive is listed on /stage/fileErrorLog; the request
        // still fails with its own error, whatever happens to the record.
        if (part) {
          await recordRefusedTransfer(deps.db, {
            enterpriseUuid: session.enterpriseUuid,
            userId: session.userId,
            bizType: query.bizType,
            bizNo: query.bizNo,
            fileName: part.filename,
            error,
            lang: meta.lang,
          }).catch((failure: unknown) => req.log.error({ err: failure }, 'refused transfer not recorded'));
        }
        throw error;
      }
    },
  });

  app.route({
    method: view.method,
    url: `${API_BASE}${view.path}`,
    schema: {
      querystring: view.input,
      description: 'Answers the content with its own content type; failures are envelopes like any call.',
      produces: ['application/octet-stream'],
      tags: [view.tag],
      summary: view.summary,
      security: [{ bearer: [] }],
    },
    onRequest: authenticated('anyKind'),
    handler: async (req, reply) => {
      const session = callerOf(req);
      const { fileKey } = req.query as TParsed<typeof view>;
      const { row, content } = await readFile(deps, session, fileKey);
      return sendFile(reply, {
        content,
        contentType: row.contentType,
        fileName: row.fileName,
        disposition: 'inline',
      });
    },
  });
}
