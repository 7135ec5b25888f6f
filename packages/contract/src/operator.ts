import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import { ZSessionToken } from './auth.ts';
import { ENTERPRISE_PAGE_CODES } from './menu.ts';
import { VIN_TABLE_CODES } from './document-types.ts';

/** The operator (platform) end: its own sign-in, enterprise management, rules and the mail outbox. */
export const ZOperatorEnterprise = z.object({
  enterpriseUuid: z.string(),
  name: z.string(),
  englishName: z.string().nullable(),
  usci: z.string(),
  role: z.number().int(),
  scene: z.enum(['US', 'EU', 'US&EU']).nullable(),
  businessAttribute: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
  did: z.string().nullable(),
  chainAccount: z.string().nullable(),
  memberCount: z.number().int(),
  certifiedAt: z.number().int().nullable(),
  /** Page codes of the enterprise menu the platform has not configured for it (spec 6), sorted. */
  unconfiguredCodes: z.array(z.string()),
  /** The VIN tables (A-E) the operator chose for it; null: those of its kind (defaultVinTables). */
  vinTables: z.array(z.string()).nullable(),
});

/**
 * ID rule (spec 3, 9): a 32-character identification built from elements; the default elements are
 * country code 3, organization code 18, attribute flag 1, timestamp 10, check code 4.
 */
export const ID_RULE_ELEMENTS = [
  'countryCode',
  'organizationCode',
  'attributeFlag',
  'timestamp',
  'checkCode',
  'serial',
  'custom',
] as const;
export const ZIdRuleElement = z.object({
  element: z.enum(ID_RULE_ELEMENTS),
  length: z.number().int().min(1).max(LIMITS.identificationLength),
  /** Default elements cannot be removed; additional ones can. */
  kind: z.enum(['default', 'additional']),
  /** Fixed text for 'custom' elements. */
  value: z.string().max(32).optional(),
});
/**
 * The default identification. Spec 9 names country code 3, organization code 18, attribute flag 1,
 * timestamp 10 and check code 4, which add up to 36, not the 32 it also states; we keep the 32 and the
 * other lengths and use a 6-character timestamp (YYMMDD).
 */
export const DEFAULT_ID_RULE_ELEMENTS: readonly z.infer<typeof ZIdRuleElement>[] = [
  { element: 'countryCode', length: 3, kind: 'default' },
  { element: 'organizationCode', length: 18, kind: 'default' },
  { element: 'attributeFlag', length: 1, kind: 'default' },
  { element: 'timestamp', length: 6, kind: 'default' },
  { element: 'checkCode', length: 4, kind: 'default' },
];

export const ZIdRuleInput = z
  .object({
    name: z.string().trim().min(1).max(50),
    /** The rule's English name and notes (optional: shown in en when given). */
    nameEn: z.string().trim().max(50).optional().default(''),
    codeType: z.enum(['product', 'batch', 'vin', 'package']),
    elements: z.array(ZIdRuleElement).min(1).max(12),
    notes: z.string().trim().max(LIMITS.templateNotesMax).optional().default(''),
    notesEn: z.string().trim().max(LIMITS.templateNotesMax).optional().default(''),
  })
  .refine((v) => v.elements.reduce((n, e) => n + e.length, 0) === LIMITS.identificationLength, {
    message: 'v.idRule.length',
    path: ['elements'],
  });
export const ZIdRule = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  codeType: z.enum(['product', 'batch', 'vin', 'package']),
  codeRule: z.string(),
  elements: z.array(ZIdRuleElement),
  notes: z.string().nullable(),
  notesEn: z.string().nullable(),
  /** default, in use (referenced by enterprises), unused. */
  status: z.enum(['default', 'inUse', 'unused']),
  createdAt: z.number().int(),
});

export const ZCodeRuleInput = z.object({
  name: z.string().trim().min(1).max(50),
  /** The rule's English name and notes (optional: shown in en when given). */
  nameEn: z.string().trim().max(50).optional().default(''),
  prefix: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{0,10}$/, 'v.codeRule.prefix'),
  dateFormat: z.enum(['none', 'YYYYMMDD', 'YYMMDD', 'YYYYMM']),
  serialLength: z.number().int().min(3).max(12),
  notes: z.string().trim().max(LIMITS.templateNotesMax).optional().default(''),
  notesEn: z.string().trim().max(LIMITS.templateNotesMax).optional().default(''),
});
export const ZCodeRule = ZCodeRuleInput.extend({
  id: z.number().int(),
  /** An example code, e.g. TH-20261120-000001. */
  sample: z.string(),
  status: z.enum(['default', 'inUse', 'unused']),
  createdAt: z.number().int(),
});

export const ZOutboxItem = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.number().int(),
});

/** The signed-in operator, for the operator end's layout. */
export const ZOperatorInfo = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  chineseName: z.string().nullable(),
  englishName: z.string().nullable(),
});

