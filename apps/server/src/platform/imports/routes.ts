import type { FastifyInstance } from 'fastify';
import {
  api,
  pageTitle,
  type TBilingual,
  type TParsed,
  type importExportEndpoints,
} from '@tracehub/contract';
import type { AppDeps } from '../context.ts';
import { AppError, fieldInvalid } from '../errors.ts';
import { XLSX_CONTENT_TYPE, registerRawEndpoint, sendXlsx } from '../http-binary.ts';
import { registerEndpoint, successEnvelope } from '../http.ts';
import { wakeJobWorkers } from '../jobs/worker.ts';
import { assertMayReadImport } from '../record-access.ts';
import { withTenant } from '../tenancy.ts';
import {
  EXPORT_MAX_ROWS,
  exportFormat,
  exportWorkbook,
  templateWorkbook,
  type ExportFormat,
  type Exporter,
} from './export.ts';
import { importerOf, type Importer } from './importer.ts';
import { errorLogFileName, startImport } from './job.ts';
import { findImportRecord, importRecordRow, pageImportRecords } from './records.ts';

type ImportExportEndpoints = ReturnType<typeof importExportEndpoints>;

const FILE_LABELS = {
  template: { zh: '导入模板', en: 'import template' },
  export: { zh: '导出', en: 'export' },
} as const;

/** What a page's files are called: its menu entry (the sidebar's words), else the resource's title. */
const fileTitle = (permission: string | readonly string[], fallback: TBilingual): TBilingual =>
  pageTitle(typeof permission === 'string' ? permission : (permission[0] ?? '')) ?? fallback;

/** yyyymmdd-hhmmss of now in the export's time zone, for its file name. */
const stamp = (format: ExportFormat) => format.dateTime(Date.now()).replace(/[/:]/g, '').replace(' ', '-');

/**
 * The import and export endpoints of one resource (contract importExportEndpoints): the multipart import,
 * the template, the export of the list's rows and the resource's import records. `templateAliases` are
 * further endpoints answering the same template (a spec's own name for it, such as GET /product/download).
 */
export function registerImportExport<E extends ImportExportEndpoints, Row, Prepared, T>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoints: E,
  resource: {
    importer: Importer<Row, Prepared>;
    exporter: Exporter<TParsed<E['export']>, T>;
    templateAliases?: readonly E['template'][];
  },
): void {
  const { importer, exporter } = resource;

  registerRawEndpoint(app, deps, endpoints.importExcel, { multipart: true }, async (_input, c) => {
    const part = await c.req.file();
    // toBuffer fails with FST_REQ_FILE_TOO_LARGE (F1001 'Max5MB') beyond the multipart limit.
    const content = part ? await part.toBuffer() : null;
    if (!part || !content) throw fieldInvalid(c.meta.lang, 'file', 'v.file.required');
    const record = await startImport(
      deps,
      c.tenant,
      importer,
      { fileName: part.filename, content },
      c.meta.lang,
    );
    wakeJobWorkers();
    return successEnvelope(c.meta, record);
  });

  for (const template of [endpoints.template, ...(resource.templateAliases ?? [])]) {
    registerRawEndpoint(app, deps, template, { produces: XLSX_CONTENT_TYPE }, async (_input, c) => {
      const content = await templateWorkbook(importer.title, importer.columns, c.meta.lang);
      const title = fileTitle(template.permission ?? '', importer.title);
      const name = `${title[c.meta.lang]} ${FILE_LABELS.template[c.meta.lang]}.xlsx`;
      return sendXlsx(c.reply, name, content);
    });
  }

  registerRawEndpoint(app, deps, endpoints.export, { produces: XLSX_CONTENT_TYPE }, async (input, c) => {
    const rows = await withTenant(deps.db, c.tenant, (tx) =>
      exporter.rows(tx, c.tenant, input as TParsed<E['export']>, EXPORT_MAX_ROWS),
    );
    const format = exportFormat(c.meta.lang, (input as { tz?: string }).tz);
    const content = await exportWorkbook(exporter, rows, format);
    const title = fileTitle(endpoints.export.permission ?? '', exporter.title);
    const name = `${title[c.meta.lang]} ${FILE_LABELS.export[c.meta.lang]} ${stamp(format)}.xlsx`;
    return sendXlsx(c.reply, name, content);
  });

  registerEndpoint(app, deps, endpoints.uploadRecord, (input, { db, tenant }) =>
    pageImportRecords(db, tenant, importer.kind, input),
  );
}

/** The endpoints every import shares: one record (progress, counts) and its error log. */
export function importRecordRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { record, errorLog } = api.import;
  registerEndpoint(app, deps, record, async (input, { db, tenant }) => {
    const row = await importRecordRow(db, tenant, input.id);
    if (row) assertMayReadImport(tenant, row);
    const found = row ? await findImportRecord(db, tenant, input.id) : null;
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  });

  registerRawEndpoint(app, deps, errorLog, { produces: XLSX_CONTENT_TYPE }, async (input, c) => {
    const row = await withTenant(deps.db, c.tenant, (tx) => importRecordRow(tx, c.tenant, input.id));
    if (row) assertMayReadImport(c.tenant, row);
    const content = row?.errorLogKey ? await deps.storage.get(row.errorLogKey) : null;
    const importer = row ? importerOf(row.kind) : undefined;
    if (!row || !content || !importer) throw new AppError('NOT_FOUND');
    return sendXlsx(c.reply, errorLogFileName(importer, row.lang), content);
  });
}
