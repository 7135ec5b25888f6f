import type { FastifyInstance } from 'fastify';
import type { importExportEndpoints, TRecordDeclaration, TRecordField } from '@tracehub/contract';
import type { AppDeps } from '../context.ts';
import type { Exporter } from '../imports/export.ts';
import type { Importer } from '../imports/importer.ts';
import { registerImportExport } from '../imports/routes.ts';
import { registerRecordEndpoints, type RecordEndpoints } from '../record-routes.ts';
import type { RecordStore, RowValues, StoredRow } from './store.ts';

type Decl = TRecordDeclaration<Record<string, TRecordField>>;
type ImportExportEndpoints = ReturnType<typeof importExportEndpoints>;

/**
 * The routes of a record declaration: its six record endpoints handled by the store (writes with the
 * evidence keys), and, given its importer and exporter, its import, template, export and upload records.
 */
export function registerRecord<D extends Decl, Row extends StoredRow>(
  app: FastifyInstance,
  deps: AppDeps,
  endpoints: RecordEndpoints & Partial<ImportExportEndpoints>,
  store: RecordStore<D, Row>,
  transfers?: { importer: Importer<RowValues>; exporter: Exporter<never, Row> },
): void {
  registerRecordEndpoints(
    app,
    deps,
    endpoints,
    {
      page: (db, tenant, req) => store.page(db, tenant, req as never),
      detail: (db, tenant, id) => store.detail(db, tenant, id),
      add: (db, tenant, input) => store.add(db, deps, tenant, input as RowValues),
      update: (db, tenant, input) => store.update(db, deps, tenant, input as RowValues & { id: number }),
      remove: (db, tenant, ids) => store.remove(db, deps, tenant, ids),
    },
    { batchDeleteCount: store.decl.batchDeleteCount !== false },
  );
  if (!transfers) return;
  const { importExcel, template, export: exportEndpoint, uploadRecord } = endpoints;
  if (!importExcel || !template || !exportEndpoint || !uploadRecord) {
    throw new Error(`${store.decl.name}: import and export need their endpoints`);
  }
  registerImportExport(app, deps, { importExcel, template, export: exportEndpoint, uploadRecord }, transfers);
}
