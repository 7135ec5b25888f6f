import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { importExportEndpoints } from './imports.ts';
import { recordStamps } from './ledger.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import { isValidCompanyEnglishName, isValidEmail, zUsci } from './validators/index.ts';

/*
 * Partner enterprises (spec 2.2 /basicData/partner, 2.3 "Partner enterprises: list, bulk import, invite",
 * 3 "Cooperator item", 4 "Company: settled or not settled", 8 "Failed invite e-mails are listed"): the
 * enterprise's suppliers and clients. A partner is settled once a certified enterprise with its USCI exists
 * on the platform; until then it can be invited by e-mail.
 */

export const PARTNER_TYPES = ['supplier', 'client'] as const;
export const ZPartnerType = z.enum(PARTNER_TYPES);
export type TPartnerType = z.infer<typeof ZPartnerType>;

/** Field lengths of a partner (codes like product codes, names and notes like the spec's other texts). */
export const PARTNER_LIMITS = {
  code: LIMITS.productCodeOrBatchMax,
  name: 100,
  nameEn: 200,
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

/** An optional text: absent or blank is '' (the stored default). */
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

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

/** The fields of a partner as the create call, the edit call and every imported row take them. */
export const ZPartnerCreate = z.object({
  partnerType: ZPartnerType,
  code: z.string().trim().min(1).max(PARTNER_LIMITS.code),
  name: z.string().trim().min(1).max(PARTNER_LIMITS.name),
  nameEn: z
    .string()
    .trim()
    .max(PARTNER_LIMITS.nameEn)
    .refine((s) => s === '' || isValidCompanyEnglishName(s), { error: 'v.companyEnName.format' })
    .optional()
    .default(''),
  usci: zUsci,
  contactName: optionalText(PARTNER_LIMITS.contactName),
  email: zOptionalEmail,
  phone: z
    .string()
    .trim()
    .max(PARTNER_LIMITS.phone)
    .refine((s) => s === '' || isValidPhone(s), { error: 'v.phone.format' })
    .optional()
    .default(''),
  tags: zPartnerTags,
  notes: optionalText(PARTNER_LIMITS.notes),
});
export type TPartnerCreate = z.infer<typeof ZPartnerCreate>;

export const ZPartnerUpdate = ZPartnerCreate.extend({ id: z.number().int() });

/** Yes/no cells of an import (是/否, yes/no, y/n, true/false, 1/0); anything else stays as typed. */
export function readYesNo(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const v = text.trim().toLowerCase();
  if (['是', 'yes', 'y', 'true', '1'].includes(v)) return true;
  if (['否', 'no', 'n', 'false', '0'].includes(v)) return false;
  return text;
}

/** An imported row: the partner, and whether to invite it by e-mail once written (spec 2.3). */
export const ZPartnerImportRow = ZPartnerCreate.extend({
  invite: z.boolean().optional().default(false),
});
export type TPartnerImportRow = z.infer<typeof ZPartnerImportRow>;

/** Why an invitation was not sent (spec 8 "Failed invite e-mails are listed"). */
export const PARTNER_INVITE_FAILURES = ['noEmail', 'invalidEmail', 'settled', 'mailFailed'] as const;
export const ZPartnerInviteFailure = z.enum(PARTNER_INVITE_FAILURES);
export type TPartnerInviteFailure = z.infer<typeof ZPartnerInviteFailure>;

/** The failure reasons in both languages (exports; the console has its own texts). */
export const PARTNER_INVITE_FAILURE_LABELS: Readonly<Record<TPartnerInviteFailure, TBilingual>> = {
  noEmail: { zh: '未填写邮箱', en: 'No e-mail address' },
  invalidEmail: { zh: '邮箱地址格式不正确', en: 'Invalid e-mail address' },
  settled: { zh: '该企业已入驻', en: 'Already settled' },
  mailFailed: { zh: '邮件发送失败', en: 'The e-mail could not be sent' },
};

/** none: never invited; invited: the last invitation was sent; failed: the last one was not (see inviteError). */
export const PARTNER_INVITE_STATUSES = ['none', 'invited', 'failed'] as const;
export const ZPartnerInviteStatus = z.enum(PARTNER_INVITE_STATUSES);
export type TPartnerInviteStatus = z.infer<typeof ZPartnerInviteStatus>;

export const ZPartner = z.object({
  id: z.number().int(),
  partnerType: ZPartnerType,
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  usci: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  tags: z.array(z.string()),
  notes: z.string(),
  /** A certified enterprise with this USCI exists on the platform (spec 4). */
  settled: z.boolean(),
  /** That enterprise's DID while settled. */
  did: z.string().nullable(),
  inviteStatus: ZPartnerInviteStatus,
  inviteError: ZPartnerInviteFailure.nullable(),
  /** When the last invitation was attempted (epoch ms). */
  invitedAt: z.number().int().nullable(),
  ...recordStamps,
});
export type TPartner = z.infer<typeof ZPartner>;

export const PARTNER_SETTLEMENTS = ['settled', 'unsettled'] as const;
export const ZPartnerSettlement = z.enum(PARTNER_SETTLEMENTS);

/** A comma-separated text or a list (the console sends a multi-select as a list). */
const zTagFilter = z
  .union([z.string().max(500), z.array(z.string().max(PARTNER_LIMITS.tag)).max(50)])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,，]/)).map((s) => s.trim()).filter((s) => s !== ''))
  .optional();

