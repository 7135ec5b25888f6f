import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import { EXAMINE_STATUS, GATEWAY_SIGNATURE } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  enterpriseUsers,
  enterprises,
  gatewayKeyNonces,
  gatewayKeyRates,
  gatewayKeys,
  users,
} from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { decryptSecret } from '../../platform/keys.ts';
import { memberAccess, withUsedTables } from '../../platform/permissions.ts';

/*
 * Verification of a signed gateway request (docs/gateway-api.md). Each header is checked before the body is
 * read (key, status, timestamp), the signature over the body once it is read, then the nonce (replay) and
 * the per-key rate, both in the database so that several server processes share them. The request acts as
 * the member who created the key, with that member's current permissions and data scope.
 */

const H = GATEWAY_SIGNATURE.headers;
const NONCE_PATTERN = new RegExp(
  `^[A-Za-z0-9._~-]{${GATEWAY_SIGNATURE.nonceMin},${GATEWAY_SIGNATURE.nonceMax}}$`,
);
/** Nonces are kept twice the window: a request older than the window is refused by its timestamp anyway. */
const NONCE_RETENTION_MS = 2 * GATEWAY_SIGNATURE.windowMs;

/** The string a request signs: METHOD, PATH (with query), TIMESTAMP, NONCE and hex SHA-256 of the body. */
export function canonicalRequest(
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  body: Uint8Array,
): string {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  return [method.toUpperCase(), path, timestamp, nonce, bodyHash].join('\n');
}

/** base64url(HMAC-SHA256(secret, canonical request)); the secret's UTF-8 text is the key. */
export const signRequest = (secret: string, canonical: string): string =>
  createHmac('sha256', secret).update(canonical).digest('base64url');

