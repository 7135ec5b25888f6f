import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { API_BASE, type TPreDownload } from '@tracehub/contract';
import type { AppDeps } from './context.ts';
import { AppError } from './errors.ts';

/*
 * Download links that need no session (spec 7 /file/preDownload, 8 "Download link valid for 3 minutes"):
 * the link carries what it grants (one file of one enterprise, under a name, until a time) and an
 * HMAC-SHA256 of it under a key derived from the master key, so nothing is stored per link and a link
 * cannot be changed to name another file, enterprise or expiry.
 */

/** What a link grants. */
export interface DownloadGrant {
  fileKey: string;
  enterpriseUuid: string;
  /** The download's name. */
  fileName: string;
  /** Epoch milliseconds from which the link is refused. */
  expiresAt: number;
}

const ZGrant = z.object({ f: z.string(), e: z.string(), n: z.string(), x: z.number().int() });

// A key of its own for links: a leaked link key says nothing about the master key, and vice versa. Each
// kind of link has its own label, so a file's link can never be replayed as a package's, or the reverse.
const KEY_LABELS = {
  file: 'tracehub/file-download-link/v1',
  evidencePackage: 'tracehub/evidence-package-link/v1',
} as const;
export const downloadLinkKey = (masterKey: Buffer, kind: keyof typeof KEY_LABELS = 'file'): Buffer =>
  createHmac('sha256', masterKey).update(KEY_LABELS[kind]).digest();

const mac = (key: Buffer, payload: string): Buffer => createHmac('sha256', key).update(payload).digest();

/** `<payload>.<mac>`, both base64url: safe in a URL without escaping. */
export function signDownloadToken(key: Buffer, grant: DownloadGrant): string {
  const payload = Buffer.from(
    JSON.stringify({ f: grant.fileKey, e: grant.enterpriseUuid, n: grant.fileName, x: grant.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The path of a token's download, below the console's origin (a file's, or an evidence task's package). */
export const downloadLinkPath = (token: string, route = '/file/signed'): string =>
  `${API_BASE}${route}?token=${token}`;

/**
 * The grant of a token: E1003 when it is not one this server signed (changed, truncated, made up), so a
 * tampered link learns nothing; F1008 when it was signed but its time is over (`now` at or after expiry).
 */
export function verifyDownloadToken(key: Buffer, token: string, now: number): DownloadGrant {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw new AppError('NOT_FOUND');
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('NOT_FOUND');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('NOT_FOUND');
  }
  const grant = ZGrant.safeParse(parsed);
  if (!grant.success) throw new AppError('NOT_FOUND');
  if (now >= grant.data.x) throw new AppError('DOWNLOAD_LINK_EXPIRED');
  return {
    fileKey: grant.data.f,
    enterpriseUuid: grant.data.e,
    fileName: grant.data.n,
    expiresAt: grant.data.x,
  };
}

/**
 * A signed link to one file of an enterprise, valid DOWNLOAD_LINK_VALIDITY_MS from now, as the link calls
 * answer it: under the key of its kind, to the route that serves that kind (a file's, a package's).
 */
export function signedLink(
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  grant: { fileKey: string; enterpriseUuid: string; fileName: string; blobType: string },
  kind: 'file' | 'evidencePackage' = 'file',
  route = '/file/signed',
): TPreDownload {
  const validForMs = deps.config.DOWNLOAD_LINK_VALIDITY_MS;
  const token = signDownloadToken(downloadLinkKey(deps.masterKey, kind), {
    ...grant,
    expiresAt: Date.now() + validForMs,
  });
  return {
    url: downloadLinkPath(token, route),
    fileName: grant.fileName,
    blobType: grant.blobType,
    validForMs,
  };
}
