import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { LIMITS } from './limits.ts';
import {
  createdAtField,
  defineRecord,
  longTextField,
  optionalTextField,
  recordEndpointsOf,
  recordImportExportOf,
  requiredTextField,
  type TRecordOption,
} from './record-catalogue.ts';
import { isValidCompanyEnglishName, isValidEmail, zUsci } from './validators/index.ts';

/*
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "Partner enterprises: list, bulk import, invite",
 * 3 "Cooperator item", 4 "Company: settled or not settled", 8 "Failed invite e-mails are listed"): the
 * enterprise's suppliers and clients. A partner is settled once a certified enterprise with its USCI exists
 * on the platform; until then it can be invited by e-mail. One declaration: the endpoints, the server's
 * writes, import, export and evidence, and the web's list, form and detail all derive from it.
 */

export const PARTNER_TYPES = ['supplier', 'client'] as const;
export const ZPartnerType = z.enum(PARTNER_TYPES);
export type TPartnerType = z.infer<typeof ZPartnerType>;

/** Field lengths of a partner (codes like product codes, names and notes like the spec's other texts). */
export const PARTNER_LIMITS = {
  code: LIMITS.productCodeOrBatchMax,
  name: 100,
  nameEn: 200,
  usci: 18,
  contactName: 50,
  phone: 30,
  tag: 20,
  tags: 10,
  notes: 100,
} as const;

/** Digits with the usual separators (+86 21-5555 1234, (021) 5555-1234); at least five digits. */
export function isValidPhone(s: string): boolean {
  return /^\+?[0-9\s()-]+$/.test(s) && (s.match(/[0-9]/g)?.length ?? 0) >= 5;
}

/** An optional text that, when given, must pass `valid` (with `error` otherwise). */
const optionalChecked = (max: number, valid: (s: string) => boolean, error: string) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((s) => s === '' || valid(s), { error })
    .optional()
    .default('');

const zOptionalEmail = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { error: 'v.email.tooLong', abort: true })
  .refine((s) => s === '' || isValidEmail(s), { error: 'v.email.format' })
  .optional()
  .default('');

/** Tags: trimmed, blanks and repeats dropped, at most PARTNER_LIMITS.tags of them. */
export const zPartnerTags = z
  .array(z.string().trim().max(PARTNER_LIMITS.tag))
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))])
  .pipe(z.array(z.string()).max(PARTNER_LIMITS.tags))
  .optional()
  .default([]);

/** Why an invitation was not sent (spec 8 "Failed invite e-mails are listed"). */
export const PARTNER_INVITE_FAILURES = ['noEmail', 'invalidEmail', 'settled', 'mailFailed'] as const;
export const ZPartnerInviteFailure = z.enum(PARTNER_INVITE_FAILURES);
export type TPartnerInviteFailure = z.infer<typeof ZPartnerInviteFailure>;

/** none: never invited; invited: the last invitation was sent; failed: the last one was not (see inviteError). */
export const PARTNER_INVITE_STATUSES = ['none', 'invited', 'failed'] as const;
export const ZPartnerInviteStatus = z.enum(PARTNER_INVITE_STATUSES);
export type TPartnerInviteStatus = z.infer<typeof ZPartnerInviteStatus>;

export const PARTNER_SETTLEMENTS = ['settled', 'unsettled'] as const;
export const ZPartnerSettlement = z.enum(PARTNER_SETTLEMENTS);

const SETTLEMENT: Readonly<Record<(typeof PARTNER_SETTLEMENTS)[number], TBilingual>> = {
  settled: { zh: '已入驻', en: 'Settled' },
  unsettled: { zh: '未入驻', en: 'Not settled' },
};

const options = <V extends string>(labels: Readonly<Record<V, TBilingual>>): readonly TRecordOption[] =>
  Object.entries<TBilingual>(labels).map(([value, label]) => ({ value, label }));

