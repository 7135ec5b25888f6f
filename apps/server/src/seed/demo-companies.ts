import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  chineseIdCheckChar,
  DEFAULT_ID_RULE_ELEMENTS,
  isValidUsci,
  usciCheckChar,
  type TAddress,
  type TCompanyForm,
  type TFileBizType,
} from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import {
  certificates,
  certifications,
  codeRules,
  enterpriseRules,
  enterprises,
  files,
  idRules,
  knownCompanies,
} from '../db/schema.ts';
import { sha256Hex } from '../platform/crypto.ts';
import type { EvidenceKeys } from '../platform/ledger/append.ts';
import { issueCertificationCredential } from '../platform/ledger/identity.ts';
import type { PlatformKey } from '../platform/ledger/platform-key.ts';
import { recordCertification, recordFileUpload } from '../platform/ledger/subjects.ts';
import { storageKeyOf, type FileStorage } from '../platform/storage.ts';
import { registryVerifier } from '../platform/verifier.ts';
import { nextCertificateNumber } from '../modules/certification/repo.ts';
import { demoDocumentPng } from './demo-images.ts';

// Certification data of the demo: the company fields of the demo enterprises, their approved
// certifications and certificates, the registry the built-in verifier reads, the ID and code rules, and
// one application waiting in the operator's audit queue.

/** A USCI with a correct GB 32100-2015 check character from its first 17 characters. */
export function usciOf(first17: string): string {
  const check = usciCheckChar(first17);
  if (!check) throw new Error(`bad USCI body ${first17}`);
  return first17 + check;
}

/** A resident ID number with a correct check character from its first 17 digits. */
export function idNumberOf(first17: string): string {
  const check = chineseIdCheckChar(first17);
  if (!check) throw new Error(`bad ID number body ${first17}`);
  return first17 + check;
}

/** The English names of the seeded districts (seeded data carries both languages). */
const DISTRICTS_EN: Readonly<Record<string, string>> = {
  嘉定区: 'Jiading District',
  苏州工业园区: 'Suzhou Industrial Park',
  相城区: 'Xiangcheng District',
  高新区: 'High-tech Zone',
  金川县: 'Jinchuan County',
  历下区: 'Lixia District',
  黄岛区: 'Huangdao District',
  滨湖区: 'Binhu District',
  新吴区: 'Xinwu District',
};

const address = (
  province: string,
  city: string,
  area: string,
  detail: string,
  detailEn: string,
  longitude: number,
  latitude: number,
): TAddress => ({
  country: 'CN',
  province,
  city,
  area,
  areaEn: DISTRICTS_EN[area] ?? '',
  detail,
  detailEn,
  longitude,
  latitude,
});

/** The company fields of a demo enterprise beyond its names and USCI. */
export interface DemoProfile {
  businessTermFrom: string;
  businessTermTo: string | null;
  registeredAddress: TAddress;
  operationAddress: TAddress;
  legalPersonName: string;
  legalPersonIdNumber: string;
  legalPersonIdValidFrom: string;
  legalPersonIdValidTo: string | null;
  steelAttributes: TCompanyForm['steelAttributes'];
  deploymentMethod: TCompanyForm['deploymentMethod'];
  /** Header colour of its generated licence and ID images. */
  accent: readonly [number, number, number];
}

