import { count, eq, inArray } from 'drizzle-orm';
import { ENTERPRISE_MENU, EXAMINE_STATUS, menuCodes, type TCompanyForm } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { enterpriseUsers, enterprises, rolePermissions, roles, userRoles, users } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../platform/crypto.ts';
import { newEnterpriseIdentity, type EnterpriseIdentity } from '../platform/keys.ts';
import type { PlatformKey } from '../platform/ledger/platform-key.ts';
import type { Mailer } from '../platform/mail.ts';
import type { FileStorage } from '../platform/storage.ts';
import { seedDemoRisk } from '../modules/risk/public.ts';
import { seedDemoSupplyChain } from './demo-supply-chain.ts';
import {
  DEMO_PROFILES,
  demoProfileColumns,
  seedCertificationData,
  usciOf as usci,
  type DemoProfile,
  type SeededEnterprise,
} from './demo-companies.ts';

export const DEMO_PASSWORD = 'Demo@12345';

export const DEMO_ACCOUNTS = [
  { username: 'demo-auto', email: 'demo-auto@tracehub.local', note: 'administrator of the automaker' },
  { username: 'demo-supplier', email: 'demo-supplier@tracehub.local', note: 'administrator of the supplier' },
  {
    username: 'demo-multi',
    email: 'demo-multi@tracehub.local',
    note: 'member of both, one pending and one rejected application',
  },
  { username: 'operator', email: 'operator@tracehub.local', note: 'operator end' },
  {
    username: 'demo-applicant',
    email: 'demo-applicant@tracehub.local',
    note: "no enterprise yet; its certification waits in the operator's audit queue",
  },
] as const;

/**
 * The demo accounts that still accept the published DEMO_PASSWORD: what must not be reachable from other
 * machines (the start-up refuses to serve them beyond loopback).
 */
export async function demoAccountsWithPublishedPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
  const open: string[] = [];
  for (const row of rows) {
    if (row.passwordHash && (await verifyPassword(row.passwordHash, DEMO_PASSWORD))) open.push(row.username);
  }
  return open;
}

const DEMO_ENTERPRISES = [
  {
    key: 'auto' as const,
    uuid: 'e0a1c2d3-0001-4000-8000-000000000001',
    name: '星河汽车股份有限公司',
    englishName: 'Galaxy Motors Co., Ltd.',
    chineseShort: '星河汽车',
    englishShort: 'Galaxy Motors',
    usci: usci('91310000MA1K4A0B2'),
    role: 1,
    businessAttribute: 'manufacturing' as const,
    scene: 'US&EU' as const,
  },
  {
    key: 'supplier' as const,
    uuid: 'e0a1c2d3-0002-4000-8000-000000000002',
    name: '恒信动力电池有限公司',
    englishName: 'Hengxin Power Battery Co., Ltd.',
    chineseShort: '恒信电池',
    englishShort: 'Hengxin Battery',
    usci: usci('91320500MA1N7C3D4'),
    role: 0,
    businessAttribute: 'manufacturing' as const,
    scene: 'EU' as const,
  },
  {
    key: 'mine' as const,
    uuid: 'e0a1c2d3-0003-4000-8000-000000000003',
    name: '北辰锂业有限公司',
    englishName: 'Beichen Lithium Co., Ltd.',
    chineseShort: '北辰锂业',
    englishShort: 'Beichen Lithium',
    usci: usci('91510100MA6C8E5F6'),
    role: 0,
    businessAttribute: 'mineral' as const,
    scene: 'EU' as const,
  },
  {
    key: 'trader' as const,
    uuid: 'e0a1c2d3-0004-4000-8000-000000000004',
    name: '东岳贸易有限公司',
    englishName: 'Dongyue Trading Co., Ltd.',
    chineseShort: '东岳贸易',
    englishShort: 'Dongyue Trading',
    usci: usci('91370100MA3D9G7H8'),
    role: 0,
    businessAttribute: 'trading' as const,
    scene: 'US' as const,
  },
];

/** Codes of the clerk role demo-multi holds: everything but the account log. */
const CLERK_CODES = ['Workbench', 'UserCenter', 'PerBasic', 'PerFrom'];