export const partnerRecord = defineRecord({
  name: 'partner',
  code: 'Partner',
  base: '/partner',
  pageWrites: true,
  tag: 'partner',
  title: { zh: '合作企业', en: 'Partner enterprises' },
  noun: { zh: '合作企业', en: 'partner' },
  fields: {
    partnerType: {
      label: { zh: '合作类型', en: 'Partner type' },
      priority: 2,
      kind: 'enum',
      schema: ZPartnerType,
      item: ZPartnerType,
      options: options<TPartnerType>({
        supplier: { zh: '供应商', en: 'Supplier' },
        client: { zh: '客户', en: 'Client' },
      }),
      list: { width: 110 },
      search: 'equals',
      searchIn: 'both',
      import: { example: { zh: '供应商', en: 'Supplier' } },
    },
    code: {
      label: { zh: '企业编码', en: 'Partner code' },
      priority: 1,
      ...requiredTextField(PARTNER_LIMITS.code),
      list: { width: 140 },
      search: 'contains',
      basic: true,
      sort: true,
      import: { example: 'SUP-001' },
    },
    name: {
      label: { zh: '企业名称', en: 'Partner name' },
      priority: 1,
      ...requiredTextField(PARTNER_LIMITS.name),
      list: { width: 220 },
      search: 'contains',
      searchAlso: ['nameEn'],
      basic: true,
      sort: true,
      import: { example: '华东新材料科技有限公司' },
    },
    nameEn: {
      label: { zh: '英文名称', en: 'English name' },
      kind: 'text',
      schema: optionalChecked(PARTNER_LIMITS.nameEn, isValidCompanyEnglishName, 'v.companyEnName.format'),
      item: z.string(),
      max: PARTNER_LIMITS.nameEn,
      export: true,
      import: { example: 'East China New Materials Co., Ltd.' },
    },
    usci: {
      label: { zh: '统一社会信用代码', en: 'USCI' },
      priority: 2,
      kind: 'text',
      schema: zUsci,
      item: z.string(),
      max: PARTNER_LIMITS.usci,
      list: { width: 190 },
      search: 'contains',
      basic: true,
      import: { example: '91330100MA2H6R8T13' },
    },
    contactName: {
      label: { zh: '联系人', en: 'Contact' },
      priority: 3,
      ...optionalTextField(PARTNER_LIMITS.contactName),
      list: { width: 110 },
      search: 'contains',
      import: { example: '王芳' },
    },
    email: {
      label: { zh: '邮箱', en: 'E-mail' },
      priority: 3,
      kind: 'text',
      schema: zOptionalEmail,
      item: z.string(),
      max: LIMITS.emailMax,
      list: { width: 200 },
      import: { example: 'contact@example.com' },
    },
    phone: {
      label: { zh: '联系电话', en: 'Phone' },
      priority: 3,
      kind: 'text',
      schema: optionalChecked(PARTNER_LIMITS.phone, isValidPhone, 'v.phone.format'),
      item: z.string(),
      max: PARTNER_LIMITS.phone,
      list: { width: 150 },
      import: { example: '+86 571-8888 6666' },
    },
    tags: {
      label: { zh: '标签', en: 'Tags' },
      priority: 2,
      kind: 'tags',
      schema: zPartnerTags,
      item: z.array(z.string()),
      max: PARTNER_LIMITS.tag,
      maxItems: PARTNER_LIMITS.tags,
      list: { width: 180 },
      /** Partners with any of these tags. */
      search: 'any',
      detail: 'wide',
      import: { example: '电池材料,一级供应商' },
    },
    notes: { label: { zh: '备注', en: 'Notes' }, ...longTextField(PARTNER_LIMITS.notes) },
    /** Whether to invite the imported partner by e-mail once written (spec 2.3): an import-only column. */
    invite: {
      label: { zh: '邀请入驻', en: 'Invite' },
      kind: 'boolean',
      detail: false,
      import: { example: { zh: '是', en: 'yes' }, schema: z.boolean().optional().default(false) },
    },
    /** A certified enterprise with this USCI exists on the platform (spec 4). */
    settled: {
      label: { zh: '入驻状态', en: 'Settlement' },
      priority: 1,
      kind: 'boolean',
      item: z.boolean(),
      options: [
        { value: 'true', label: SETTLEMENT.settled },
        { value: 'false', label: SETTLEMENT.unsettled },
      ],
      list: { width: 110 },
    },
    /** That enterprise's DID while settled: what makes the partner verifiable, so shown by default. */
    did: {
      label: { zh: '数字身份（DID）', en: 'Digital identity (DID)' },
      priority: 2,
      kind: 'text',
      item: z.string().nullable(),
      list: { width: 200 },
      export: false,
      detail: 'wide',
    },
    inviteStatus: {
      label: { zh: '邀请状态', en: 'Invitation' },
      priority: 2,
      kind: 'enum',
      item: ZPartnerInviteStatus,
      options: options<TPartnerInviteStatus>({
        none: { zh: '未邀请', en: 'Not invited' },
        invited: { zh: '已邀请', en: 'Invited' },
        failed: { zh: '邀请失败', en: 'Invitation failed' },
      }),
      list: { width: 240 },
      search: 'equals',
      searchIn: 'column',
    },
    /** Why the last invitation failed. */
    inviteError: {
      label: { zh: '失败原因', en: 'Reason' },
      kind: 'enum',
      item: ZPartnerInviteFailure.nullable(),
      options: options<TPartnerInviteFailure>({
        noEmail: { zh: '未填写邮箱', en: 'No e-mail address' },
        invalidEmail: { zh: '邮箱地址格式不正确', en: 'Invalid e-mail address' },
        settled: { zh: '该企业已入驻', en: 'Already settled' },
        mailFailed: { zh: '邮件发送失败', en: 'The e-mail could not be sent' },
      }),
      detail: false,
    },
    /** When the last invitation was attempted (epoch ms). */
    invitedAt: {
      label: { zh: '邀请时间', en: 'Invited' },
      kind: 'datetime',
      item: z.number().int().nullable(),
    },
    createdAt: { ...createdAtField, priority: 2 },
    updatedAt: { label: { zh: '更新时间', en: 'Updated' }, kind: 'datetime' },
  },
  // Codes and USCIs are unique per type: the same company may be a supplier and a client.
  naturalKey: { fields: ['code', 'partnerType'], exists: 'PARTNER_CODE_EXISTS' },
  unique: [{ fields: ['usci', 'partnerType'], exists: 'PARTNER_USCI_EXISTS' }],
  extraFilters: {
    settlement: { schema: ZPartnerSettlement, options: options(SETTLEMENT), column: 'settled' },
  },
  listOrder: [
    'code',
    'name',
    'partnerType',
    'settled',
    'inviteStatus',
    'usci',
    'contactName',
    'email',
    'phone',
    'tags',
    'did',
    'createdAt',
  ],
  importExport: true,
  attachments: true,
  batchDeleteCount: false,
  summaries: {
    page: "The enterprise's suppliers and clients with their settlement (refreshed on reading), invitation and evidence; sortField code, name, createdAt (default, newest first) or updatedAt",
    detail: 'One partner',
    add: 'Create a supplier or client (code and USCI unique per type: B2060, B2061); recorded as evidence',
    update: 'Change a partner; its type only while nothing references it (B2040); recorded as evidence',
    delete: 'Delete a partner; refused (B2040) while a material code mapping or business data references it',
    batchDelete: 'Delete several partners, all or none: refused (B2040) when any of them is referenced',
  },
});

