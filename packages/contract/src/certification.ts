import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import type { TBilingual, TLang } from './i18n/lang.ts';
import { isChineseIdFormat, isValidChineseIdNumber, zCompanyEnglishName, zUsci } from './validators/index.ts';

const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'v.date.format');
const zText = (max: number, required = true) =>
  required ? z.string().trim().min(1).max(max) : z.string().trim().max(max).optional().default('');

/**
 * A coordinate: a JSON number (an empty or textual value is refused as missing, never read as 0; spec 5).
 * No transform here: the schema also serialises responses, and transforms cannot be encoded.
 */
const zCoordinate = (limit: number) => z.number({ message: 'v.address.coordinates' }).min(-limit).max(limit);

/** A postal address with coordinates (spec 3, Company addresses; spec 5 place rules). */
export const ZAddress = z.object({
  country: z.string().trim().min(1, 'v.address.country'),
  province: zText(50, false),
  city: zText(50, false),
  area: zText(50, false),
  /** The district's English name (shown in en; optional, the Chinese one otherwise). */
  areaEn: zText(100, false),
  detail: z.string().trim().min(1, 'v.address.detail').max(200),
  detailEn: z.string().trim().min(1, 'v.address.detailEn').max(300),
  longitude: zCoordinate(180),
  latitude: zCoordinate(90),
});
export type TAddress = z.infer<typeof ZAddress>;

export const BUSINESS_ATTRIBUTES = ['trading', 'manufacturing', 'mineral'] as const;
export const STEEL_ATTRIBUTES = ['steelTrade', 'steelProcessing', 'steelProduction'] as const;
export const DEPLOYMENT_METHODS = ['localized', 'distributed'] as const;
export const ID_TYPES = ['cnResident', 'passport', 'other'] as const;

/** The company form of certification: every field group of the Company entity. */
export const ZCompanyForm = z
  .object({
    name: zText(100),
    englishName: zCompanyEnglishName,
    chineseShort: zText(20, false),
    englishShort: zText(50, false),
    usci: zUsci,
    businessTermFrom: zDate,
    /** Null: long-term. */
    businessTermTo: zDate.nullable(),
    registeredAddress: ZAddress,
    operationAddress: ZAddress,
    legalPersonName: zText(50),
    legalPersonIdType: z.enum(ID_TYPES),
    /** Checked as a resident identity card number when the type is cnResident. */
    legalPersonIdNumber: z.string().trim().toUpperCase().min(1).max(30),
    legalPersonIdValidFrom: zDate,
    legalPersonIdValidTo: zDate.nullable(),
    idPhotoFront: z.string().min(1, 'v.company.idPhoto'),
    idPhotoBack: z.string().min(1, 'v.company.idPhoto'),
    businessLicence: z.string().min(1, 'v.company.licence'),
    businessAttribute: z.enum(BUSINESS_ATTRIBUTES),
    steelAttributes: z.array(z.enum(STEEL_ATTRIBUTES)).max(3).default([]),
    scene: z.enum(['US', 'EU', 'US&EU']),
    deploymentMethod: z.enum(DEPLOYMENT_METHODS),
    /** Enterprise role 1 (spec 6): an automaker gets the project selector and project lists. */
    automaker: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.businessTermTo && v.businessTermTo < v.businessTermFrom) {
      ctx.addIssue({ code: 'custom', path: ['businessTermTo'], message: 'v.date.range' });
    }
    if (v.legalPersonIdValidTo && v.legalPersonIdValidTo < v.legalPersonIdValidFrom) {
      ctx.addIssue({ code: 'custom', path: ['legalPersonIdValidTo'], message: 'v.date.range' });
    }
    if (v.legalPersonIdType === 'cnResident' && !isValidChineseIdNumber(v.legalPersonIdNumber)) {
      const message = isChineseIdFormat(v.legalPersonIdNumber) ? 'v.idCard.checksum' : 'v.idCard.format';
      ctx.addIssue({ code: 'custom', path: ['legalPersonIdNumber'], message });
    }
  });
export type TCompanyForm = z.infer<typeof ZCompanyForm>;

/**
 * Certification states (spec 4): submitted -> third-party check -> platform audit pending -> approved,
 * or returned (edit and resubmit) by the third-party check or by the operator.
 */
export const CERTIFICATION_STATUS = ['submitted', 'pendingAudit', 'approved', 'returned'] as const;
export type TCertificationStatus = (typeof CERTIFICATION_STATUS)[number];

/**
 * Findings of the third-party check (`verifierResult.reason`): stable keys, shown in the user's language.
 * A verifier plugged in later may report keys of its own; they are shown as they are.
 */
