import { eq } from 'drizzle-orm';
import { ENTERPRISE_MENU, EXAMINE_STATUS, menuCodes } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, users } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { certifyEnterprise, registerCompanies } from '../demo-companies.ts';
import { DEMO_PASSWORD, insertAccounts, insertCertifiedEnterprise, insertStandardRoles } from '../demo.ts';
import type { PlanEnterprise } from './enterprises-plan.ts';

// The scale enterprises, created as the demo creates its own (seed/demo.ts, demo-companies.ts): each a
// certified enterprise with a platform-hosted key pair and DID, its administrator account (the demo
// password), the administrator and clerk roles, the licence and ID photo uploads, the approved
// certification and its certificate (a verifiable credential), each upload and certificate recorded as
// evidence; all of them in the registry the built-in verifier reads.

/** Enterprises per transaction: a certification signs and stores three images, keep transactions short. */
const PER_TRANSACTION = 20;

/** Certification times: fixed, one hour apart, before the business year of the data set. */
export const certifiedAtOf = (index: number) => new Date(Date.UTC(2023, 8, 1) + index * 3_600_000);

export const ALL_CODES: ReadonlySet<string> = new Set(menuCodes(ENTERPRISE_MENU));

/** The administrator's tenant context: every permission, all company data. */
export const tenantOf = (enterpriseUuid: string, userId: number): TenantContext => ({
  enterpriseUuid,
  userId,
  permissions: ALL_CODES,
  dataScope: 'company',
  unconfigured: new Set(),
});

/** Creates the enterprises; answers each one's administrator user id, by enterprise index. */
export async function writeEnterprises(
  deps: Pick<AppDeps, 'db' | 'masterKey' | 'platformKey' | 'storage' | 'config'>,
  ents: readonly PlanEnterprise[],
  log: (line: string) => void,
): Promise<number[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [operator] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isOperator, true))
    .orderBy(users.id)
    .limit(1);
  const admins: number[] = [];
  for (let start = 0; start < ents.length; start += PER_TRANSACTION) {
    const batch = ents.slice(start, start + PER_TRANSACTION);
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      for (const e of batch) {
        const certifiedAt = certifiedAtOf(e.index);
        const row = {
          uuid: e.uuid,
          name: e.name.zh,
          englishName: e.name.en,
          chineseShort: e.short.zh,
          englishShort: e.short.en,
          usci: e.usci,
          role: e.tier === 'auto' ? 1 : 0,
          businessAttribute: e.businessAttribute,
          scene: e.scene,
        };
        const identity = await insertCertifiedEnterprise(
          tx,
          { masterKey: deps.masterKey, chainId: deps.config.CHAIN_ID },
          row,
          e.profile,
          certifiedAt,
        );
        const ids = await insertAccounts(
          tx,
          [{ username: e.admin.username, email: e.admin.email, chineseName: e.profile.legalPersonName }],
          passwordHash,
        );
        const admin = ids.get(e.admin.username)!;
        await insertStandardRoles(tx, e.uuid, { administrator: admin });
        await tx.insert(enterpriseUsers).values({
          enterpriseUuid: e.uuid,
          userId: admin,
          examineStatus: EXAMINE_STATUS.approved,
          isAdmin: true,
          examineName: e.name.zh,
          auditedBy: operator?.id ?? null,
          auditedAt: certifiedAt,
          gmtModified: certifiedAt,
        });
        await tx.update(users).set({ lastEnterpriseUuid: e.uuid }).where(eq(users.id, admin));
        await certifyEnterprise(
          tx,
          {
            storage: deps.storage,
            keys: deps,
            platformKey: deps.platformKey,
            operatorUserId: operator?.id ?? null,
            now: certifiedAt,
          },
          { ...row, did: identity.did, chainAddress: identity.address, applicantUserId: admin },
          e.profile,
        );
        admins[e.index] = admin;
      }
      if (start + batch.length >= ents.length) {
        await registerCompanies(
          tx,
          ents.map((e) => ({ usci: e.usci, name: e.name.zh, englishName: e.name.en, source: 'scale' })),
        );
      }
    });
    log(`enterprises: ${Math.min(start + PER_TRANSACTION, ents.length)} / ${ents.length} certified`);
  }
  return admins;
}
