import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { wakeTaskWorkers } from '../../platform/tasks/index.ts';
import { followRuns } from './events.ts';
import * as monitor from './service.ts';

/**
 * /dailyMonitor (page DailyReport): the daily reports, a report's per-check results and abnormal records,
 * and the on-demand run of a day. Every endpoint declares the page's code.
 */
export function monitorRoutes(app: FastifyInstance, deps: AppDeps): void {
  followRuns(deps.mailer);
  const e = api.monitor;
  registerEndpoint(app, deps, e.page, (input, { db, tenant }) => monitor.page(db, tenant, input));
  registerEndpoint(app, deps, e.detail, (input, { db, tenant }) =>
    monitor.detail(db, tenant, input.reportId),
  );
  registerEndpoint(app, deps, e.checkPage, (input, { db, tenant }) => monitor.checkPage(db, tenant, input));
  registerEndpoint(app, deps, e.errorPage, (input, { db, tenant }) => monitor.errorPage(db, tenant, input));
  registerEndpoint(app, deps, e.runNow, async (input, { db, tenant, reply }) => {
    const report = await monitor.runNow(db, tenant, input.date);
    reply.raw.once('finish', wakeTaskWorkers);
    return report;
  });
}
