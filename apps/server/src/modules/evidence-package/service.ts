import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  EVIDENCE_PACKAGE_FORMAT,
  EVIDENCE_PACKAGE_VERSION,
  PACKAGE_FILES,
  type TInclusionProof,
  type TManifestSignatures,
  type TPackageManifest,
  type TPackageRecord,
  type TPackageRequest,
  type TPackageScope,
} from '@tracehub/contract';
import { canonicalize, ethrDidAddress, parseEvidenceLeaf, signPayloadHash } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import {
  documents,
  enterprises,
  files,
  ledgerEvents,
  materials,
  partners,
  products,
  projectCodes,
} from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { decryptSecret } from '../../platform/keys.ts';
import { visibleRows } from '../../platform/list-query.ts';
import { enterpriseDidDocument } from '../../platform/ledger/identity.ts';
import { rowsOf } from '../../platform/ledger/nodes.ts';
import { ProofCache, consistencyProofBetween, inclusionProofOf } from '../../platform/ledger/proofs.ts';
import { anchorAt, latestBlock, toAnchor, type EventRow } from '../../platform/ledger/records.ts';
import { storageKeyOf } from '../../platform/storage.ts';
import { withTenant } from '../../platform/tenancy.ts';
import { ownVins, ownsLot, walkMany, type TraceGraph } from '../trace/public.ts';
import { PackageZip, type PackageSink } from './sink.ts';

/*
 * Evidence packages (issue 17 item 2; layout in docs/evidence-format.md section 7).
 *
 * What a package of enterprise E holds (the rule):
 * - the records of the traced chain: E's walk from the scope's VINs (given, or those of E's products of
 *   the scope's product codes) or lots, down and up (modules/trace, run as E, so it reaches exactly the
 *   links E's trace shows), and the ledger events of the document lines of each link (the lines of the linked bill that carry a lot of the walk), of E's products of the scope's
 *   VINs and of the attachments of E's linked documents;
 * - for every record its inclusion proof, exactly as GET /api/public/ledger/proof serves it;
 * - for E's own records the payload and salt that open payloadHash (type 1; type 2 leaves a record unopened
 *   when its payload has a withheld field) and the attachment's content;
 * - for a counterparty's record only what the ledger already makes public: its leaf and proofs, never its
 *   payload, salt or content (those are the counterparty's to disclose);
 * - the signed blocks of those proofs, a consistency proof from each to the newest block, recorded anchors,
 *   the DID documents of every signer (a did:ethr document is its address, so it is the one of signing
 *   time), the platform key; a canonical manifest of every file's SHA-256, signed by the platform (Ed25519)
 *   and by E's did:ethr key.
 *
 * The payload commitment is one salted hash of the whole payload, so a field cannot be opened alone: a
 * type 2 package withholds the payload and salt of every record carrying a withheld field (its proof still
 * verifies; the record is reported "withheld"), and opens the others fully.
 *
 * Memory: events are read and written in chunks, each zip entry is compressed and handed to the sink before
 * the next, so only the chunk and the (small) sets of ids, blocks and DIDs are held.
 */

const CHUNK = 200;

export interface PackageSummary {
  records: number;
  attachments: number;
  blocks: number;
  bytes: number;
}

interface Picked {
  tier: number;
  direction: TPackageRecord['direction'];
}

const utf8 = new TextEncoder();
const canonicalBytes = (value: unknown) => utf8.encode(canonicalize(value));
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Start = Parameters<typeof walkMany>[2][number];

/** Where a package's walks start: the scope's VINs/SNs and lots, each the tenant's own. */
export interface PackageStarts {
  starts: Start[];
  /** The VINs/SNs among them (their products' records join the package). */
  vins: string[];
}

const vinStart = (ent: string, vinSn: string, itemCode: string): Start => ({
  key: { ent, item: '', lot: vinSn },
  fields: { itemCode, batchNo: '', vinSn },
});
const lotStart = (ent: string, itemCode: string, batchNo: string): Start => ({
  key: { ent, item: itemCode, lot: batchNo },
  fields: { itemCode, batchNo, vinSn: '' },
});

