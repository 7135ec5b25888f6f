import { createHash } from 'node:crypto';
import type { TAnchor, TLang } from '@tracehub/contract';
import { CERTIFICATE_LABELS, eventTypeLabel } from './certificate-labels.ts';
import type { CertificateDocument, CertificateRow } from './certificate-pdf.ts';

// What the two certificates print, from the facts the service gathered: rows, texts and metadata in the
// chosen language. The layout is certificate-pdf.ts.

/** Where and for whom a certificate is printed. */
export interface PrintContext {
  lang: TLang;
  /** IANA time zone of the printed times. */
  timeZone: string;
  /** The console's origin, for the verification link (`<origin>/verify?hash=…`). */
  origin: string;
  /** The platform's Ed25519 public key, raw 32 bytes as hex. */
  platformKeyHex: string;
  now: Date;
}

export interface EnterpriseFacts {
  name: string;
  englishName: string | null;
  did: string | null;
}

/** A sealed evidence record. */
export interface EvidenceFacts {
  eventId: number;
  eventType: string;
  subjectId: string;
  /** The uploaded file's name, for upload evidence. */
  fileName: string | null;
  leafHash: string;
  /** The content's SHA-256 (an upload), when the record is about content. */
  dataHash: string | null;
  payloadHash: string;
  /** Whether payloadHash is a v2 salted commitment (docs/evidence-format.md) rather than a v1 plain hash. */
  payloadSalted: boolean;
  time: number;
  block: { height: number; hash: string; time: number };
  anchor: TAnchor | null;
  enterprise: EnterpriseFacts;
}

