import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  validationMessage,
  type TListResponse,
  OWN_ACCOUNT_CODES,
  type TMenuNode,
  type TRole,
  type TUserInfo,
} from '@tracehub/contract';
import { rolePermissions, roles } from '../src/db/schema.ts';
import { AS_AUTO, AUTO_UUID, SUPPLIER_UUID, call, signIn, useTestApp } from './support/app.ts';
import { createMember, createRole, memberWith, uniqueName } from './support/accounts.ts';
import { SERVED_MODULES, dbOf, expectError, expectOk } from './support/helpers.ts';

describe('roles (/account/role)', () => {
  const t = useTestApp({ admin: AS_AUTO });
  let adminRole: TRole;
  let clerk: TRole;

  const post = <T = TRole>(path: string, body: unknown, token = t.admin, lang?: 'zh' | 'en') =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const page = async (body: Record<string, unknown> = {}, token = t.admin) =>
    expectOk(await post<TListResponse<TRole>>('/role/page', { pageSize: 100, ...body }, token));
  const roleRow = async (id: number) => (await dbOf(t).select().from(roles).where(eq(roles.id, id)))[0]!;
  const codesInDb = async (id: number) =>
    (
      await dbOf(t)
        .select({ code: rolePermissions.code })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, id))
    )
      .map((r) => r.code)
      .sort();

  beforeAll(async () => {
    const all = (await page()).list;
    adminRole = all.find((r) => r.isAdminRole)!;
    clerk = all.find((r) => r.name === '业务专员')!;
  });

  it('lists the roles with their member counts and codes, filtered by name and status', async () => {
    const all = await page();
    expect(all.total).toBe(all.list.length);
    expect(adminRole).toMatchObject({
      name: '管理员',
      status: 'enabled',
      memberCount: 1,
      dataScope: 'company',
    });
    expect(clerk).toMatchObject({
      nameEn: 'Business clerk',
      memberCount: 1,
      projectScope: 'all',
      projectCodes: [],
    });
    expect(clerk.permissionCodes).toEqual(['PerBasic', 'PerFrom', 'UserCenter', 'Workbench']);
    expect((await page({ name: 'clerk' })).list.map((r) => r.id)).toEqual([clerk.id]);
    expect((await page({ name: '管理' })).list.map((r) => r.id)).toEqual([adminRole.id]);
    const created = await createRole(t.app, t.admin, []);
    const disabled = await page({ status: 'disabled' });
    expect(disabled.list.map((r) => r.id)).toContain(created.id);
    expect(disabled.list.every((r) => r.status === 'disabled')).toBe(true);
    expect((await page({ pageSize: 1, pageNo: 2 })).list.map((r) => r.id)).toEqual([all.list[1]!.id]);
  });

  it('serves the function-permission tree of the served pages with their operations', async () => {
    const tree = expectOk(await post<TMenuNode[]>('/role/menuTree', {}));
    const codes: string[] = [];
    const walk = (nodes: TMenuNode[]) => nodes.forEach((n) => (codes.push(n.code), walk(n.childs)));
    walk(tree);
    expect(tree.map((n) => n.code)).toEqual([...SERVED_MODULES]);
    expect(codes).toEqual(
      expect.arrayContaining(['Member', 'CreateMember', 'SetPermission', 'Audit', 'BatchAudit']),
    );
    expect(codes).toEqual(expect.arrayContaining(['EditUserName', 'EditEmail', 'ViewBlockchainCertificate']));
    expect(codes).toEqual(
      expect.arrayContaining(['PurchaseContract', 'PurchaseContract:Create', 'InternalE2']),
    );
    expect(codes).toEqual(
      expect.arrayContaining(['RuleList', 'SetFactors', 'CheckLog', 'Checking', 'DailyReport']),
    );
    // Pages that are not built are not offered.
    expect(codes).not.toContain('AuthApply');
  });

  it('creates a role disabled and without permissions; the Chinese name is unique per enterprise', async () => {
    const name = uniqueName('质检员');
    const role = expectOk(await post('/role/add', { name, nameEn: 'Inspector', description: '质量检查' }));
    expect(role).toMatchObject({
      name,
      nameEn: 'Inspector',
      description: '质量检查',
      status: 'disabled',
      isAdminRole: false,
      permissionCodes: [],
      memberCount: 0,
    });
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/role/add', { name, nameEn: 'Other' }, t.admin, lang),
        'ROLE_NAME_EXISTS',
        lang,
      );
      expectError(await post('/role/add', { name: '业务专员' }, t.admin, lang), 'ROLE_NAME_EXISTS', lang);
    }
    expect((await post('/role/add', { name: '业务专员' }, t.admin, 'en')).body.msg).toBe('Role name exists');
    // Another enterprise may use the same name.
    const supplier = await signIn(t.app, 'demo-supplier', SUPPLIER_UUID);
    expect(expectOk(await post('/role/add', { name }, supplier)).name).toBe(name);
  });

  it('limits names and descriptions to 100 characters and requires the name', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        '/role/add',
        { name: 'x'.repeat(101), description: 'y'.repeat(101) },
        t.admin,
        lang,
      );
      expect(res.body.code).toBe('E1001');
      expect(res.body.data).toEqual({
        fields: [
          { field: 'name', message: validationMessage('v.tooLong', lang, { field: 'name', max: 100 }) },
          {
            field: 'description',
            message: validationMessage('v.tooLong', lang, { field: 'description', max: 100 }),
          },
        ],
      });
      const blank = await post('/role/add', { name: '   ' }, t.admin, lang);
      expect(blank.body.data).toEqual({
        fields: [{ field: 'name', message: validationMessage('v.required', lang, { field: 'name' }) }],
      });
    }
    expectOk(await post('/role/add', { name: '甲'.repeat(100), description: '乙'.repeat(100) }));
  });

  it('enables a role only once it has permissions', async () => {
    const role = expectOk(await post('/role/add', { name: uniqueName('待配置') }));
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/role/updateStatus', { id: role.id, status: 'enabled' }, t.admin, lang),
        'ROLE_NEEDS_PERMISSIONS',
        lang,
      );
    }
    expect((await roleRow(role.id)).status).toBe('disabled');
    expectOk(
      await post('/role/configAuth', {
        id: role.id,
        permissionCodes: ['Workbench'],
        dataScope: 'company',
        projectScope: 'all',
      }),
    );
    const enabled = expectOk(await post('/role/updateStatus', { id: role.id, status: 'enabled' }));
    expect(enabled.status).toBe('enabled');
    // An enabled role cannot be configured down to nothing.
    expectError(
      await post('/role/configAuth', {
        id: role.id,
        permissionCodes: [],
        dataScope: 'company',
        projectScope: 'all',
      }),
      'ROLE_NEEDS_PERMISSIONS',
    );
    expect(await codesInDb(role.id)).toEqual(['Workbench']);
  });

  it('configures function, data and project permissions, adding the pages and modules of operations', async () => {
    const role = expectOk(await post('/role/add', { name: uniqueName('配置') }));
    const configured = expectOk(
      await post('/role/configAuth', {
        id: role.id,
        permissionCodes: ['CreateMember', 'ResetPassword', 'CreateMember'],
        dataScope: 'account',
        projectScope: 'selected',
        projectCodes: ['P-001', 'P-002', 'P-001'],
      }),
    );
    expect(configured).toMatchObject({
      permissionCodes: ['Account', 'CreateMember', 'Member', 'ResetPassword'],
      dataScope: 'account',
      projectScope: 'selected',
      projectCodes: ['P-001', 'P-002'],
    });
    expect(await codesInDb(role.id)).toEqual(['Account', 'CreateMember', 'Member', 'ResetPassword']);
    // Replaced, not merged; 'all' projects keeps no list.
    const again = expectOk(
      await post('/role/configAuth', {
        id: role.id,
        permissionCodes: ['Log'],
        dataScope: 'company',
        projectScope: 'all',
        projectCodes: ['P-009'],
      }),
    );
    expect(again).toMatchObject({ permissionCodes: ['Log'], projectScope: 'all', projectCodes: [] });
    expect(expectOk(await post('/role/detail', { id: role.id }))).toEqual(again);
  });

  it('refuses codes outside the served tree and a project selection without projects (E1001)', async () => {
    const role = expectOk(await post('/role/add', { name: uniqueName('非法') }));
    for (const lang of ['zh', 'en'] as const) {
      const res = await post(
        '/role/configAuth',
        {
          id: role.id,
          permissionCodes: ['Workbench', 'AuthApply', 'NoSuchCode'],
          dataScope: 'company',
          projectScope: 'all',
        },
        t.admin,
        lang,
      );
      const message = validationMessage('v.role.unknownCodes', lang, {
        field: 'permissionCodes',
        codes: 'AuthApply, NoSuchCode',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'E1001',
        data: { fields: [{ field: 'permissionCodes', message }] },
      });
      const noProjects = await post(
        '/role/configAuth',
        { id: role.id, permissionCodes: ['Workbench'], dataScope: 'company', projectScope: 'selected' },
        t.admin,
        lang,
      );
      expect(noProjects.body.data).toEqual({
        fields: [{ field: 'projectCodes', message: validationMessage('v.role.projectCodes', lang) }],
      });
    }
    expect(await codesInDb(role.id)).toEqual([]);
  });

  it('locks the names of a role members hold, and keeps it from being disabled', async () => {
    const role = await createRole(t.app, t.admin, ['Workbench'], { name: uniqueName('在用') });
    const renamed = expectOk(
      await post('/role/update', {
        id: role.id,
        name: `${role.name}-2`,
        nameEn: 'Renamed',
        description: '说明',
      }),
    );
    expect(renamed).toMatchObject({ name: `${role.name}-2`, nameEn: 'Renamed', description: '说明' });
    expectError(await post('/role/update', { id: role.id, name: clerk.name }), 'ROLE_NAME_EXISTS');

    await createMember(t.app, t.admin, [role.id]);
    expect(expectOk(await post('/role/detail', { id: role.id })).memberCount).toBe(1);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/role/update', { id: role.id, name: 'new', nameEn: 'Renamed' }, t.admin, lang),
        'ROLE_NAME_LOCKED',
        lang,
      );
      expectError(
        await post('/role/update', { id: role.id, name: renamed.name, nameEn: 'Other' }, t.admin, lang),
        'ROLE_NAME_LOCKED',
        lang,
      );
      expectError(
        await post('/role/updateStatus', { id: role.id, status: 'disabled' }, t.admin, lang),
        'ROLE_IN_USE',
        lang,
      );
    }
    // The description stays editable.
    const described = expectOk(
      await post('/role/update', {
        id: role.id,
        name: renamed.name,
        nameEn: 'Renamed',
        description: '新的说明',
      }),
    );
    expect(described.description).toBe('新的说明');
    expect(await roleRow(role.id)).toMatchObject({ name: renamed.name, status: 'enabled' });
  });

  it('disables a role no member holds', async () => {
    const role = await createRole(t.app, t.admin, ['Workbench']);
    expect(expectOk(await post('/role/updateStatus', { id: role.id, status: 'disabled' })).status).toBe(
      'disabled',
    );
    // A disabled role is not offered to members.
    const options = expectOk(await post<{ id: number }[]>('/role/options', {}));
    expect(options.map((o) => o.id)).not.toContain(role.id);
    expect(options.map((o) => o.id)).toContain(clerk.id);
    expect(options.map((o) => o.id)).not.toContain(adminRole.id);
  });

  it('never changes the administrator role', async () => {
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await post('/role/update', { id: adminRole.id, name: '超级管理员' }, t.admin, lang),
        'ADMIN_PROTECTED',
        lang,
      );
      expectError(
        await post('/role/updateStatus', { id: adminRole.id, status: 'disabled' }, t.admin, lang),
        'ADMIN_PROTECTED',
        lang,
      );
      expectError(
        await post(
          '/role/configAuth',
          { id: adminRole.id, permissionCodes: ['Workbench'], dataScope: 'account', projectScope: 'all' },
          t.admin,
          lang,
        ),
        'ADMIN_PROTECTED',
        lang,
      );
    }
    const row = await roleRow(adminRole.id);
    expect(row).toMatchObject({ name: '管理员', status: 'enabled', dataScope: 'company' });
    expect((await codesInDb(adminRole.id)).length).toBe(adminRole.permissionCodes.length);
  });

  it('answers E1003 for unknown role ids, also beyond the integer range', async () => {
    for (const id of [999_999, 3_000_000_000, 0, -1]) {
      expectError(await post('/role/detail', { id }), 'NOT_FOUND');
      expectError(await post('/role/update', { id, name: 'x' }), 'NOT_FOUND');
    }
  });

  it("applies a role's changes on its members' next request", async () => {
    const { token, role } = await memberWith(t, t.admin, AUTO_UUID, ['Member', 'Workbench']);
    expectOk(await post('/member/page', {}, token));
    const info = expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, token));
    // Besides the user centre's own-account codes, which every member holds whatever its roles.
    const roleCodes = (codes: string[]) => codes.filter((c) => !OWN_ACCOUNT_CODES.has(c));
    expect(info.permissions).toEqual(expect.arrayContaining([...OWN_ACCOUNT_CODES]));
    expect(roleCodes(info.permissions)).toEqual(['Account', 'Member', 'Workbench']);

    expectOk(
      await post('/role/configAuth', {
        id: role.id,
        permissionCodes: ['Workbench'],
        dataScope: 'account',
        projectScope: 'all',
      }),
    );
    expectError(await post('/member/page', {}, token), 'FORBIDDEN');
    const after = expectOk(await post<TUserInfo>('/profile/selectUserInfo', {}, token));
    expect(roleCodes(after.permissions)).toEqual(['Workbench']);
    expect(
      await dbOf(t)
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, role.id), eq(roles.dataScope, 'account'))),
    ).toHaveLength(1);
  });
});
