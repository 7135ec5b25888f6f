import type { api, TListResponse, TParsed, TProjectCode } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidence, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { EVIDENCE, projectEvidence } from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import {
  deleteProject,
  PROJECT_KEY,
  findProject,
  insertProjects,
  projectListQuery,
  updateProject,
  withChainDetails,
  type ProjectRow,
} from './repo.ts';

// Project codes (/basicData/project). Every function takes the tenant transaction; each change is recorded
// as evidence in it, so there is never a change without its evidence or the reverse.

type Input<K extends keyof typeof api.project> = TParsed<(typeof api.project)[K]>;

const UNIQUE_CODE = 'project_codes_enterprise_code_uq';

async function mustFind(db: Db, tenant: TenantContext, id: number): Promise<ProjectRow> {
  const row = await findProject(db, tenant, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function assertCodeFree(db: Db, tenant: TenantContext, code: string): Promise<void> {
  if ((await existingNaturalKeys(db, tenant.enterpriseUuid, PROJECT_KEY, [[code]])).length > 0) {
    throw new AppError('PROJECT_CODE_EXISTS');
  }
}

/** A concurrent request that won the unique index is the same duplicate as one found before. */
const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_CODE]: 'PROJECT_CODE_EXISTS' });

const detailOf = async (db: Db, row: ProjectRow): Promise<TProjectCode> =>
  (await withChainDetails(db, [row]))[0]!;

export async function pageProjects(
  db: Db,
  tenant: TenantContext,
  req: Input<'page'>,
): Promise<TListResponse<TProjectCode>> {
  const { list, total } = await runListQuery(db, projectListQuery(tenant, req));
  return { list: await withChainDetails(db, list), total };
}

export async function projectDetail(db: Db, tenant: TenantContext, id: number): Promise<TProjectCode> {
  return detailOf(db, await mustFind(db, tenant, id));
}

export async function addProject(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  input: Input<'add'>,
): Promise<TProjectCode> {
  await assertCodeFree(db, tenant, input.code);
  const [row] = await duplicateAsExists(() => insertProjects(db, tenant, [input]));
  await appendEvidence(db, keys, projectEvidence(EVIDENCE.projectCreated, row!));
  return detailOf(db, row!);
}

/**
 * Changes the code or notes. A new code must be free, and business data must not reference the old one
 * (it names the project by its code). Nothing changed: nothing recorded.
 */
export async function editProject(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  input: Input<'update'>,
): Promise<TProjectCode> {
  const current = await mustFind(db, tenant, input.id);
  if (current.code === input.code && current.notes === input.notes) return detailOf(db, current);
  if (current.code !== input.code) {
    await assertCodeFree(db, tenant, input.code);
    await assertNotReferenced(db, tenant, 'project', [current]);
  }
  const row = await duplicateAsExists(() =>
    updateProject(db, tenant, current.id, { code: input.code, notes: input.notes }),
  );
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, projectEvidence(EVIDENCE.projectUpdated, row));
  return detailOf(db, row);
}

/** Deletes a project code that no business data references (spec 8), and records the deletion. */
export async function removeProject(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  id: number,
): Promise<null> {
  const current = await mustFind(db, tenant, id);
  await assertNotReferenced(db, tenant, 'project', [current]);
  const row = await deleteProject(db, tenant, current.id);
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, projectEvidence(EVIDENCE.projectDeleted, row));
  return null;
}
