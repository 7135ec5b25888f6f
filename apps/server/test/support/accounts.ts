import type { FastifyInstance } from 'fastify';
import type { TLoginStep, TMember, TMemberCreated, TRole, TSessionToken } from '@tracehub/contract';
import { call, type TestApp } from './app.ts';
import { rolePermissions } from '../../src/db/schema.ts';
import { dbOf, expectOk, loginStep } from './helpers.ts';

/**
 * Account administration through the API, as an enterprise administrator does it: roles with their
 * permission codes, members holding them, and signing in as those members.
 */

let serial = 0;
/** A user name (and e-mail) no test has used yet. */
export function uniqueName(prefix = 'member'): string {
  serial += 1;
  return `${prefix}-${process.pid}-${serial}`;
}

/** Creates a role with these codes and enables it (when it has codes); returns it. */
export async function createRole(
  app: FastifyInstance,
  adminToken: string,
  codes: string[],
  opts: { name?: string; dataScope?: 'company' | 'account' } = {},
): Promise<TRole> {
  const role = expectOk(
    await call<TRole>(app, '/role/add', {
      token: adminToken,
      body: { name: opts.name ?? uniqueName('角色'), nameEn: 'Test role' },
    }),
  );
  const configured = expectOk(
    await call<TRole>(app, '/role/configAuth', {
      token: adminToken,
      body: {
        id: role.id,
        permissionCodes: codes,
        dataScope: opts.dataScope ?? 'company',
        projectScope: 'all',
      },
    }),
  );
  if (codes.length === 0) return configured;
  return expectOk(
    await call<TRole>(app, '/role/updateStatus', {
      token: adminToken,
      body: { id: role.id, status: 'enabled' },
    }),
  );
}

/** Creates a member (new account with a one-time password, answered here) holding these roles. */
export async function createMember(
  app: FastifyInstance,
  adminToken: string,
  roleIds: number[],
  username = uniqueName(),
): Promise<TMemberCreated> {
  return expectOk(
    await call<TMemberCreated>(app, '/member/add', {
      token: adminToken,
      body: { username, email: `${username}@example.com`, roleIds },
    }),
  );
}

/** Both sign-in steps with a given password; returns the session token. */
export async function signInAs(
  app: FastifyInstance,
  account: string,
  password: string,
  enterpriseUuid: string,
): Promise<string> {
  const step = await loginStep(app, account, password);
  const session = expectOk(
    await call<TSessionToken>(app, '/login/selectEnterprise', {
      body: { isLogined: false, loginAccount: account, enterpriseUuid, verifyKey: step.verifyKey },
    }),
  );
  return session.token;
}

/** The password test members set for themselves at their first sign-in. */
export const MEMBER_PASSWORD = 'Member@2030';

/**
 * The first sign-in with a one-time password: the password step, which may only change it, then the
 * change-password step. Returns the normal sign-in step that follows.
 */
export async function setOwnPassword(
  app: FastifyInstance,
  account: string,
  oneTimePassword: string,
  password = MEMBER_PASSWORD,
): Promise<TLoginStep> {
  const step = await loginStep(app, account, oneTimePassword);
  if (!step.mustChangePassword) throw new Error(`${account} was not asked to change its password`);
  return expectOk(
    await call<TLoginStep>(app, '/login/changePassword', {
      body: { loginAccount: account, verifyKey: step.verifyKey, password, confirmPassword: password },
    }),
  );
}

/** A new member's first sign-in: sets its own password, then signs in to the enterprise; the token. */
export async function firstSignIn(
  app: FastifyInstance,
  member: Pick<TMemberCreated, 'username' | 'oneTimePassword'>,
  enterpriseUuid: string,
  password = MEMBER_PASSWORD,
): Promise<string> {
  await setOwnPassword(app, member.username, member.oneTimePassword, password);
  return signInAs(app, member.username, password, enterpriseUuid);
}

/**
 * A new member of the enterprise with only these codes, signed in after setting its own password
 * (`password`): its token and member row.
 */
export async function memberWith(
  t: Pick<TestApp, 'app' | 'runtime'>,
  adminToken: string,
  enterpriseUuid: string,
  codes: string[],
): Promise<{ token: string; member: TMember; role: TRole; password: string }> {
  const role = await createRole(t.app, adminToken, codes);
  const member = await createMember(t.app, adminToken, [role.id]);
  const token = await firstSignIn(t.app, member, enterpriseUuid);
  return { token, member, role, password: MEMBER_PASSWORD };
}

/**
 * A new member of the enterprise holding exactly these codes (and Workbench), granted in the database: the
 * role API completes a set of codes as the console's permission tree does, while a test of a server check
 * needs one code without the others. Answers the member's token.
 */
export async function memberWithExactCodes(
  t: Pick<TestApp, 'app' | 'runtime'>,
  adminToken: string,
  enterpriseUuid: string,
  codes: readonly string[],
  opts: { dataScope?: 'company' | 'account' } = {},
): Promise<string> {
  const role = await createRole(t.app, adminToken, ['Workbench'], opts);
  if (codes.length > 0)
    await dbOf(t)
      .insert(rolePermissions)
      .values(codes.map((code) => ({ roleId: role.id, code })))
      .onConflictDoNothing();
  return firstSignIn(t.app, await createMember(t.app, adminToken, [role.id]), enterpriseUuid);
}