const tooMany = (limit: number, count: number) =>
  new AppError('EVIDENCE_TOO_MANY_VINS', { limit: String(limit), count: String(count) });

/** The VINs of the tenant's products of some codes (product scope) or of a project (project scope). */
async function productVins(tx: Db, tenant: TenantContext, scope: TPackageScope, cap: number) {
  const where =
    scope.kind === 'project'
      ? inArray(
          products.projectCodeId,
          tx
            .select({ id: projectCodes.id })
            .from(projectCodes)
            .where(
              and(
                eq(projectCodes.enterpriseUuid, tenant.enterpriseUuid),
                inArray(projectCodes.code, scope.values),
              ),
            ),
        )
      : inArray(products.code, scope.values);
  const rows = await tx
    .selectDistinct({ vinSn: products.vinSn, code: products.code })
    .from(products)
    .where(and(visibleRows(products, tenant), where, ne(products.vinSn, '')))
    .orderBy(asc(products.vinSn))
    .limit(cap + 1);
  return rows;
}

/** The tenant's lots (and VIN-only lines) of documents matching `where`, and of its materials of a code. */
async function documentLots(tx: Db, tenant: TenantContext, where: SQL, cap: number, materialCode?: string) {
  const rows = await tx
    .selectDistinct({ itemCode: documents.itemCode, batchNo: documents.batchNo, vinSn: documents.vinSn })
    .from(documents)
    .where(and(visibleRows(documents, tenant), where, or(ne(documents.batchNo, ''), ne(documents.vinSn, ''))))
    .orderBy(asc(documents.itemCode), asc(documents.batchNo), asc(documents.vinSn))
    .limit(cap + 1);
  if (materialCode !== undefined) {
    const own = await tx
      .selectDistinct({ itemCode: materials.code, batchNo: materials.batchNo })
      .from(materials)
      .where(and(visibleRows(materials, tenant), eq(materials.code, materialCode), ne(materials.batchNo, '')))
      .limit(cap + 1);
    for (const m of own) rows.push({ ...m, vinSn: '' });
  }
  return rows;
}

/**
 * Resolves a scope to its starts, as the tenant (its data permission applies): B2201 when a key names
 * nothing of the tenant's, B2211 when it holds more than `limit` VINs/SNs or lots. Run at creation (so a
 * task that cannot be written is refused then) and again by the writer.
 */
