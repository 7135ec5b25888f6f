import type { FastifyInstance } from 'fastify';
import { API_BASE, ZEvidenceConditions, api, type TParsed } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRawEndpoint, sendFile, sendXlsx } from '../../platform/http-binary.ts';
import { registerEndpoint, successEnvelope } from '../../platform/http.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { wakeTaskWorkers } from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { linkedPackage } from './download.ts';
import * as evidence from './service.ts';
import { readVinList, vinListErrorLog } from './upload.ts';

/**
 * /task/* of the evidence-package export (page TaskList; contract evidence-task.ts). Retry is the task kit's
 * /task/retry (it takes taskId as well); the package's link is /file/preDownload with taskId.
 */
export function evidenceTaskRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.evidenceTask;
  const limits = deps.config;
  const thenWake = (reply: { raw: { once(event: 'finish', fn: () => void): unknown } }) =>
    reply.raw.once('finish', wakeTaskWorkers);

  registerEndpoint(app, deps, e.selectProjectAndProdutList, (input, { db, tenant }) =>
    evidence.projectChoices(db, tenant, input.projectNumber),
  );
  registerEndpoint(app, deps, e.selectPartnerEnterpriseList, (_input, { db, tenant }) =>
    evidence.partnerChoices(db, tenant),
  );
  registerEndpoint(app, deps, e.getTaskIdByConditions, async (input, { db, tenant }) => ({
    taskId: await evidence.taskIdByConditions(db, tenant, input),
  }));
  registerEndpoint(app, deps, e.createEvidenceTask, async (input, { db, tenant, reply }) => {
    const task = await evidence.createEvidenceTask(db, limits, tenant, input, 'single');
    thenWake(reply);
    return task;
  });
  registerEndpoint(app, deps, e.artificialBatchCreateEvidenceTask, async (input, { db, tenant, reply }) => {
    // enterpriseUuid is the enterprise the console works in (its VIN list's): not a scope here.
    const { enterpriseUuid, ...conditions } = input;
    if (enterpriseUuid && enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('NOT_FOUND');
    const task = await evidence.createEvidenceTask(
      db,
      limits,
      tenant,
      ZEvidenceConditions.parse(conditions),
      'upload',
    );
    thenWake(reply);
    return task;
  });
  registerEndpoint(app, deps, e.batchCreateEvidenceTask, async (input, { db, tenant, reply }) => {
    const result = await evidence.createEvidenceTasks(db, limits, tenant, input.items, 'list');
    if (result.created.length) thenWake(reply);
    return result;
  });
  registerEndpoint(app, deps, e.findMainEvidenceByTaskId, (input, { db, tenant }) =>
    evidence.evidenceTaskDetail(db, tenant, input.taskId),
  );
  registerEndpoint(app, deps, e.getMainEvidencesPage, (input, { db, tenant }) =>
    evidence.evidenceTasksPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.getMainEvidencesInfo, (input, { db, tenant }) =>
    evidence.evidenceItems(db, tenant, input),
  );
  registerEndpoint(app, deps, e.getVinSnDataQuantityLimit, () =>
    Promise.resolve({ limit: limits.EVIDENCE_VIN_LIMIT }),
  );

  // By hand: the package is removed from the storage once the cancellation has committed.
  registerRawEndpoint(app, deps, e.cancellationMainEvidenceByTaskId, {}, async (input, c) => {
    const { task, removeKey } = await withTenant(deps.db, c.tenant, (tx) =>
      evidence.cancelEvidenceTask(tx, c.tenant, input.taskId),
    );
    if (removeKey)
      await deps.storage
        .remove(removeKey)
        .catch((err: unknown) => c.req.log.error({ err }, 'cancelled package not removed'));
    return successEnvelope(c.meta, task);
  });

  // Multipart: the file and the fields projectNumber and enterpriseUuid, in any order.
  registerRawEndpoint(app, deps, e.importExcel, { multipart: true }, async (_input, c) => {
    let file: { fileName: string; content: Buffer } | null = null;
    const fields: Record<string, string> = {};
    for await (const part of c.req.parts()) {
      if (part.type === 'file') {
        // toBuffer fails with FST_REQ_FILE_TOO_LARGE (F1001 'Max5MB') beyond the multipart limit.
        file = { fileName: part.filename, content: await part.toBuffer() };
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value.trim().slice(0, 100);
    }
    if (!file || file.content.length === 0) throw fieldInvalid(c.meta.lang, 'file', 'v.file.required');
    const upload = file;
    const result = await withTenant(deps.db, c.tenant, (tx) =>
      readVinList(
        tx,
        c.tenant,
        limits.EVIDENCE_VIN_LIMIT,
        {
          ...upload,
          projectNumber: fields['projectNumber'] || undefined,
          enterpriseUuid: fields['enterpriseUuid'] || undefined,
        },
        c.meta.lang,
      ),
    );
    // The refused rows are stored (committed above) for the error log the F1016 answer links to.
    if (result.errorCode) throw new AppError('FILE_ROWS_INVALID', undefined, result);
    return successEnvelope(c.meta, result);
  });

  registerRawEndpoint(app, deps, e.downloadErrorFile, {}, async (input, c) => {
    const file = await withTenant(deps.db, c.tenant, (tx) => vinListErrorLog(tx, c.tenant, input.errorKey));
    return sendXlsx(c.reply, file.fileName, file.content);
  });

  // The package behind a link: no session; the signed token is the permission (download.ts).
  app.route({
    method: e.signedPackage.method,
    url: `${API_BASE}${e.signedPackage.path}`,
    schema: {
      querystring: e.signedPackage.input,
      description: 'Answers the zip as an attachment; failures are envelopes like any call.',
      produces: ['application/zip'],
      tags: [e.signedPackage.tag],
      summary: e.signedPackage.summary,
    },
    handler: async (req, reply) => {
      const { token } = req.query as TParsed<typeof e.signedPackage>;
      const pkg = await linkedPackage(deps, token, Date.now());
      return sendFile(reply, {
        content: pkg.stream,
        size: pkg.size,
        contentType: 'application/zip',
        fileName: pkg.fileName,
        disposition: 'attachment',
      });
    },
  });
}
