import type { FastifyInstance } from 'fastify';
import { API_BASE, api, type TParsed } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRawEndpoint, sendFile } from '../../platform/http-binary.ts';
import { registerEndpoint, successEnvelope } from '../../platform/http.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { deleteAttachment, issueDownloadLink, linkedFile } from './attachments.ts';
import { downloadLinkKey, verifyDownloadToken } from '../../platform/download-link.ts';
import { issuePackageLink } from '../evidence-task/public.ts';
import { listRefusedTransfers } from './transfer-errors.ts';

/**
 * Attachments beyond upload and list: deletion (/file/deleteByRowkey), session-free download links
 * (/file/preDownload, /file/preDownloadStats and the link itself) and the failed transfers of documents'
 * attachments (/stage/fileErrorLog/page).
 */
export function attachmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { deleteByRowkey, preDownload, preDownloadStats, signedDownload } = api.file;
  const linkKey = downloadLinkKey(deps.masterKey);

  registerEndpoint(app, deps, api.fileErrorLog.page, (input, { db, tenant, meta }) =>
    listRefusedTransfers(db, tenant, input, meta.lang),
  );
  // A fileKey names a file; a taskId alone names an evidence task's package (modules/evidence-task).
  for (const [ep, countDownload] of [
    [preDownload, false],
    [preDownloadStats, true],
  ] as const)
    registerEndpoint(app, deps, ep, (input, { db, tenant, meta }) =>
      input.fileKey !== undefined
        ? issueDownloadLink(db, deps, tenant, { ...input, fileKey: input.fileKey }, { countDownload })
        : issuePackageLink(db, deps, tenant, String(input.taskId), { countDownload, lang: meta.lang }),
    );

  // By hand: the stored content is removed only once the deletion has committed.
  registerRawEndpoint(app, deps, deleteByRowkey, {}, async (input, { tenant, meta, req }) => {
    const storagePath = await withTenant(deps.db, tenant, (db) =>
      deleteAttachment(db, deps, tenant, input.rowKey),
    );
    await deps.storage
      .remove(storagePath)
      .catch((err: unknown) => req.log.error({ err }, 'deleted attachment content not removed'));
    return successEnvelope(meta, null);
  });

  // The link itself: no session; the token is the permission (see download-link.ts).
  app.route({
    method: signedDownload.method,
    url: `${API_BASE}${signedDownload.path}`,
    schema: {
      querystring: signedDownload.input,
      description: 'Answers the content as an attachment; failures are envelopes like any call.',
      produces: ['application/octet-stream'],
      tags: [signedDownload.tag],
      summary: signedDownload.summary,
    },
    handler: async (req, reply) => {
      const { token } = req.query as TParsed<typeof signedDownload>;
      const grant = verifyDownloadToken(linkKey, token, Date.now());
      const { row, content } = await linkedFile(deps, grant);
      return sendFile(reply, {
        content,
        contentType: row.contentType,
        fileName: grant.fileName,
        disposition: 'attachment',
      });
    },
  });
}