export async function resolveStarts(
  tx: Db,
  tenant: TenantContext,
  scope: TPackageScope,
  limit: number,
): Promise<PackageStarts> {
  const ent = tenant.enterpriseUuid;
  const notFound = (value: string) => new AppError('PACKAGE_SCOPE_NOT_FOUND', { value });
  const starts = new Map<string, Start>();
  const vins: string[] = [];
  const put = (s: Start) => starts.set(`${s.key.item}\u0000${s.key.lot}`, s);
  switch (scope.kind) {
    case 'vin': {
      if (scope.values.length > limit) throw tooMany(limit, scope.values.length);
      // Two reads for the whole list (a list of 500 VINs is one task's worth).
      const owned = await ownVins(tx, tenant, scope.values);
      for (const vinSn of scope.values) {
        const own = owned.get(vinSn);
        if (!own) throw notFound(vinSn);
        put(vinStart(ent, vinSn, own.itemCode));
        vins.push(vinSn);
      }
      break;
    }
    case 'product':
    case 'project': {
      const rows = await productVins(tx, tenant, scope, limit);
      if (rows.length === 0) throw notFound(scope.values.join(', '));
      if (rows.length > limit) throw tooMany(limit, rows.length);
      for (const r of rows) {
        put(vinStart(ent, r.vinSn, r.code));
        vins.push(r.vinSn);
      }
      break;
    }
    case 'batch': {
      const itemCode = scope.itemCode ?? '';
      if (scope.values.length > limit) throw tooMany(limit, scope.values.length);
      for (const batchNo of scope.values) {
        if (!itemCode || !(await ownsLot(tx, tenant, itemCode, batchNo)))
          throw notFound(`${itemCode}/${batchNo}`);
        put(lotStart(ent, itemCode, batchNo));
      }
      break;
    }
    case 'material':
    case 'enterprise': {
      let where: SQL;
      if (scope.kind === 'material') where = inArray(documents.itemCode, scope.values);
      else {
        // A partner of the tenant settled as that enterprise: what the two exchanged.
        const ids = await tx
          .select({ id: partners.id })
          .from(partners)
          .where(
            and(eq(partners.enterpriseUuid, ent), inArray(partners.partnerEnterpriseUuid, scope.values)),
          );
        if (ids.length === 0) throw notFound(scope.values.join(', '));
        where = inArray(
          documents.partnerId,
          ids.map((r) => r.id),
        );
      }
      const rows = await documentLots(
        tx,
        tenant,
        where,
        limit,
        scope.kind === 'material' && scope.values.length === 1 ? scope.values[0] : undefined,
      );
      for (const r of rows) {
        if (r.batchNo) put(lotStart(ent, r.itemCode, r.batchNo));
        else put(vinStart(ent, r.vinSn, r.itemCode));
      }
      if (starts.size === 0) throw notFound(scope.values.join(', '));
      if (starts.size > limit) throw tooMany(limit, starts.size);
      for (const st of starts.values()) if (st.fields.vinSn) vins.push(st.fields.vinSn);
      break;
    }
  }
  return { starts: [...starts.values()], vins };
}

/** The walks of the scope's starts, as the tenant: one per direction from every start at once. */
async function walksOf(tx: Db, resolved: PackageStarts): Promise<TraceGraph[]> {
  // The bound grows with the starts.
  const max = 10_000 + 200 * resolved.starts.length;
  return [await walkMany(tx, 'down', resolved.starts, max), await walkMany(tx, 'up', resolved.starts, max)];
}

interface LinkKey {
  ent: string;
  t: number;
  b: string;
  lot: string;
  tier: number;
  dir: TPackageRecord['direction'];
}

/** The (enterprise, bill, lot) of every document of the walks, with the tier of the lot's node. */
function linkKeys(graphs: TraceGraph[]): LinkKey[] {
  const out = new Map<string, LinkKey>();
  const put = (k: LinkKey) => {
    const id = `${k.ent}\u0000${k.t}\u0000${k.b}\u0000${k.lot}`;
    const found = out.get(id);
    if (!found || found.tier > k.tier) out.set(id, k);
  };
  for (const g of graphs) {
    const dirOf = (tier: number): LinkKey['dir'] => (tier === 0 ? 'start' : g.direction);
    for (const e of g.edges) {
      for (const n of [g.nodes[e.from]!, g.nodes[e.to]!]) {
        for (const d of e.documents)
          put({
            ent: n.key.ent,
            t: d.typeCode,
            b: d.billNo,
            lot: n.key.lot,
            tier: n.tier,
            dir: dirOf(n.tier),
          });
      }
    }
    for (const n of g.nodes)
      for (const d of n.sourceDocs)
        put({ ent: n.key.ent, t: d.typeCode, b: d.billNo, lot: n.key.lot, tier: n.tier, dir: dirOf(n.tier) });
  }
  return [...out.values()];
}