/** The identity and company fields of an enterprise a seed creates (its profile comes separately). */
export interface SeedEnterpriseRow {
  uuid: string;
  name: string;
  englishName: string;
  chineseShort: string;
  englishShort: string;
  usci: string;
  /** 1 = automaker. */
  role: number;
  businessAttribute: TCompanyForm['businessAttribute'];
  scene: TCompanyForm['scene'];
}

/**
 * Inserts a certified enterprise as the seeds have it: its row with the company profile and a fresh
 * platform-hosted secp256k1 key pair, chain account and DID. Answers the identity.
 */
export async function insertCertifiedEnterprise(
  tx: Db,
  keys: { masterKey: Buffer; chainId: number },
  row: SeedEnterpriseRow,
  profile: DemoProfile,
  certifiedAt: Date,
): Promise<EnterpriseIdentity> {
  const id = newEnterpriseIdentity(keys.masterKey, keys.chainId);
  await tx.insert(enterprises).values({
    ...row,
    ...demoProfileColumns(profile),
    did: id.did,
    chainAddress: id.address,
    publicKey: id.publicKeyHex,
    keyCiphertext: id.keyCiphertext,
    certifiedAt,
  });
  return id;
}

/** Accounts sharing one password hash (argon2id is slow on purpose: hash once); answers ids by username. */
export async function insertAccounts(
  tx: Db,
  accounts: readonly {
    username: string;
    email: string;
    isOperator?: boolean;
    chineseName?: string | null;
    englishName?: string | null;
  }[],
  passwordHash: string,
): Promise<Map<string, number>> {
  const inserted = await tx
    .insert(users)
    .values(
      accounts.map((a) => ({
        username: a.username,
        email: a.email,
        passwordHash,
        isOperator: a.isOperator ?? false,
        chineseName: a.chineseName ?? null,
        englishName: a.englishName ?? null,
      })),
    )
    .returning({ id: users.id, username: users.username });
  return new Map(inserted.map((u) => [u.username, u.id]));
}

/**
 * The two roles of a seeded enterprise: the administrator (every enterprise menu code) and the business
 * clerk; the clerks and the administrator given are assigned to them. Answers the role ids.
 */
export async function insertStandardRoles(
  tx: Db,
  enterpriseUuid: string,
  members: { administrator?: number | undefined; clerks?: readonly number[] } = {},
): Promise<{ admin: number; clerk: number }> {
  const [admin] = await tx
    .insert(roles)
    .values({
      enterpriseUuid,
      name: '管理员',
      nameEn: 'Administrator',
      isAdminRole: true,
      description: '企业管理员',
      descriptionEn: 'Enterprise administrator',
    })
    .returning({ id: roles.id });
  await tx
    .insert(rolePermissions)
    .values(menuCodes(ENTERPRISE_MENU).map((code) => ({ roleId: admin!.id, code })));
  const [clerk] = await tx
    .insert(roles)
    .values({
      enterpriseUuid,
      name: '业务专员',
      nameEn: 'Business clerk',
      description: '日常业务数据维护',
      descriptionEn: 'Day-to-day business data',
    })
    .returning({ id: roles.id });
  await tx.insert(rolePermissions).values(CLERK_CODES.map((code) => ({ roleId: clerk!.id, code })));
  for (const userId of members.clerks ?? []) {
    await tx.insert(userRoles).values({ enterpriseUuid, userId, roleId: clerk!.id });
  }
  if (members.administrator !== undefined) {
    await tx.insert(userRoles).values({ enterpriseUuid, userId: members.administrator, roleId: admin!.id });
  }
  return { admin: admin!.id, clerk: clerk!.id };
}

