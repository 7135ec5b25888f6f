import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerRawEndpoint, sendFile, sendXlsx } from '../../platform/http-binary.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { wakeTaskWorkers } from '../../platform/tasks/index.ts';
import { withTenant } from '../../platform/tenancy.ts';
import * as company from './company-task.ts';
import * as checking from './service.ts';

/**
 * /dataChecking (page CheckLog): rule packages, troubleshooting tasks (run by the task kit; retry and
 * cancel through /task/*), their abnormal data and its export, the VIN map check and the tracing report. Every endpoint declares the page's codes.
 */
export function checkingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const e = api.checking;
  registerEndpoint(app, deps, e.suppliers, (input, { db, tenant }) =>
    checking.supplierChoices(db, tenant, input.keyword),
  );
  registerEndpoint(app, deps, e.packages, (_input, { db, tenant }) => checking.listPackages(db, tenant));
  registerEndpoint(app, deps, e.ruleDetail, (input, { db, tenant }) =>
    checking.ruleDetail(db, tenant, input.packageId),
  );
  registerEndpoint(app, deps, e.createTask, async (input, { db, tenant, reply }) => {
    const task = await checking.createTask(db, tenant, input);
    reply.raw.once('finish', wakeTaskWorkers);
    return task;
  });
  registerEndpoint(app, deps, e.restartTask, async (input, { db, tenant, reply }) => {
    const task = await checking.restartTask(db, tenant, input.taskId);
    reply.raw.once('finish', wakeTaskWorkers);
    return task;
  });
  registerEndpoint(app, deps, e.selectTaskPage, (input, { db, tenant }) =>
    checking.taskPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.taskDetail, (input, { db, tenant }) =>
    checking.taskDetail(db, tenant, input.taskId),
  );
  registerEndpoint(app, deps, e.selectAbnormalPage, (input, { db, tenant }) =>
    checking.abnormalPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.companyTaskPage, (input, { db, tenant }) =>
    company.companyTaskPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.companyTaskDetail, (input, { db, tenant }) =>
    company.companyTaskDetail(db, tenant, input.id),
  );
  registerEndpoint(app, deps, e.companyTaskFindingPage, (input, { db, tenant }) =>
    company.companyTaskFindingPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.companyTaskHistoryPage, (input, { db, tenant }) =>
    company.companyTaskHistoryPage(db, tenant, input),
  );
  const actions = [
    [e.companyTaskTroubleshoot, 'troubleshoot'],
    [e.companyTaskProcess, 'process'],
    [e.companyTaskResolve, 'resolve'],
    [e.companyTaskReject, 'reject'],
    [e.companyTaskClose, 'close'],
  ] as const;
  for (const [ep, action] of actions)
    registerEndpoint(app, deps, ep, async (input, { db, tenant, reply }) => {
      const { detail, notice } = await company.actOnCompanyTask(db, tenant, action, input);
      // The benchmark's members are told on the platform connection once this transaction committed (the
      // message belongs to the other enterprise, which the caller's transaction may not write).
      if (notice)
        reply.raw.once('finish', () => {
          company.notifyAnswered(deps.db, notice, deps.mailer).catch((err: unknown) => app.log.error(err));
        });
      return detail;
    });
  registerRawEndpoint(app, deps, e.exportAbnormal, {}, async (input, c) => {
    const file = await withTenant(deps.db, c.tenant, (tx) =>
      checking.exportAbnormal(tx, c.tenant, input.taskId, c.meta.lang),
    );
    return sendXlsx(c.reply, file.fileName, file.content);
  });
  registerEndpoint(app, deps, e.vinMapPage, (input, { db, tenant }) =>
    checking.vinMapPage(db, tenant, input),
  );
  registerEndpoint(app, deps, e.vinMapTree, (input, { db, tenant }) =>
    checking.vinMapTree(db, tenant, input),
  );
  registerRawEndpoint(app, deps, e.exportTracingReport, {}, async (input, c) => {
    const file = await withTenant(deps.db, c.tenant, (tx) =>
      checking.exportTracingReport(tx, c.tenant, input, c.meta.lang),
    );
    if (input.format === 'xlsx') return sendXlsx(c.reply, file.fileName, file.content);
    return sendFile(c.reply, {
      content: file.content,
      contentType: 'application/pdf',
      fileName: file.fileName,
      disposition: 'attachment',
    });
  });
}
