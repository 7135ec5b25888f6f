import type { FastifyInstance } from 'fastify';
import { api } from '@tracehub/contract';
import type { AppDeps } from '../../platform/context.ts';
import { XLSX_CONTENT_TYPE, registerRawEndpoint, sendXlsx } from '../../platform/http-binary.ts';
import { registerEndpoint } from '../../platform/http.ts';
import { EXPORT_MAX_ROWS, exportFormat, exportWorkbook } from '../../platform/imports/export.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { auditDetail, auditExporter, listAudit } from './audit.ts';
import { listLogs, logDetail } from './service.ts';

export function logRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerEndpoint(app, deps, api.log.selectLogPage, (input, { db, tenant, session }) =>
    listLogs(db, tenant, session, input),
  );
  registerEndpoint(app, deps, api.log.selectLogDetail, (input, { db, tenant, session }) =>
    logDetail(db, tenant, session, input.id),
  );
  registerEndpoint(app, deps, api.log.selectAuditPage, (input, { db, tenant, session }) =>
    listAudit(db, tenant, session, input),
  );
  registerEndpoint(app, deps, api.log.selectAuditDetail, (input, { db, tenant, session }) =>
    auditDetail(db, tenant, session, input.id),
  );
  registerRawEndpoint(
    app,
    deps,
    api.log.downloadEnterprise,
    { produces: XLSX_CONTENT_TYPE },
    async (input, c) => {
      const exporter = auditExporter(c.session);
      const rows = await withTenant(deps.db, c.tenant, (tx) =>
        exporter.rows(tx, c.tenant, input, EXPORT_MAX_ROWS),
      );
      const format = exportFormat(c.meta.lang, input.tz);
      const content = await exportWorkbook(exporter, rows, format);
      const stamp = format.dateTime(Date.now()).replace(/[/:]/g, '').replace(' ', '-');
      return sendXlsx(c.reply, `${exporter.title[c.meta.lang]} ${stamp}.xlsx`, content);
    },
  );
}