export const DEMO_PROFILES: Record<'auto' | 'supplier' | 'mine' | 'trader', DemoProfile> = {
  auto: {
    businessTermFrom: '2006-04-18',
    businessTermTo: null,
    registeredAddress: address(
      '上海市',
      '上海市',
      '嘉定区',
      '安亭镇墨玉路 888 号',
      'No. 888 Moyu Road, Anting Town, Jiading District, Shanghai',
      121.1655,
      31.2936,
    ),
    operationAddress: address(
      '上海市',
      '上海市',
      '嘉定区',
      '于田路 1288 号',
      'No. 1288 Yutian Road, Jiading District, Shanghai',
      121.2381,
      31.3745,
    ),
    legalPersonName: '陈立新',
    legalPersonIdNumber: idNumberOf('31011419820315421'),
    legalPersonIdValidFrom: '2018-03-15',
    legalPersonIdValidTo: '2038-03-15',
    steelAttributes: ['steelProcessing'],
    deploymentMethod: 'localized',
    accent: [56, 195, 164],
  },
  supplier: {
    businessTermFrom: '2011-09-06',
    businessTermTo: '2041-09-05',
    registeredAddress: address(
      '江苏省',
      '苏州市',
      '苏州工业园区',
      '星湖街 328 号',
      'No. 328 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu',
      120.7339,
      31.2741,
    ),
    operationAddress: address(
      '江苏省',
      '苏州市',
      '相城区',
      '澄阳路 116 号',
      'No. 116 Chengyang Road, Xiangcheng District, Suzhou, Jiangsu',
      120.6235,
      31.4052,
    ),
    legalPersonName: '周海涛',
    legalPersonIdNumber: idNumberOf('32050719790822563'),
    legalPersonIdValidFrom: '2015-08-22',
    legalPersonIdValidTo: '2035-08-22',
    steelAttributes: [],
    deploymentMethod: 'distributed',
    accent: [59, 163, 243],
  },
  mine: {
    businessTermFrom: '2014-01-10',
    businessTermTo: null,
    registeredAddress: address(
      '四川省',
      '成都市',
      '高新区',
      '天府大道中段 1388 号',
      'No. 1388 Middle Section of Tianfu Avenue, High-tech Zone, Chengdu, Sichuan',
      104.0667,
      30.5728,
    ),
    operationAddress: address(
      '四川省',
      '阿坝藏族羌族自治州',
      '金川县',
      '李家沟锂辉石矿区',
      'Lijiagou Spodumene Mine, Jinchuan County, Ngawa, Sichuan',
      102.0646,
      31.4762,
    ),
    legalPersonName: '杨晓峰',
    legalPersonIdNumber: idNumberOf('51010719850601327'),
    legalPersonIdValidFrom: '2020-06-01',
    legalPersonIdValidTo: null,
    steelAttributes: [],
    deploymentMethod: 'distributed',
    accent: [238, 178, 83],
  },
  trader: {
    businessTermFrom: '2009-11-23',
    businessTermTo: '2039-11-22',
    registeredAddress: address(
      '山东省',
      '济南市',
      '历下区',
      '经十路 9777 号',
      'No. 9777 Jingshi Road, Lixia District, Jinan, Shandong',
      117.1205,
      36.6512,
    ),
    operationAddress: address(
      '山东省',
      '青岛市',
      '黄岛区',
      '前湾港路 66 号',
      'No. 66 Qianwangang Road, Huangdao District, Qingdao, Shandong',
      120.2036,
      35.9755,
    ),
    legalPersonName: '刘建国',
    legalPersonIdNumber: idNumberOf('37010219760912118'),
    legalPersonIdValidFrom: '2016-09-12',
    legalPersonIdValidTo: '2036-09-12',
    steelAttributes: ['steelTrade'],
    deploymentMethod: 'distributed',
    accent: [253, 132, 128],
  },
};

/** The enterprise columns of a demo profile (the legal person has a resident ID card). */
export function demoProfileColumns(p: DemoProfile) {
  const { accent: _accent, ...fields } = p;
  return { ...fields, steelAttributes: [...p.steelAttributes], legalPersonIdType: 'cnResident' as const };
}

/**
 * Real companies with their published USCIs, and fictional ones for trying certification in the demo:
 * the built-in verifier passes a form whose USCI and name match one of these.
 */