export const operatorEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/operator/login',
    input: z.object({
      loginAccount: z.string().trim().min(1).max(LIMITS.emailMax),
      password: z.string().min(1).max(128),
    }),
    output: ZSessionToken,
    auth: 'public',
    tag: 'operator',
    summary: 'Operator sign-in (operator accounts only)',
  }),
  info: endpoint({
    method: 'POST',
    path: '/operator/info',
    input: z.object({}).default({}),
    output: ZOperatorInfo,
    auth: 'operator',
    tag: 'operator',
    summary: 'The signed-in operator',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/operator/logout',
    input: z.object({}).default({}),
    output: z.null(),
    auth: 'operator',
    tag: 'operator',
    summary: 'End the operator session',
  }),
  enterprisePage: endpoint({
    method: 'POST',
    path: '/operator/enterprise/page',
    input: listRequest({
      name: z.string().max(100).optional(),
      usci: z.string().max(100).optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
    }),
    output: ZListResponse(ZOperatorEnterprise),
    auth: 'operator',
    tag: 'operator',
    summary: 'Enterprises on the platform',
  }),
  enterpriseUpdateStatus: endpoint({
    method: 'POST',
    path: '/operator/enterprise/updateStatus',
    input: z.object({ enterpriseUuid: z.string().max(64), status: z.enum(['enabled', 'disabled']) }),
    output: ZOperatorEnterprise,
    auth: 'operator',
    tag: 'operator',
    summary: "Enable or disable an enterprise; a disabled one's members are refused on their next request",
  }),
  enterpriseModules: endpoint({
    method: 'POST',
    path: '/operator/enterprise/updateModules',
    input: z.object({
      enterpriseUuid: z.string().max(64),
      /** Every page code of ENTERPRISE_MENU_TREE, built or not; unknown codes are refused (E1001). */
      unconfiguredCodes: z.array(z.string().max(64)).max(ENTERPRISE_PAGE_CODES.size),
    }),
    output: ZOperatorEnterprise,
    auth: 'operator',
    tag: 'operator',
    summary:
      "Set the modules (menu pages) not configured for an enterprise; its members see the pages with 'contact the administrator' and their endpoints answer B2030",
  }),
  enterpriseVinTables: endpoint({
    method: 'POST',
    path: '/operator/enterprise/updateVinTables',
    input: z.object({
      enterpriseUuid: z.string().max(64),
      /** Codes of VIN_TABLE_CODES (unknown ones are refused, E1001); null: back to its kind's default. */
      vinTables: z.array(z.string().max(64)).max(VIN_TABLE_CODES.length).nullable(),
    }),
    output: ZOperatorEnterprise,
    auth: 'operator',
    tag: 'operator',
    summary:
      "Choose the VIN tables (A-E) an enterprise uses, or null for its kind's default; the others leave its members' menus and endpoints",
  }),
  idRulePage: endpoint({
    method: 'POST',
    path: '/operator/idRule/page',
    input: listRequest({
      name: z.string().max(50).optional(),
      status: z.enum(['default', 'inUse', 'unused']).optional(),
    }),
    output: ZListResponse(ZIdRule),
    auth: 'operator',
    tag: 'operator',
    summary: 'ID rules enterprises follow',
  }),
  idRuleAdd: endpoint({
    method: 'POST',
    path: '/operator/idRule/add',
    input: ZIdRuleInput,
    output: ZIdRule,
    auth: 'operator',
    tag: 'operator',
    summary: 'Create an ID rule (elements add up to 32 characters)',
  }),
  idRuleSetDefault: endpoint({
    method: 'POST',
    path: '/operator/idRule/setDefault',
    input: z.object({ id: z.number().int() }),
    output: ZIdRule,
    auth: 'operator',
    tag: 'operator',
    summary: 'Make an ID rule the default',
  }),
  codeRulePage: endpoint({
    method: 'POST',
    path: '/operator/codeRule/page',
    input: listRequest({
      name: z.string().max(50).optional(),
      status: z.enum(['default', 'inUse', 'unused']).optional(),
    }),
    output: ZListResponse(ZCodeRule),
    auth: 'operator',
    tag: 'operator',
    summary: 'Code rules enterprises follow',
  }),
  codeRuleAdd: endpoint({
    method: 'POST',
    path: '/operator/codeRule/add',
    input: ZCodeRuleInput,
    output: ZCodeRule,
    auth: 'operator',
    tag: 'operator',
    summary: 'Create a code rule',
  }),
  codeRuleSetDefault: endpoint({
    method: 'POST',
    path: '/operator/codeRule/setDefault',
    input: z.object({ id: z.number().int() }),
    output: ZCodeRule,
    auth: 'operator',
    tag: 'operator',
    summary: 'Make a code rule the default',
  }),
  outboxPage: endpoint({
    method: 'POST',
    path: '/operator/outbox/page',
    input: listRequest({
      to: z.string().max(LIMITS.emailMax).optional(),
      status: z.enum(['stored', 'sent', 'failed']).optional(),
    }),
    output: ZListResponse(ZOutboxItem),
    auth: 'operator',
    tag: 'operator',
    summary: 'Every e-mail the platform sent or stored (verification codes in demos)',
  }),
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The first code a code rule gives on a day (e.g. TH-20261120-000001): prefix, date and serial number
 * joined by '-', empty parts left out. The server shows it as `sample`; the rule editor previews it live.
 */
export function codeRuleSample(
  rule: { prefix?: string; dateFormat?: z.infer<typeof ZCodeRuleInput>['dateFormat']; serialLength?: number },
  now: Date = new Date(),
): string {
  const y = String(now.getFullYear());
  const md = pad(now.getMonth() + 1) + pad(now.getDate());
  const date = { none: '', YYYYMMDD: y + md, YYMMDD: y.slice(2) + md, YYYYMM: y + pad(now.getMonth() + 1) }[
    rule.dateFormat ?? 'none'
  ];
  const serial = rule.serialLength && rule.serialLength > 0 ? '1'.padStart(rule.serialLength, '0') : '';
  return [rule.prefix?.trim() ?? '', date, serial].filter(Boolean).join('-');
}
