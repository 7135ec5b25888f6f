import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { IMPORT_KINDS, ZImportKind, ZImportRecord, importKindPage, importRecordCodes } from './imports.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Gateway keys (spec 2.2 /secretkey/perkey, 4 "Gateway key: enabled or disabled"): an enterprise's
 * APPKey/APPSecret pairs for system-to-system calls (an ERP uploading import workbooks). The APPSecret is
 * shown once, when the key is created or reset, and never answered again. A signed request acts as the
 * member who created the key, with that member's current permissions and data scope (docs/gateway-api.md).
 */

export const GATEWAY_KEY_STATUSES = ['enabled', 'disabled'] as const;
export const GATEWAY_KEY_NAME_MAX = 50;
export const GATEWAY_KEY_REMARK_MAX = 200;

/** The signed-request recipe's bounds, shared by the server, the docs and the example client. */
export const GATEWAY_SIGNATURE = {
  /** Accepted clock difference between the caller's X-Timestamp and the server, either way. */
  windowMs: 5 * 60_000,
  nonceMin: 16,
  nonceMax: 64,
  /** Default requests per minute per key (GATEWAY_RATE_PER_MINUTE). */
  ratePerMinute: 60,
  headers: {
    appKey: 'x-app-key',
    timestamp: 'x-timestamp',
    nonce: 'x-nonce',
    signature: 'x-signature',
  },
} as const;

/** One gateway key as lists and details show it: never its secret. */
export const ZGatewayKey = z.object({
  id: z.number().int(),
  appKey: z.string(),
  name: z.string(),
  remark: z.string(),
  status: z.enum(GATEWAY_KEY_STATUSES),
  /** The member the key acts as (its user name). */
  createdBy: z.string(),
  createdAt: z.number().int(),
  /** The last accepted signed request; null before the first. */
  lastUsedAt: z.number().int().nullable(),
});
export type TGatewayKey = z.infer<typeof ZGatewayKey>;

/** A key created or reset: the only answer that holds its APPSecret. */
export const ZGatewayKeySecret = ZGatewayKey.extend({ appSecret: z.string() });
export type TGatewayKeySecret = z.infer<typeof ZGatewayKeySecret>;

export const ZGatewayKeyCreate = z.object({
  name: z.string().trim().min(1).max(GATEWAY_KEY_NAME_MAX),
  remark: z.string().trim().max(GATEWAY_KEY_REMARK_MAX).optional().default(''),
});

const ZKeyId = z.object({ id: z.number().int() });

export const gatewayKeyEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/gatewayKey/page',
    input: listRequest({
      name: z.string().trim().max(GATEWAY_KEY_NAME_MAX).optional(),
      status: z.enum(GATEWAY_KEY_STATUSES).optional(),
    }),
    output: ZListResponse(ZGatewayKey),
    reads: true,
    auth: 'enterprise',
    permission: 'PerKey',
    tag: 'gateway-key',
    summary: "The enterprise's gateway keys, newest first (never their secrets)",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/gatewayKey/detail',
    input: ZKeyId,
    output: ZGatewayKey,
    auth: 'enterprise',
    permission: 'PerKey',
    tag: 'gateway-key',
    summary: 'One gateway key of the enterprise (never its secret)',
  }),
  add: endpoint({
    method: 'POST',
    path: '/gatewayKey/add',
    input: ZGatewayKeyCreate,
    output: ZGatewayKeySecret,
    auth: 'enterprise',
    permission: 'CreateSecret',
    tag: 'gateway-key',
    summary:
      'Create a gateway key acting as the caller; answers its APPSecret this once (stored encrypted, never answered again)',
  }),
  reset: endpoint({
    method: 'POST',
    path: '/gatewayKey/reset',
    input: ZKeyId,
    output: ZGatewayKeySecret,
    auth: 'enterprise',
    permission: 'ResetSecret',
    tag: 'gateway-key',
    summary:
      'Replace the APPSecret of a key (the old one stops working at once); answers the new one this once',
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/gatewayKey/updateStatus',
    input: ZKeyId.extend({ status: z.enum(GATEWAY_KEY_STATUSES) }),
    output: ZGatewayKey,
    auth: 'enterprise',
    permission: 'PerKey:Status',
    tag: 'gateway-key',
    summary: 'Enable or disable a gateway key (a disabled key is refused with G4002)',
  }),
};

/** The upload code of each importable page: what a key's member needs to import through the gateway. */
export const GATEWAY_UPLOAD_CODES: readonly string[] = IMPORT_KINDS.map(
  (kind) => `${importKindPage(kind)!}:BatchUpload`,
);
const GATEWAY_RECORD_CODES: readonly string[] = [
  ...new Set(IMPORT_KINDS.flatMap((kind) => importRecordCodes(importKindPage(kind)!))),
];

/** The xlsx body of a gateway upload, for OpenAPI (the server reads the raw bytes). */
const ZWorkbookBody = z.unknown().meta({
  type: 'string',
  format: 'binary',
  description: 'The workbook (xlsx, the console template of the kind), at most 5MB',
});

/**
 * The system-to-system API: signed requests (auth 'gateway'), no session. Registered by
 * modules/gateway-key, which verifies the signature, the timestamp, the nonce and the rate first.
 */
export const gatewayEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/gateway/v1/imports/:kind',
    input: z.object({ kind: ZImportKind }),
    output: ZImportRecord,
    auth: 'gateway',
    permission: GATEWAY_UPLOAD_CODES,
    tag: 'gateway',
    summary:
      "Import an xlsx workbook (raw body, Content-Type application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) of a kind (project, partner, product, materialData, ...); needs the key member's '<Page>:BatchUpload'. Runs as a job: poll GET /gateway/v1/imports/{id}",
  }),
  status: endpoint({
    method: 'GET',
    path: '/gateway/v1/imports/:id',
    input: z.object({ id: z.string().max(40) }),
    output: ZImportRecord,
    auth: 'gateway',
    permission: GATEWAY_RECORD_CODES,
    tag: 'gateway',
    summary: "One import of the key's enterprise: status, progress and result counts",
  }),
};

/** The body the upload documents in OpenAPI (not validated: the server hashes and reads the raw bytes). */
export const GATEWAY_WORKBOOK_BODY = ZWorkbookBody;