/** The sealed events of the chain's records, by event id, with their tier; own attachments' file keys. */
async function pickEvents(
  db: Db,
  tenant: TenantContext,
  vins: string[],
  graphs: TraceGraph[],
): Promise<Map<number, Picked>> {
  const keys = linkKeys(graphs);
  const picked = new Map<number, Picked>();
  const docs = new Map<string, Picked & { ent: string; t: number; b: string }>();
  // The platform connection reads every enterprise's lines; only their public leaves leave this module.
  for (let i = 0; i < keys.length; i += 2000) {
    const part = keys.slice(i, i + 2000);
    const rows = rowsOf<{ id: number; ent: string; t: number; b: string; tier: number; dir: string }>(
      await db.execute(sql`
        select d.id, d.enterprise_uuid as ent, d.doc_type as t, d.bill_no as b, min(k.tier) as tier, (array_agg(k.dir order by k.tier))[1] as dir
        from json_to_recordset(${JSON.stringify(part)}::json) as k(ent text, t int, b text, lot text, tier int, dir text)
        join documents d on d.enterprise_uuid = k.ent and d.doc_type = k.t and d.bill_no = k.b
          and (d.batch_no = k.lot or d.vin_sn = k.lot)
        group by d.id, d.enterprise_uuid, d.doc_type, d.bill_no`),
    );
    for (const r of rows)
      docs.set(String(r.id), {
        tier: Number(r.tier),
        direction: r.dir as Picked['direction'],
        ent: r.ent,
        t: Number(r.t),
        b: r.b,
      });
  }
  const subjects: { type: string; ids: string[]; at: (id: string) => Picked }[] = [
    { type: 'document', ids: [...docs.keys()], at: (id) => docs.get(id)! },
  ];
  // The tenant's products of the scope's VINs, and the attachments of its linked documents.
  if (vins.length > 0) {
    const own = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.enterpriseUuid, tenant.enterpriseUuid), inArray(products.vinSn, vins)));
    subjects.push({
      type: 'product',
      ids: own.map((p) => String(p.id)),
      at: () => ({ tier: 0, direction: 'start' }),
    });
  }
  const ownDocs = [...docs.values()].filter((d) => d.ent === tenant.enterpriseUuid);
  const bills = new Map(ownDocs.map((d) => [`${d.t}\u0000${d.b}`, d]));
  if (ownDocs.length > 0) {
    const fileRows = await db
      .select({ fileKey: files.fileKey, bizType: files.bizType, bizNo: files.bizNo })
      .from(files)
      .where(
        and(
          eq(files.enterpriseUuid, tenant.enterpriseUuid),
          inArray(files.bizNo, [...new Set(ownDocs.map((d) => d.b))]),
        ),
      );
    const tierOf = new Map<string, Picked>();
    for (const f of fileRows) {
      const doc = bills.get(`${f.bizType}\u0000${f.bizNo ?? ''}`);
      if (doc) tierOf.set(f.fileKey, { tier: doc.tier, direction: doc.direction });
    }
    subjects.push({ type: 'file', ids: [...tierOf.keys()], at: (id) => tierOf.get(id)! });
  }
  for (const s of subjects) {
    for (let i = 0; i < s.ids.length; i += 5000) {
      const rows = await db
        .select({ id: ledgerEvents.id, subjectId: ledgerEvents.subjectId })
        .from(ledgerEvents)
        .where(
          and(
            eq(ledgerEvents.subjectType, s.type),
            inArray(ledgerEvents.subjectId, s.ids.slice(i, i + 5000)),
            isNotNull(ledgerEvents.leafIndex),
          ),
        );
      for (const r of rows) picked.set(r.id, s.at(r.subjectId));
    }
  }
  return picked;
}

/** The withheld field names a payload carries (at any depth of its objects). */
function withheldIn(payload: unknown, fields: ReadonlySet<string>, found = new Set<string>()): Set<string> {
  if (Array.isArray(payload)) for (const v of payload) withheldIn(v, fields, found);
  else if (typeof payload === 'object' && payload !== null)
    for (const [k, v] of Object.entries(payload)) {
      if (fields.has(k)) found.add(k);
      withheldIn(v, fields, found);
    }
  return found;
}

const safeName = (did: string) => did.replace(/[^0-9A-Za-z.-]/g, '_');

