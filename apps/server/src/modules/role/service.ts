import { eq } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import {
  ENTERPRISE_MENU,
  buildMenuTree,
  type TLang,
  type TMenuNode,
  type TParsed,
  type TRole,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { violatedUnique } from '../../platform/db-errors.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import {
  assignableRoles,
  codesOfRoles,
  findRole,
  replaceRoleCodes,
  roleCodeCount,
  roleColumns,
  roleNameTaken,
  toRole,
  type RoleRow,
} from './repo.ts';

type Input<K extends keyof typeof api.role> = TParsed<(typeof api.role)[K]>;

/** The function-permission tree roles are configured from: every served module, page and operation. */
const PERMISSION_TREE: readonly TMenuNode[] = buildMenuTree(ENTERPRISE_MENU, () => true);

/** Each configurable code with the codes of its ancestors (a code can sit at several nodes). */
const ANCESTORS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const out = new Map<string, Set<string>>();
  const walk = (nodes: readonly TMenuNode[], above: readonly string[]) => {
    for (const n of nodes) {
      const set = out.get(n.code) ?? new Set<string>();
      for (const a of above) if (a !== n.code) set.add(a);
      out.set(n.code, set);
      walk(n.childs, [...above, n.code]);
    }
  };
  walk(PERMISSION_TREE, []);
  return out;
})();

export const permissionTree = (): readonly TMenuNode[] => PERMISSION_TREE;

/**
 * The codes a role stores for a selection of the tree: each chosen code with its ancestors, as a tree
 * with half-checked parents means, so an operation always comes with the page and module showing it.
 * Codes outside the served tree are refused (E1001), not silently dropped.
 */
function normaliseCodes(codes: string[], lang: TLang): string[] {
  const unknown = [...new Set(codes.filter((c) => !ANCESTORS.has(c)))];
  if (unknown.length) {
    throw fieldInvalid(lang, 'permissionCodes', 'v.role.unknownCodes', {
      codes: unknown.slice(0, 10).join(', '),
    });
  }
  const out = new Set<string>();
  for (const c of codes) {
    out.add(c);
    for (const a of ANCESTORS.get(c) ?? []) out.add(a);
  }
  return [...out].sort();
}

async function withCodes(db: Db, row: RoleRow): Promise<TRole> {
  return toRole(row, (await codesOfRoles(db, [row.id])).get(row.id) ?? []);
}

async function mustFindRole(db: Db, tenant: TenantContext, id: number, lock = false): Promise<RoleRow> {
  const row = await findRole(db, tenant, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The administrator role holds every code by definition: nobody edits, disables or reconfigures it. */
async function mustFindEditable(db: Db, tenant: TenantContext, id: number): Promise<RoleRow> {
  const row = await mustFindRole(db, tenant, id, true);
  if (row.isAdminRole) throw new AppError('ADMIN_PROTECTED');
  return row;
}

/** Runs a write that may hit the unique (enterprise, name) index of a concurrent request. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (violatedUnique(err) === 'roles_enterprise_name_uq') throw new AppError('ROLE_NAME_EXISTS');
    throw err;
  }
}

export async function pageRoles(db: Db, tenant: TenantContext, req: Input<'page'>) {
  const { list, total } = await runListQuery(db, {
    table: roles,
    select: roleColumns,
    tenantColumn: roles.enterpriseUuid,
    tenant,
    where: [filters.containsAny([roles.name, roles.nameEn], req.name), filters.eq(roles.status, req.status)],
    sortable: { name: roles.name, createdAt: roles.createdAt, status: roles.status },
    defaultSort: { column: roles.id, order: 'asc' },
    tieBreak: roles.id,
    page: req,
  });
  const codes = await codesOfRoles(
    db,
    list.map((r) => r.id),
  );
  return { list: list.map((r) => toRole(r, codes.get(r.id) ?? [])), total };
}

export const roleOptions = (db: Db, tenant: TenantContext) => assignableRoles(db, tenant);

export async function roleDetail(db: Db, tenant: TenantContext, id: number): Promise<TRole> {
  return withCodes(db, await mustFindRole(db, tenant, id));
}

/** A new role starts disabled: it can be enabled once its permissions are configured. */
export async function addRole(db: Db, tenant: TenantContext, input: Input<'add'>): Promise<TRole> {
  if (await roleNameTaken(db, tenant, input.name)) throw new AppError('ROLE_NAME_EXISTS');
  const [row] = await uniqueName(() =>
    db
      .insert(roles)
      .values({
        enterpriseUuid: tenant.enterpriseUuid,
        name: input.name,
        nameEn: input.nameEn || null,
        description: input.description || null,
        descriptionEn: input.descriptionEn || null,
        status: 'disabled',
      })
      .returning({ id: roles.id }),
  );
  return roleDetail(db, tenant, row!.id);
}

/** The names are locked while members hold the role (they know it by them); the description is not. */
export async function updateRole(db: Db, tenant: TenantContext, input: Input<'update'>): Promise<TRole> {
  const role = await mustFindEditable(db, tenant, input.id);
  const nameEn = input.nameEn || null;
  const renamed = input.name !== role.name || nameEn !== role.nameEn;
  if (renamed && role.memberCount > 0) throw new AppError('ROLE_NAME_LOCKED');
  if (input.name !== role.name && (await roleNameTaken(db, tenant, input.name, role.id))) {
    throw new AppError('ROLE_NAME_EXISTS');
  }
  await uniqueName(() =>
    db
      .update(roles)
      .set({
        name: input.name,
        nameEn,
        description: input.description || null,
        descriptionEn: input.descriptionEn || null,
        updatedAt: new Date(),
      })
      .where(eq(roles.id, role.id)),
  );
  return roleDetail(db, tenant, role.id);
}

export async function updateRoleStatus(
  db: Db,
  tenant: TenantContext,
  input: Input<'updateStatus'>,
): Promise<TRole> {
  const role = await mustFindEditable(db, tenant, input.id);
  if (input.status === 'enabled' && (await roleCodeCount(db, role.id)) === 0) {
    throw new AppError('ROLE_NEEDS_PERMISSIONS');
  }
  if (input.status === 'disabled' && role.memberCount > 0) throw new AppError('ROLE_IN_USE');
  await db.update(roles).set({ status: input.status, updatedAt: new Date() }).where(eq(roles.id, role.id));
  return roleDetail(db, tenant, role.id);
}

/** Function, data and project permissions; members see the change on their next request. */
export async function configureRole(
  db: Db,
  tenant: TenantContext,
  input: Input<'configAuth'>,
  lang: TLang,
): Promise<TRole> {
  const role = await mustFindEditable(db, tenant, input.id);
  const codes = normaliseCodes(input.permissionCodes, lang);
  // An enabled role keeps at least one code, as enabling required.
  if (codes.length === 0 && role.status === 'enabled') throw new AppError('ROLE_NEEDS_PERMISSIONS');
  await replaceRoleCodes(db, role.id, codes);
  await db
    .update(roles)
    .set({
      dataScope: input.dataScope,
      projectScope: input.projectScope,
      projectCodes: input.projectScope === 'all' ? [] : [...new Set(input.projectCodes)],
      updatedAt: new Date(),
    })
    .where(eq(roles.id, role.id));
  return roleDetail(db, tenant, role.id);
}