/** A request whose headers passed: its key, awaiting the body's signature check. */
export interface PendingGatewayRequest {
  keyId: number;
  enterpriseUuid: string;
  createdBy: number;
  secretCiphertext: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

function header(req: FastifyRequest, name: string, pattern: RegExp): string {
  const value = req.headers[name];
  if (typeof value !== 'string' || !pattern.test(value))
    throw new AppError('GATEWAY_HEADERS_INVALID', { header: name });
  return value;
}

/**
 * The checks that need no body: the four headers, the key (known, enabled) and the timestamp window.
 */
export async function checkHeaders(deps: AppDeps, req: FastifyRequest): Promise<PendingGatewayRequest> {
  const appKey = header(req, H.appKey, /^[A-Za-z0-9_-]{1,64}$/);
  const timestamp = header(req, H.timestamp, /^\d{1,15}$/);
  const nonce = header(req, H.nonce, NONCE_PATTERN);
  const signature = header(req, H.signature, /^[A-Za-z0-9_-]{43}={0,1}$/);
  const [key] = await deps.db
    .select({
      id: gatewayKeys.id,
      enterpriseUuid: gatewayKeys.enterpriseUuid,
      createdBy: gatewayKeys.createdBy,
      status: gatewayKeys.status,
      secretCiphertext: gatewayKeys.secretCiphertext,
    })
    .from(gatewayKeys)
    .where(eq(gatewayKeys.appKey, appKey))
    .limit(1);
  if (!key) throw new AppError('GATEWAY_KEY_UNKNOWN');
  if (key.status !== 'enabled') throw new AppError('GATEWAY_KEY_DISABLED');
  if (Math.abs(Date.now() - Number(timestamp)) > GATEWAY_SIGNATURE.windowMs)
    throw new AppError('GATEWAY_TIMESTAMP_INVALID');
  return {
    keyId: key.id,
    enterpriseUuid: key.enterpriseUuid,
    createdBy: key.createdBy,
    secretCiphertext: key.secretCiphertext,
    timestamp,
    nonce,
    signature: signature.replace(/=+$/, ''),
  };
}

/**
 * The checks of the whole request: signature (constant-time), nonce not used before, rate within the limit,
 * the key's member still enabled in an enabled enterprise. Answers the member's tenant context.
 */
export async function verifyRequest(
  deps: AppDeps,
  req: FastifyRequest,
  pending: PendingGatewayRequest,
  body: Uint8Array,
  setRetryAfter: (seconds: number) => void,
): Promise<TenantContext> {
  const secret = Buffer.from(decryptSecret(deps.masterKey, pending.secretCiphertext)).toString('utf8');
  const expected = Buffer.from(
    signRequest(secret, canonicalRequest(req.method, req.url, pending.timestamp, pending.nonce, body)),
  );
  const given = Buffer.from(pending.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new AppError('GATEWAY_SIGNATURE_INVALID');

  const now = Date.now();
  await useNonce(deps.db, pending, now);
  await countRequest(deps, pending, now, setRetryAfter);
  const tenant = await memberTenant(deps.db, pending);
  await deps.db
    .update(gatewayKeys)
    .set({ lastUsedAt: new Date(now) })
    .where(eq(gatewayKeys.id, pending.keyId));
  // The caller's address, as sessions give theirs (the audit log records it).
  return { ...tenant, ip: req.ip };
}

/** Records the nonce; a second use within the retention is a replay. Older nonces of the key are pruned. */
async function useNonce(db: Db, pending: PendingGatewayRequest, now: number): Promise<void> {
  await db
    .delete(gatewayKeyNonces)
    .where(
      and(
        eq(gatewayKeyNonces.keyId, pending.keyId),
        lt(gatewayKeyNonces.usedAt, new Date(now - NONCE_RETENTION_MS)),
      ),
    );
  const inserted = await db
    .insert(gatewayKeyNonces)
    .values({ keyId: pending.keyId, enterpriseUuid: pending.enterpriseUuid, nonce: pending.nonce })
    .onConflictDoNothing()
    .returning({ keyId: gatewayKeyNonces.keyId });
  if (inserted.length === 0) throw new AppError('GATEWAY_NONCE_REUSED');
}

/** One more request in the key's current minute (an upsert: atomic across processes); refused past the limit. */
async function countRequest(
  deps: AppDeps,
  pending: PendingGatewayRequest,
  now: number,
  setRetryAfter: (seconds: number) => void,
): Promise<void> {
  const minute = Math.floor(now / 60_000);
  await deps.db
    .delete(gatewayKeyRates)
    .where(and(eq(gatewayKeyRates.keyId, pending.keyId), lt(gatewayKeyRates.minute, minute)));
  const [row] = await deps.db
    .insert(gatewayKeyRates)
    .values({ keyId: pending.keyId, enterpriseUuid: pending.enterpriseUuid, minute, count: 1 })
    .onConflictDoUpdate({
      target: [gatewayKeyRates.keyId, gatewayKeyRates.minute],
      set: { count: sql`${gatewayKeyRates.count} + 1` },
    })
    .returning({ count: gatewayKeyRates.count });
  const limit = deps.config.GATEWAY_RATE_PER_MINUTE;
  if ((row?.count ?? 0) > limit) {
    const seconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    setRetryAfter(seconds);
    throw new AppError('GATEWAY_RATE_LIMITED', { limit, seconds });
  }
}

/** The key's member as a tenant: still an approved, enabled member of an enabled enterprise. */
async function memberTenant(db: Db, pending: PendingGatewayRequest): Promise<TenantContext> {
  const [row] = await db
    .select({
      userStatus: users.status,
      linkStatus: enterpriseUsers.status,
      isAdmin: enterpriseUsers.isAdmin,
      enterpriseStatus: enterprises.status,
      unconfiguredCodes: enterprises.unconfiguredCodes,
      role: enterprises.role,
      businessAttribute: enterprises.businessAttribute,
      vinTables: enterprises.vinTables,
    })
    .from(users)
    .innerJoin(
      enterpriseUsers,
      and(
        eq(enterpriseUsers.userId, users.id),
        eq(enterpriseUsers.enterpriseUuid, pending.enterpriseUuid),
        eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
      ),
    )
    .innerJoin(enterprises, eq(enterprises.uuid, pending.enterpriseUuid))
    .where(eq(users.id, pending.createdBy))
    .limit(1);
  if (!row || row.userStatus !== 'enabled' || row.linkStatus !== 'enabled')
    throw new AppError('GATEWAY_MEMBER_DISABLED');
  if (row.enterpriseStatus !== 'enabled') throw new AppError('COMPANY_DISABLED');
  const access = await memberAccess(db, pending.enterpriseUuid, pending.createdBy, row.isAdmin);
  return {
    enterpriseUuid: pending.enterpriseUuid,
    userId: pending.createdBy,
    permissions: withUsedTables(access.permissions, row),
    dataScope: access.dataScope,
    unconfigured: new Set(row.unconfiguredCodes ?? []),
  };
}
