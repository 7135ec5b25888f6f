import type { z } from 'zod';
import { LIMITS } from './limits.ts';
import {
  createdAtField,
  defineRecord,
  optionalTextField,
  recordEndpointsOf,
  recordImportExportOf,
  requiredTextField,
} from './record-catalogue.ts';

/** Notes of a project code: at most 100 characters, like the spec's other notes (templates, rules, remarks). */
export const PROJECT_NOTES_MAX = 100;

/**
 * Project codes of the enterprise (spec 2.2 /basicData/project, 3 "Project code: code, notes, created time";
 * 9: at most 100 characters), unique in the enterprise. One declaration: the endpoints, the server's
 * writes, import, export and evidence, and the web's list, form and detail all derive from it.
 */
export const projectRecord = defineRecord({
  name: 'project',
  code: 'Project',
  base: '/project',
  tag: 'project',
  title: { zh: '项目编号', en: 'Project codes' },
  noun: { zh: '项目编号', en: 'project code' },
  fields: {
    code: {
      label: { zh: '项目编号', en: 'Project code' },
      ...requiredTextField(LIMITS.projectNumberMax),
      list: { width: 220 },
      search: 'contains',
      basic: true,
      sort: true,
      import: { example: 'PRJ-2026-001' },
    },
    notes: {
      label: { zh: '备注', en: 'Notes' },
      ...optionalTextField(PROJECT_NOTES_MAX, 'textarea'),
      list: { width: 300 },
      search: 'contains',
      basic: true,
      detail: 'wide',
      import: { example: '新能源平台项目 / EV platform' },
    },
    createdAt: createdAtField,
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, kind: 'datetime' },
  },
  naturalKey: { fields: ['code'], exists: 'PROJECT_CODE_EXISTS' },
  importExport: true,
  attachments: true,
  summaries: {
    add: 'Create a project code (unique in the enterprise; B2041 when it exists); recorded as evidence',
    update: 'Change the code or notes of a project code; recorded as evidence',
  },
});

/** The same schema validates the create call and every imported row. */
export const ZProjectCreate = projectRecord.create;
export type TProjectCreate = z.infer<typeof ZProjectCreate>;
export const ZProjectUpdate = projectRecord.update;
export const ZProjectCode = projectRecord.item;
export type TProjectCode = z.infer<typeof ZProjectCode>;
/** Search fields of the project-code list (and of its export): code and notes contain, created time range. */
export const ZProjectFilters = projectRecord.filters;

export const projectEndpoints = {
  ...recordEndpointsOf(projectRecord),
  ...recordImportExportOf(projectRecord),
};