export const REGISTRY = [
  { usci: '914403001922038216', name: '华为技术有限公司', englishName: 'Huawei Technologies Co., Ltd.' },
  {
    usci: '91440300708461136T',
    name: '深圳市腾讯计算机系统有限公司',
    englishName: 'Shenzhen Tencent Computer Systems Co., Ltd.',
  },
  {
    usci: '91330100716105852F',
    name: '阿里巴巴（中国）网络技术有限公司',
    englishName: 'Alibaba (China) Network Technology Co., Ltd.',
  },
  {
    usci: '91110000802100433B',
    name: '北京百度网讯科技有限公司',
    englishName: 'Beijing Baidu Netcom Science and Technology Co., Ltd.',
  },
  { usci: '91110108551385082Q', name: '小米科技有限责任公司', englishName: 'Xiaomi Technology Co., Ltd.' },
] as const;

/** Fictional registry companies; the first has demo-applicant's application in the audit queue. */
export const DEMO_REGISTRY = [
  {
    usci: usciOf('91320211MA1W3K5P7'),
    name: '江南精密部件有限公司',
    englishName: 'Jiangnan Precision Parts Co., Ltd.',
  },
  {
    usci: usciOf('91330100MA2H6R8T1'),
    name: '华东新材料科技有限公司',
    englishName: 'East China New Materials Technology Co., Ltd.',
  },
  {
    usci: usciOf('91440101MA5D2N4Q9'),
    name: '岭南电子元件有限公司',
    englishName: 'Lingnan Electronic Components Co., Ltd.',
  },
] as const;

const DEFAULT_ID_ELEMENTS = DEFAULT_ID_RULE_ELEMENTS;

async function seedFile(
  tx: Db,
  storage: FileStorage,
  keys: EvidenceKeys,
  f: {
    ownerUserId: number;
    enterpriseUuid: string | null;
    bizType: TFileBizType;
    fileName: string;
    content: Buffer;
  },
): Promise<string> {
  const fileKey = randomBytes(16).toString('hex');
  const storagePath = storageKeyOf(fileKey);
  await storage.put(storagePath, f.content);
  const [row] = await tx
    .insert(files)
    .values({
      fileKey,
      ownerUserId: f.ownerUserId,
      enterpriseUuid: f.enterpriseUuid,
      bizType: f.bizType,
      fileName: f.fileName,
      contentType: 'image/png',
      size: f.content.length,
      sha256: sha256Hex(f.content),
      storagePath,
    })
    .returning();
  await recordFileUpload(tx, keys, row!);
  return fileKey;
}

/** Licence and ID photos of a company, uploaded by its applicant. */
async function seedCompanyImages(
  tx: Db,
  storage: FileStorage,
  keys: EvidenceKeys,
  ownerUserId: number,
  enterpriseUuid: string | null,
  accent: DemoProfile['accent'],
) {
  const image = (bizType: TFileBizType, fileName: string) =>
    seedFile(tx, storage, keys, {
      ownerUserId,
      enterpriseUuid,
      bizType,
      fileName,
      content: demoDocumentPng(accent),
    });
  return {
    businessLicence: await image('businessLicence', '营业执照.png'),
    idPhotoFront: await image('idPhoto', '身份证人像面.png'),
    idPhotoBack: await image('idPhoto', '身份证国徽面.png'),
  };
}

/** A demo enterprise as seeded: its names, USCI and profile, and who applied for it. */
export interface SeededEnterprise {
  key: keyof typeof DEMO_PROFILES;
  uuid: string;
  name: string;
  englishName: string;
  chineseShort: string;
  englishShort: string;
  usci: string;
  role: number;
  businessAttribute: TCompanyForm['businessAttribute'];
  scene: TCompanyForm['scene'];
  did: string;
  chainAddress: string;
  applicantUserId: number;
}