/** A record as written: what a task lists as its package's main evidence items. */
export interface WrittenRecord {
  seq: number;
  path: string;
  tier: number;
  direction: TPackageRecord['direction'];
  own: boolean;
  eventId: number;
  eventType: string;
  subjectType: string;
  /** What an own record is about (its number, code, VIN or file name); empty for a counterparty's. */
  label: string;
  ownerUuid: string;
  leafIndex: number;
  leafHash: string;
  blockHeight: number;
  opened: boolean;
  withheld: string[];
}

export interface PackageWriteOptions {
  /** Most VINs/SNs or lots of the scope (B2211 beyond). */
  limit: number;
  /** Most bytes of the zip (B2213 beyond: "package too large"). */
  maxBytes: number;
  /** Called after each chunk of records (done of total) and at each phase. */
  onProgress?(done: number, total: number, phase: 'tracing' | 'packaging' | 'finishing'): Promise<void>;
  /** Called with each chunk of written records, in order. */
  onRecords?(records: WrittenRecord[]): Promise<void>;
}

const LABEL_FIELDS = ['billNo', 'code', 'itemCode', 'batchNo', 'vinSn', 'fileName'] as const;

/** An own record's business keys in words, from its payload. */
function labelOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null) return '';
  const p = payload as Record<string, unknown>;
  const parts = LABEL_FIELDS.flatMap((k) => (typeof p[k] === 'string' && p[k] !== '' ? [p[k]] : []));
  return [...new Set(parts)].join(' / ').slice(0, 200);
}

/**
 * Writes the evidence package of `request` for the tenant to `sink` as a zip stream (see the rule above).
 * B2201 when a key of the scope is not the tenant's, B2211 when the scope holds more than `limit` VINs or
 * lots, B2213 when the zip grows past `maxBytes`, B2202 when none of the chain's records is sealed yet.
 */
