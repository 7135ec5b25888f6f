import { ZProjectCreate, type api, type TParsed } from '@tracehub/contract';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { EVIDENCE, projectEvidence } from '../../platform/ledger/subjects.ts';
import type { Exporter } from '../../platform/imports/export.ts';
import { defineImporter } from '../../platform/imports/importer.ts';
import { runListRows } from '../../platform/list-query.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { insertProjects, PROJECT_KEY, projectListQuery, type ProjectRow } from './repo.ts';

// Bulk import and export of project codes: the template's columns are the create call's fields, the
// natural key is the code (unique in the enterprise), each imported code is recorded as evidence.

const TITLE = { zh: '项目编号', en: 'Project codes' };
const CODE = { zh: '项目编号', en: 'Project code' };
const NOTES = { zh: '备注', en: 'Notes' };

export const projectImporter = defineImporter({
  kind: 'project',
  title: TITLE,
  columns: [
    { key: 'code', ...CODE, example: 'PRJ-2026-001' },
    { key: 'notes', ...NOTES, example: '新能源平台项目 / EV platform' },
  ],
  schema: ZProjectCreate,
  naturalKey: (row) => [row.code],
  existingKeys: (ctx, keys) => existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, PROJECT_KEY, keys),
  async insertRows(ctx, rows) {
    const inserted = await insertProjects(ctx.db, ctx.tenant, rows);
    await appendEvidenceBatch(
      ctx.db,
      ctx.keys,
      inserted.map((row) => projectEvidence(EVIDENCE.projectCreated, row)),
    );
  },
});

export const projectExporter: Exporter<TParsed<typeof api.project.export>, ProjectRow> = {
  title: TITLE,
  columns: [
    { ...CODE, value: (row) => row.code },
    { ...NOTES, value: (row) => row.notes },
    { zh: '创建时间', en: 'Created', value: (row, format) => format.dateTime(row.createdAt.getTime()) },
  ],
  rows: (db, tenant, filters, limit) => runListRows(db, projectListQuery(tenant, filters), limit),
};