/** Search fields of the partner list (and its export). */
export const ZPartnerFilters = {
  partnerType: ZPartnerType.optional(),
  code: z.string().trim().max(PARTNER_LIMITS.code).optional(),
  /** The Chinese or the English name contains it. */
  name: z.string().trim().max(PARTNER_LIMITS.nameEn).optional(),
  usci: z.string().trim().max(18).optional(),
  contactName: z.string().trim().max(PARTNER_LIMITS.contactName).optional(),
  /** Partners with any of these tags. */
  tags: zTagFilter,
  settlement: ZPartnerSettlement.optional(),
  inviteStatus: ZPartnerInviteStatus.optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

/** The most partners one invitation call or batch deletion takes (a list page of 1,000 rows). */
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
  page: endpoint({
    method: 'POST',
    path: '/partner/page',
    input: listRequest(ZPartnerFilters),
    output: ZListResponse(ZPartner),
    auth: 'enterprise',
    permission: 'Partner',
    tag: 'partner',
    summary:
      "The enterprise's suppliers and clients with their settlement (refreshed on reading), invitation and evidence; sortField code, name, createdAt (default, newest first) or updatedAt",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/partner/detail',
    input: z.object({ id: z.number().int() }),
    output: ZPartner,
    auth: 'enterprise',
    permission: 'Partner',
    tag: 'partner',
    summary: 'One partner',
  }),
  add: endpoint({
    method: 'POST',
    path: '/partner/add',
    input: ZPartnerCreate,
    output: ZPartner,
    auth: 'enterprise',
    permission: 'Partner:Create',
    tag: 'partner',
    summary:
      'Create a supplier or client (code and USCI unique per type: B2060, B2061); recorded as evidence',
  }),
  update: endpoint({
    method: 'POST',
    path: '/partner/update',
    input: ZPartnerUpdate,
    output: ZPartner,
    auth: 'enterprise',
    permission: 'Partner:Edit',
    tag: 'partner',
    summary: 'Change a partner; its type only while nothing references it (B2040); recorded as evidence',
  }),
  delete: endpoint({
    method: 'POST',
    path: '/partner/delete',
    input: z.object({ id: z.number().int() }),
    output: z.null(),
    auth: 'enterprise',
    permission: 'Partner:Delete',
    tag: 'partner',
    summary: 'Delete a partner; refused (B2040) while a material code mapping or business data references it',
  }),
  batchDelete: endpoint({
    method: 'POST',
    path: '/partner/batchDelete',
    input: ZIds,
    output: z.null(),
    auth: 'enterprise',
    permission: 'Partner:BatchDelete',
    tag: 'partner',
    summary: 'Delete several partners, all or none: refused (B2040) when any of them is referenced',
  }),
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
  ...importExportEndpoints({
    kind: 'partner',
    base: '/partner',
    code: 'Partner',
    filters: ZPartnerFilters,
    tag: 'partner',
    noun: 'partners',
  }),
};