/** An enterprise's certification certificate and the evidence of its issue. */
export interface CertificationFacts {
  number: string;
  name: string;
  englishName: string | null;
  usci: string;
  did: string;
  chainAccount: string;
  issuedAt: number;
  issuerDid: string;
  /** The enterprise.certified record: its leaf hash and, once sealed, its block. */
  evidence: { leafHash: string; block: { height: number; time: number } | null } | null;
}

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The zone if the runtime knows it, otherwise the default. */
export function knownTimeZone(zone: string | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** `2026-01-01 08:00:00 (UTC+08:00)` in the zone. */
export function formatTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} (UTC${offset})`;
}

/** The verification page of a hash on the console's origin. */
export const verifyUrl = (origin: string, hash: string) => `${origin}/verify?hash=${hash}`;

/** SHA-256 of the platform key's 32 raw bytes, hex: what the certificate prints as its fingerprint. */
export const keyFingerprint = (publicKeyHex: string) =>
  createHash('sha256').update(Buffer.from(publicKeyHex, 'hex')).digest('hex');

const mono = (label: string, value: string): CertificateRow => ({
  label,
  parts: [{ text: value, mono: true }],
});
const text = (label: string, value: string): CertificateRow => ({ label, parts: [{ text: value }] });

/** Long names (a file name may have 200 characters) are shortened in the middle. */
const shorten = (value: string, max = 120) =>
  value.length <= max ? value : `${value.slice(0, max - 40)}…${value.slice(-39)}`;

/** Machine-readable document keywords (ASCII), e.g. for tests and archives. */
const keywords = (fields: Record<string, string | number>) =>
  [
    'tracehub-certificate',
    ...Object.entries(fields).map(([key, value]) => `${key}=${String(value).replace(/\s/g, '_')}`),
  ].join(' ');

/** The anchor transaction in one row: chain and block, then the contract and the transaction hash. */
function anchorRow(anchor: TAnchor | null, ctx: PrintContext): CertificateRow {
  const l = CERTIFICATE_LABELS[ctx.lang].evidence;
  if (!anchor) return text(l.rows.anchor, l.notAnchored);
  const where = l.anchorValue(
    anchor.chainId,
    anchor.blockNumber === null ? l.anchorAwaiting : l.anchorBlock(anchor.blockNumber),
  );
  return {
    label: l.rows.anchor,
    parts: [
      { text: where },
      { text: anchor.contract, mono: true, caption: l.anchorContract },
      { text: anchor.txHash, mono: true, caption: l.anchorTx },
    ],
  };
}

/** The blockchain evidence certificate of a sealed record. */
export function evidenceCertificate(facts: EvidenceFacts, ctx: PrintContext): CertificateDocument {
  const labels = CERTIFICATE_LABELS[ctx.lang];
  const l = labels.evidence;
  const time = (ms: number) => formatTime(ms, ctx.timeZone);
  const enterpriseName =
    ctx.lang === 'en' ? (facts.enterprise.englishName ?? facts.enterprise.name) : facts.enterprise.name;
  const rows: CertificateRow[] = [
    text(l.rows.evidenceId, String(facts.eventId)),
    text(l.rows.enterprise, shorten(enterpriseName)),
    mono(l.rows.did, facts.enterprise.did ?? labels.empty),
    text(l.rows.recordType, eventTypeLabel(facts.eventType, ctx.lang)),
    mono(l.rows.subjectId, facts.subjectId),
    ...(facts.fileName ? [text(l.rows.fileName, shorten(facts.fileName))] : []),
    mono(l.rows.txHash, facts.leafHash),
    facts.dataHash
      ? mono(l.rows.fileHash, facts.dataHash)
      : mono(facts.payloadSalted ? l.rows.saltedPayloadHash : l.rows.payloadHash, facts.payloadHash),
    text(l.rows.txTime, time(facts.time)),
    text(l.rows.chainHeight, String(facts.block.height)),
    mono(l.rows.chainHash, facts.block.hash),
    text(l.rows.chainDate, time(facts.block.time)),
    anchorRow(facts.anchor, ctx),
    text(l.rows.status, l.sealed(facts.block.height)),
    mono(l.rows.platformKey, keyFingerprint(ctx.platformKeyHex)),
  ];
  return {
    lang: ctx.lang,
    platform: labels.platform,
    title: l.title,
    subtitle: l.subtitle,
    statement: l.statement,
    rows,
    qr: { url: verifyUrl(ctx.origin, facts.leafHash), caption: labels.qrCaption },
    verify: { title: labels.verifyTitle, paragraphs: labels.verifyEvidence },
    footer: labels.generated(time(ctx.now.getTime())),
    seal: l.seal,
    info: {
      title: `${l.title} ${facts.eventId}`,
      subject: labels.metaSubject.evidence,
      keywords: keywords({
        kind: 'evidence',
        lang: ctx.lang,
        id: facts.eventId,
        txHash: facts.leafHash,
        height: facts.block.height,
      }),
      created: ctx.now,
    },
  };
}

/** The enterprise certification certificate (the credential issued at certification). */
export function certificationCertificate(facts: CertificationFacts, ctx: PrintContext): CertificateDocument {
  const labels = CERTIFICATE_LABELS[ctx.lang];
  const l = labels.certification;
  const time = (ms: number) => formatTime(ms, ctx.timeZone);
  const status = !facts.evidence
    ? l.noEvidence
    : facts.evidence.block
      ? l.sealed(facts.evidence.block.height, time(facts.evidence.block.time))
      : labels.pending;
  const rows: CertificateRow[] = [
    mono(l.rows.number, facts.number),
    text(l.rows.name, facts.name),
    text(l.rows.englishName, facts.englishName ?? labels.empty),
    mono(l.rows.usci, facts.usci),
    mono(l.rows.did, facts.did),
    mono(l.rows.chainAccount, facts.chainAccount),
    text(l.rows.issuedAt, time(facts.issuedAt)),
    mono(l.rows.issuer, facts.issuerDid),
    text(l.rows.credential, l.credentialValue),
    ...(facts.evidence ? [mono(l.rows.txHash, facts.evidence.leafHash)] : []),
    text(l.rows.status, status),
  ];
  // Without its ledger record (never expected) the QR leads to the credential itself.
  const url = facts.evidence
    ? verifyUrl(ctx.origin, facts.evidence.leafHash)
    : `${ctx.origin}/api/public/credentials/${encodeURIComponent(facts.number)}`;
  return {
    lang: ctx.lang,
    platform: labels.platform,
    title: l.title,
    subtitle: l.subtitle,
    statement: l.statement,
    rows,
    qr: { url, caption: labels.qrCaption },
    verify: { title: labels.verifyTitle, paragraphs: labels.verifyCertification(facts.number) },
    footer: labels.generated(time(ctx.now.getTime())),
    seal: l.seal,
    info: {
      title: `${l.title} ${facts.number}`,
      subject: labels.metaSubject.certification,
      keywords: keywords({
        kind: 'certification',
        lang: ctx.lang,
        number: facts.number,
        did: facts.did,
        ...(facts.evidence ? { txHash: facts.evidence.leafHash } : {}),
      }),
      created: ctx.now,
    },
  };
}