/** Seeds the demo data set, only into a database without accounts. Returns whether it seeded. */
export async function seedDemo(
  db: Db,
  opts: {
    masterKey: Buffer;
    platformKey: PlatformKey;
    chainId: number;
    storage: FileStorage;
    mailer: Mailer;
    /** Also the demo supply chain. */
    chain: boolean;
  },
): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const byKey = new Map<string, string>();
    const identities = new Map<string, { did: string; address: string }>();
    const now = Date.now();
    for (const e of DEMO_ENTERPRISES) {
      const { key, ...row } = e;
      const id = await insertCertifiedEnterprise(tx, opts, row, DEMO_PROFILES[key], new Date(now));
      byKey.set(key, e.uuid);
      identities.set(key, id);
    }
    const uuid = (k: string) => byKey.get(k)!;

    const ids = await insertAccounts(
      tx,
      DEMO_ACCOUNTS.map((a) => ({
        username: a.username,
        email: a.email,
        isOperator: a.username === 'operator',
        chineseName: a.username === 'operator' ? '平台运营' : null,
        englishName: a.username === 'operator' ? 'Platform Operations' : null,
      })),
      passwordHash,
    );
    const userId = (name: string) => ids.get(name)!;

    for (const e of DEMO_ENTERPRISES) {
      const adminName = e.key === 'auto' ? 'demo-auto' : e.key === 'supplier' ? 'demo-supplier' : null;
      await insertStandardRoles(tx, e.uuid, {
        administrator: adminName ? userId(adminName) : undefined,
        clerks: e.key === 'auto' || e.key === 'supplier' ? [userId('demo-multi')] : [],
      });
    }

    const link = (user: string, ent: string, status: number, isAdmin = false, minutesAgo = 0) => ({
      enterpriseUuid: uuid(ent),
      userId: userId(user),
      examineStatus: status,
      isAdmin,
      gmtModified: new Date(now - minutesAgo * 60_000),
    });
    await tx.insert(enterpriseUsers).values([
      link('demo-auto', 'auto', EXAMINE_STATUS.approved, true),
      link('demo-supplier', 'supplier', EXAMINE_STATUS.approved, true),
      link('demo-multi', 'auto', EXAMINE_STATUS.approved),
      link('demo-multi', 'supplier', EXAMINE_STATUS.approved),
      {
        ...link('demo-multi', 'mine', EXAMINE_STATUS.pending, false, 90),
        examineName: '北辰锂业有限公司',
        remark: '采购对接',
      },
      {
        ...link('demo-multi', 'trader', EXAMINE_STATUS.rejected, false, 60 * 26),
        examineName: '东岳贸易有限公司',
        examineRemark: '未找到该员工',
      },
    ]);
    // demo-multi last used the automaker, so the dialog marks it.
    await tx
      .update(users)
      .set({ lastEnterpriseUuid: uuid('auto') })
      .where(eq(users.id, userId('demo-multi')));

    // Risk rules and a risk area for the automaker and the battery maker (modules/risk/seed.ts).
    await seedDemoRisk(tx, uuid('auto'), userId('demo-auto'));
    await seedDemoRisk(tx, uuid('supplier'), userId('demo-supplier'));

    // The mine and the trader have no administrator among the demo accounts: the operator registered
    // them on their behalf, so it is recorded as their applicant.
    const applicantOf = (key: string) =>
      userId(key === 'auto' ? 'demo-auto' : key === 'supplier' ? 'demo-supplier' : 'operator');
    await seedCertificationData(tx, {
      storage: opts.storage,
      keys: { masterKey: opts.masterKey },
      platformKey: opts.platformKey,
      enterprises: DEMO_ENTERPRISES.map((e): SeededEnterprise => ({
        ...e,
        did: identities.get(e.key)!.did,
        chainAddress: identities.get(e.key)!.address,
        applicantUserId: applicantOf(e.key),
      })),
      operatorUserId: userId('operator'),
      applicantUserId: userId('demo-applicant'),
      now: new Date(now),
    });
  });
  if (opts.chain) await seedChainOfDemo(db, opts);
  return true;
}

/** The demo supply chain between the mine, the battery maker and the automaker (demo-supply-chain.ts). */
async function seedChainOfDemo(db: Db, opts: { masterKey: Buffer; mailer: Mailer }): Promise<void> {
  const accounts = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['demo-auto', 'demo-supplier', 'operator']));
  const userId = (name: string) => accounts.find((u) => u.username === name)!.id;
  const of = (key: string, user: string) => {
    const e = DEMO_ENTERPRISES.find((d) => d.key === key)!;
    return { uuid: e.uuid, usci: e.usci, userId: userId(user) };
  };
  await seedDemoSupplyChain(
    db,
    { keys: { masterKey: opts.masterKey }, mailer: opts.mailer },
    {
      mine: of('mine', 'operator'),
      supplier: of('supplier', 'demo-supplier'),
      auto: of('auto', 'demo-auto'),
    },
  );
}
