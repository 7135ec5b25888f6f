import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { importExportEndpoints } from './imports.ts';
import { recordStamps } from './ledger.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';

/** Notes of a project code: at most 100 characters, like the spec's other notes (templates, rules, remarks). */
export const PROJECT_NOTES_MAX = 100;

/**
 * A project code of the enterprise (spec 3 "Project code: code, notes, created time"; 9: at most 100
 * characters), unique in the enterprise. The same schema validates the create call and every imported row.
 */
export const ZProjectCreate = z.object({
  code: z.string().trim().min(1).max(LIMITS.projectNumberMax),
  notes: z.string().trim().max(PROJECT_NOTES_MAX).optional().default(''),
});
export type TProjectCreate = z.infer<typeof ZProjectCreate>;

export const ZProjectUpdate = ZProjectCreate.extend({ id: z.number().int() });

export const ZProjectCode = z.object({
  id: z.number().int(),
  code: z.string(),
  notes: z.string(),
  ...recordStamps,
});
export type TProjectCode = z.infer<typeof ZProjectCode>;

/** Search fields of the project-code list (and of its export): code and notes contain, created time range. */
export const ZProjectFilters = {
  code: z.string().trim().max(LIMITS.projectNumberMax).optional(),
  notes: z.string().trim().max(PROJECT_NOTES_MAX).optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

export const projectEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/project/page',
    input: listRequest(ZProjectFilters),
    output: ZListResponse(ZProjectCode),
    auth: 'enterprise',
    permission: 'Project',
    tag: 'project',
    summary:
      "The enterprise's project codes with their on-chain evidence; sortField code, createdAt (default, newest first) or updatedAt",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/project/detail',
    input: z.object({ id: z.number().int() }),
    output: ZProjectCode,
    auth: 'enterprise',
    permission: 'Project',
    tag: 'project',
    summary: 'One project code',
  }),
  add: endpoint({
    method: 'POST',
    path: '/project/add',
    input: ZProjectCreate,
    output: ZProjectCode,
    auth: 'enterprise',
    permission: 'Project:Create',
    tag: 'project',
    summary: 'Create a project code (unique in the enterprise; B2041 when it exists); recorded as evidence',
  }),
  update: endpoint({
    method: 'POST',
    path: '/project/update',
    input: ZProjectUpdate,
    output: ZProjectCode,
    auth: 'enterprise',
    permission: 'Project:Edit',
    tag: 'project',
    summary: 'Change the code or notes of a project code; recorded as evidence',
  }),
  delete: endpoint({
    method: 'POST',
    path: '/project/delete',
    input: z.object({ id: z.number().int() }),
    output: z.null(),
    auth: 'enterprise',
    permission: 'Project:Delete',
    tag: 'project',
    summary: 'Delete a project code; refused (B2040) while business data references it; recorded as evidence',
  }),
  ...importExportEndpoints({
    kind: 'project',
    base: '/project',
    code: 'Project',
    filters: ZProjectFilters,
    tag: 'project',
    noun: 'project codes',
  }),
};