export const VERIFIER_REASONS = {
  usciChecksum: {
    zh: '统一社会信用代码校验位不正确',
    en: 'The check character of the unified social credit code is wrong',
  },
  notInRegistry: {
    zh: '企业登记信息中没有该统一社会信用代码',
    en: 'The unified social credit code is not in the company registry',
  },
  nameMismatch: {
    zh: '企业名称与登记信息不一致',
    en: 'The company name does not match the registered name',
  },
  verifierUnavailable: {
    zh: '第三方核验暂时不可用，请稍后重新提交',
    en: 'The third-party check is not available now, please resubmit later',
  },
} as const satisfies Record<string, TBilingual>;
export type TVerifierReason = keyof typeof VERIFIER_REASONS;

export function verifierReasonText(reason: string, lang: TLang): string {
  return Object.prototype.hasOwnProperty.call(VERIFIER_REASONS, reason)
    ? VERIFIER_REASONS[reason as TVerifierReason][lang]
    : reason;
}

export const ZCertification = z.object({
  id: z.number().int(),
  status: z.enum(CERTIFICATION_STATUS),
  form: ZCompanyForm,
  /** Third-party verifier's finding. */
  verifierResult: z
    .object({ passed: z.boolean(), reason: z.string().nullable(), verifier: z.string() })
    .nullable(),
  /** Operator's notes when returned. */
  auditNotes: z.string().nullable(),
  applicantUsername: z.string(),
  enterpriseUuid: z.string().nullable(),
  submittedAt: z.number().int(),
  auditedAt: z.number().int().nullable(),
});
export type TCertification = z.infer<typeof ZCertification>;

export const ZCertificationListItem = ZCertification.omit({ form: true }).extend({
  name: z.string(),
  englishName: z.string(),
  usci: z.string(),
  scene: z.enum(['US', 'EU', 'US&EU']),
});

/** The certificate record issued on approval (the blockchain certificate of the user centre). */
export const ZCertificate = z.object({
  number: z.string(),
  enterpriseUuid: z.string(),
  enterpriseName: z.string(),
  enterpriseEnglishName: z.string().nullable(),
  usci: z.string(),
  did: z.string(),
  chainAccount: z.string(),
  issuedAt: z.number().int(),
});
export type TCertificate = z.infer<typeof ZCertificate>;

export const certificationEndpoints = {
  submit: endpoint({
    method: 'POST',
    path: '/certification/submit',
    input: ZCompanyForm,
    output: ZCertification,
    auth: 'session',
    tag: 'certification',
    summary:
      'Submit a company for certification; the third-party check runs at once, then the operator audits',
  }),
  resubmit: endpoint({
    method: 'POST',
    path: '/certification/resubmit',
    input: z.object({ id: z.number().int(), form: ZCompanyForm }),
    output: ZCertification,
    auth: 'session',
    tag: 'certification',
    summary: 'Edit and resubmit a returned certification',
  }),
  mine: endpoint({
    method: 'POST',
    path: '/certification/mine',
    input: z.object({}).default({}),
    output: z.array(ZCertification),
    auth: 'session',
    tag: 'certification',
    summary: "The account's certification applications, newest first",
  }),
  certificate: endpoint({
    method: 'POST',
    path: '/certification/certificate',
    input: z.object({}).default({}),
    output: ZCertificate,
    auth: 'enterprise',
    permission: 'ViewBlockchainCertificate',
    tag: 'certification',
    summary: "The current enterprise's certificate record",
  }),
};

export const operatorCertificationEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/operator/certification/page',
    input: listRequest({
      status: z.enum(CERTIFICATION_STATUS).optional(),
      name: z.string().max(100).optional(),
      usci: z.string().max(100).optional(),
    }),
    output: ZListResponse(ZCertificationListItem),
    auth: 'operator',
    tag: 'operator',
    summary: 'Certification audit queue',
  }),
  detail: endpoint({
    method: 'POST',
    path: '/operator/certification/detail',
    input: z.object({ id: z.number().int() }),
    output: ZCertification,
    auth: 'operator',
    tag: 'operator',
    summary: 'One certification with its form',
  }),
  approve: endpoint({
    method: 'POST',
    path: '/operator/certification/approve',
    input: z.object({ id: z.number().int() }),
    output: ZCertification,
    auth: 'operator',
    tag: 'operator',
    summary: 'Approve: the enterprise is created with its key pair, chain account, DID and certificate',
  }),
  returnBack: endpoint({
    method: 'POST',
    path: '/operator/certification/return',
    input: z.object({ id: z.number().int(), notes: z.string().trim().min(1).max(LIMITS.commentMax) }),
    output: ZCertification,
    auth: 'operator',
    tag: 'operator',
    summary: 'Return a certification to the applicant with notes',
  }),
};