function demoForm(
  e: Omit<SeededEnterprise, 'key' | 'uuid' | 'did' | 'chainAddress' | 'applicantUserId' | 'role'> & {
    automaker: boolean;
    profile: DemoProfile;
    uploads: Pick<TCompanyForm, 'businessLicence' | 'idPhotoFront' | 'idPhotoBack'>;
  },
): TCompanyForm {
  return {
    name: e.name,
    englishName: e.englishName,
    chineseShort: e.chineseShort,
    englishShort: e.englishShort,
    usci: e.usci,
    ...demoProfileColumns(e.profile),
    ...e.uploads,
    businessAttribute: e.businessAttribute,
    scene: e.scene,
    automaker: e.automaker,
  };
}

/**
 * One enterprise's certification as the seeds make it, inside the seeding transaction: its applicant's
 * licence and ID photo uploads (each recorded as evidence), the approved certification with its company
 * form, and the certificate: a verifiable credential by the platform, recorded as evidence at `now`.
 */
export async function certifyEnterprise(
  tx: Db,
  opts: {
    storage: FileStorage;
    keys: EvidenceKeys;
    platformKey: PlatformKey;
    /** Who audited it (null when the database has no operator account). */
    operatorUserId: number | null;
    now: Date;
  },
  e: Omit<SeededEnterprise, 'key'>,
  profile: DemoProfile,
): Promise<void> {
  const uploads = await seedCompanyImages(
    tx,
    opts.storage,
    opts.keys,
    e.applicantUserId,
    e.uuid,
    profile.accent,
  );
  await tx.update(enterprises).set(uploads).where(eq(enterprises.uuid, e.uuid));
  const form = demoForm({ ...e, automaker: e.role === 1, profile, uploads });
  await tx.insert(certifications).values({
    applicantUserId: e.applicantUserId,
    usci: e.usci,
    name: e.name,
    form,
    status: 'approved',
    verifierResult: { passed: true, reason: null, verifier: registryVerifier().name },
    auditedBy: opts.operatorUserId,
    enterpriseUuid: e.uuid,
    submittedAt: new Date(opts.now.getTime() - 3 * 86_400_000),
    auditedAt: opts.now,
  });
  const number = await nextCertificateNumber(tx, opts.now);
  const [certificate] = await tx
    .insert(certificates)
    .values({
      number,
      enterpriseUuid: e.uuid,
      did: e.did,
      issuedAt: opts.now,
      payload: issueCertificationCredential(opts.platformKey, {
        number,
        did: e.did,
        name: e.name,
        englishName: e.englishName,
        usci: e.usci,
        certifiedAt: opts.now,
      }),
    })
    .returning();
  await recordCertification(tx, opts.keys, certificate!, opts.now);
}

/** Adds companies to the registry the built-in verifier reads (their USCIs must be valid). */
export async function registerCompanies(
  tx: Db,
  companies: readonly { usci: string; name: string; englishName: string; source: string }[],
): Promise<void> {
  for (const c of companies) if (!isValidUsci(c.usci)) throw new Error(`registry USCI ${c.usci} is invalid`);
  if (companies.length > 0) await tx.insert(knownCompanies).values([...companies]);
}

/**
 * Everything of the certification capability for the demo data set, inside the seeding transaction: the
 * demo enterprises' uploads, approved certifications and certificates; the registry; the rules; and
 * demo-applicant's application for Jiangnan Precision Parts waiting for the operator.
 */