/** The fields of a partner as the create call, the edit call and every imported row take them. */
export const ZPartnerCreate = partnerRecord.create;
/** An imported row: the partner, and whether to invite it by e-mail once written (spec 2.3). */
export type TPartnerImportRow = z.infer<typeof partnerRecord.importRow>;
export type TPartner = z.infer<typeof partnerRecord.item>;

/** The most partners one invitation call takes (a list page of 1,000 rows). */
export const PARTNER_BATCH_MAX = Math.max(...LIMITS.pageSizeOptions);

const ZIds = z.object({ ids: z.array(z.number().int()).min(1).max(PARTNER_BATCH_MAX) });

/** A partner whose invitation was not sent, and why. */
export const ZPartnerInviteFailureItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  reason: ZPartnerInviteFailure,
});
export type TPartnerInviteFailureItem = z.infer<typeof ZPartnerInviteFailureItem>;

export const ZPartnerInviteResult = z.object({
  invited: z.number().int(),
  failed: z.array(ZPartnerInviteFailureItem),
});
export type TPartnerInviteResult = z.infer<typeof ZPartnerInviteResult>;

/** A partner as a choice in other forms (material code mappings): Cooperator item of spec 3. */
export const ZPartnerOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  settled: z.boolean(),
});
export type TPartnerOption = z.infer<typeof ZPartnerOption>;

export const partnerEndpoints = {
  ...recordEndpointsOf(partnerRecord),
  invite: endpoint({
    method: 'POST',
    path: '/partner/invite',
    input: ZIds,
    output: ZPartnerInviteResult,
    auth: 'enterprise',
    permission: 'Partner:Invite',
    tag: 'partner',
    summary:
      'Invite partners to settle on the platform by e-mail (bilingual); answers how many were invited and each failure with its reason',
  }),
  tags: endpoint({
    method: 'POST',
    path: '/partner/tags',
    input: z.object({}),
    output: z.array(z.string()),
    auth: 'enterprise',
    permission: 'Partner',
    tag: 'partner',
    summary: "Every tag of the enterprise's partners, for the tag filter",
  }),
  importInviteFailures: endpoint({
    method: 'POST',
    path: '/partner/importInviteFailures',
    input: z.object({ importId: z.string().max(40) }),
    output: z.array(ZPartnerInviteFailureItem),
    auth: 'enterprise',
    permission: 'Partner:BatchUpload',
    tag: 'partner',
    summary: 'The partners an import was asked to invite whose invitation failed, with the reasons',
  }),
  ...recordImportExportOf(partnerRecord),
};