export async function writeEvidencePackage(
  deps: Pick<AppDeps, 'db' | 'platformKey' | 'storage' | 'masterKey'>,
  tenant: TenantContext,
  request: TPackageRequest,
  sink: PackageSink,
  options: PackageWriteOptions,
): Promise<PackageSummary> {
  const { db, platformKey } = deps;
  await options.onProgress?.(0, 0, 'tracing');
  const { graphs, vins } = await withTenant(
    db,
    tenant,
    async (tx) => {
      const resolved = await resolveStarts(tx, tenant, request.scope, options.limit);
      return { graphs: await walksOf(tx, resolved), vins: resolved.vins };
    },
    undefined,
    { reads: true },
  );
  const picked = await pickEvents(db, tenant, vins, graphs);
  const newest = await latestBlock(db);
  if (picked.size === 0 || !newest) throw new AppError('PACKAGE_NOTHING_SEALED');
  const withheld = new Set(request.type === 2 ? request.withheldFields : []);
  const [me] = await db
    .select({ did: enterprises.did, keyCiphertext: enterprises.keyCiphertext })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid));

  const zip = new PackageZip(sink, options.maxBytes);
  await zip.add(
    PACKAGE_FILES.platformKey,
    canonicalBytes({
      algorithm: 'Ed25519',
      publicKey: platformKey.publicKeyHex,
      keyId: platformKey.keyId,
      did: platformKey.did,
    }),
  );
  const heights = new Set<number>();
  const dids = new Set<string>();
  const attachments = new Set<string>();
  const proofs = new ProofCache();
  const ids = [...picked.keys()].sort((a, b) => a - b);
  let n = 0;
  await options.onProgress?.(0, ids.length, 'packaging');
  for (let i = 0; i < ids.length; i += CHUNK) {
    const written: WrittenRecord[] = [];
    const rows: EventRow[] = await db
      .select()
      .from(ledgerEvents)
      .where(inArray(ledgerEvents.id, ids.slice(i, i + CHUNK)))
      .orderBy(asc(ledgerEvents.id));
    for (const row of rows) {
      const at = picked.get(row.id)!;
      const proof: TInclusionProof = await inclusionProofOf(
        db,
        row,
        platformKey.publicKeyHex,
        undefined,
        undefined,
        proofs,
      );
      heights.add(proof.block.header.height);
      const signer = parseEvidenceLeaf(row.leafData)?.signer;
      if (signer) dids.add(signer.did);
      const own = row.enterpriseUuid === tenant.enterpriseUuid;
      const hidden = own ? [...withheldIn(row.payload, withheld)].sort() : [];
      let attachment: string | null = null;
      if (own && row.dataHash && row.eventType === 'file.uploaded') {
        attachment = `attachments/${row.dataHash}`;
        if (!attachments.has(row.dataHash)) {
          const content = await deps.storage.get(storageKeyOf(row.subjectId));
          if (content) {
            await zip.add(attachment, content);
            attachments.add(row.dataHash);
          } else attachment = null;
        }
      }
      const record: TPackageRecord = {
        tier: at.tier,
        direction: at.direction,
        own,
        proof,
        opening: own && hidden.length === 0 ? { payload: row.payload, salt: row.salt } : null,
        withheld: hidden,
        attachment,
      };
      const path = `records/${String(++n).padStart(6, '0')}.json`;
      await zip.add(path, canonicalBytes(record));
      written.push({
        seq: n,
        path,
        tier: at.tier,
        direction: at.direction,
        own,
        eventId: row.id,
        eventType: row.eventType,
        subjectType: row.subjectType,
        label: own ? labelOf(row.payload) : '',
        ownerUuid: row.enterpriseUuid ?? '',
        leafIndex: proof.leafIndex,
        leafHash: proof.leafHash,
        blockHeight: proof.block.header.height,
        opened: record.opening !== null,
        withheld: hidden,
      });
    }
    await options.onRecords?.(written);
    await options.onProgress?.(Math.min(i + CHUNK, ids.length), ids.length, 'packaging');
  }
  await options.onProgress?.(ids.length, ids.length, 'finishing');

  const newestHeight = newest.height;
  heights.add(newestHeight);
  for (const h of [...heights].sort((a, b) => a - b)) {
    const c = await consistencyProofBetween(db, h, newestHeight, platformKey.publicKeyHex);
    await zip.add(`blocks/${h}.json`, canonicalBytes(c.from));
    if (h !== newestHeight) await zip.add(`consistency/${h}.json`, canonicalBytes(c));
    const anchor = await anchorAt(db, h);
    if (anchor) await zip.add(`anchors/${h}.json`, canonicalBytes(toAnchor(anchor)));
  }
  if (me?.did) dids.add(me.did);
  for (const did of [...dids].sort()) {
    const address = ethrDidAddress(did);
    const doc = address ? enterpriseDidDocument(did, address) : null;
    if (doc) await zip.add(`dids/${safeName(did)}.json`, canonicalBytes(doc));
  }

  const manifest: TPackageManifest = {
    format: EVIDENCE_PACKAGE_FORMAT,
    version: EVIDENCE_PACKAGE_VERSION,
    type: request.type,
    scope: request.scope,
    createdAt: Date.now(),
    enterprise: { uuid: tenant.enterpriseUuid, did: me?.did ?? null },
    withheldFields: [...withheld].sort(),
    counts: { records: n, attachments: attachments.size, blocks: heights.size },
    files: zip.files,
  };
  const manifestBytes = canonicalBytes(manifest);
  const signatures: TManifestSignatures = {
    platform: {
      keyId: platformKey.keyId,
      signature: Buffer.from(ed25519.sign(manifestBytes, platformKey.secretKey)).toString('hex'),
    },
    enterprise:
      me?.did && me.keyCiphertext
        ? {
            did: me.did,
            signature: signPayloadHash(
              sha256Hex(manifestBytes),
              decryptSecret(deps.masterKey, me.keyCiphertext),
            ),
          }
        : null,
  };
  await zip.add(PACKAGE_FILES.manifest, manifestBytes, false);
  await zip.add(PACKAGE_FILES.signatures, canonicalBytes(signatures), false);
  await zip.end();
  return { records: n, attachments: attachments.size, blocks: heights.size, bytes: zip.size };
}