export async function seedCertificationData(
  tx: Db,
  opts: {
    storage: FileStorage;
    keys: EvidenceKeys;
    platformKey: PlatformKey;
    enterprises: SeededEnterprise[];
    operatorUserId: number;
    applicantUserId: number;
    now: Date;
  },
): Promise<void> {
  for (const e of opts.enterprises) await certifyEnterprise(tx, opts, e, DEMO_PROFILES[e.key]);

  await registerCompanies(tx, [
    ...opts.enterprises.map((e) => ({
      usci: e.usci,
      name: e.name,
      englishName: e.englishName,
      source: 'demo',
    })),
    ...REGISTRY.map((c) => ({ ...c, source: 'public' })),
    ...DEMO_REGISTRY.map((c) => ({ ...c, source: 'demo' })),
  ]);

  const [defaultIdRule] = await tx
    .insert(idRules)
    .values([
      {
        name: '默认标识规则',
        nameEn: 'Default ID rule',
        codeType: 'product',
        elements: DEFAULT_ID_ELEMENTS.map((e) => ({ ...e })),
        notes: '国家代码 3 + 组织机构代码 18 + 属性标识 1 + 时间戳 10 + 校验码 4',
        notesEn: 'Country code 3 + organization code 18 + attribute flag 1 + timestamp 10 + check code 4',
        isDefault: true,
      },
      {
        name: '电池包标识规则',
        nameEn: 'Battery pack ID rule',
        codeType: 'package',
        elements: [
          { element: 'countryCode', length: 3, kind: 'default' },
          { element: 'organizationCode', length: 18, kind: 'default' },
          { element: 'custom', length: 2, kind: 'additional', value: 'BP' },
          { element: 'serial', length: 9, kind: 'additional' },
        ],
        notes: '电池包按序号编码',
        notesEn: 'Battery packs numbered in sequence',
      },
    ])
    .returning({ id: idRules.id });
  const [defaultCodeRule] = await tx
    .insert(codeRules)
    .values([
      {
        name: '默认编码规则',
        nameEn: 'Default code rule',
        prefix: 'TH',
        dateFormat: 'YYYYMMDD',
        serialLength: 6,
        isDefault: true,
      },
      {
        name: '月度批次编码',
        nameEn: 'Monthly batch code',
        prefix: 'BATCH',
        dateFormat: 'YYYYMM',
        serialLength: 4,
        notes: '按月编排批次',
        notesEn: 'Batches numbered by month',
      },
    ])
    .returning({ id: codeRules.id });
  await tx.insert(enterpriseRules).values(
    opts.enterprises.flatMap((e) => [
      { enterpriseUuid: e.uuid, kind: 'id' as const, ruleId: defaultIdRule!.id },
      { enterpriseUuid: e.uuid, kind: 'code' as const, ruleId: defaultCodeRule!.id },
    ]),
  );

  const jiangnan = DEMO_REGISTRY[0];
  const uploads = await seedCompanyImages(
    tx,
    opts.storage,
    opts.keys,
    opts.applicantUserId,
    null,
    [140, 124, 240],
  );
  await tx.insert(certifications).values({
    applicantUserId: opts.applicantUserId,
    usci: jiangnan.usci,
    name: jiangnan.name,
    form: {
      name: jiangnan.name,
      englishName: jiangnan.englishName,
      chineseShort: '江南精密',
      englishShort: 'Jiangnan Precision',
      usci: jiangnan.usci,
      businessTermFrom: '2017-07-03',
      businessTermTo: null,
      registeredAddress: address(
        '江苏省',
        '无锡市',
        '滨湖区',
        '蠡湖大道 2018 号',
        'No. 2018 Lihu Avenue, Binhu District, Wuxi, Jiangsu',
        120.2716,
        31.5436,
      ),
      operationAddress: address(
        '江苏省',
        '无锡市',
        '新吴区',
        '长江路 21 号',
        'No. 21 Changjiang Road, Xinwu District, Wuxi, Jiangsu',
        120.3529,
        31.4905,
      ),
      legalPersonName: '王梓涵',
      legalPersonIdType: 'cnResident',
      legalPersonIdNumber: idNumberOf('32021119880417252'),
      legalPersonIdValidFrom: '2019-04-17',
      legalPersonIdValidTo: '2039-04-17',
      ...uploads,
      businessAttribute: 'manufacturing',
      steelAttributes: ['steelProcessing'],
      scene: 'EU',
      deploymentMethod: 'distributed',
      automaker: false,
    } satisfies TCompanyForm,
    status: 'pendingAudit',
    verifierResult: { passed: true, reason: null, verifier: registryVerifier().name },
    submittedAt: new Date(opts.now.getTime() - 5 * 3_600_000),
  });
}
