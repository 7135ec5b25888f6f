import { sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_TYPES, enterpriseKind, type TEnterpriseKind, type TTraceRole } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';

// The cross-enterprise reads of a trace, through the SECURITY DEFINER functions of migration 0011_trace: the
// only place where the trace reads rows of enterprises other than the caller's, and only link-level columns
// of them (see the migration). Each call takes the lot keys of one walking step at once.

/** A lot of an enterprise: (item code, batch number), or a VIN/SN when `item` is empty. */
export interface LotKey {
  ent: string;
  item: string;
  lot: string;
}

/** A document as a link names it. */
export interface LinkDoc {
  typeCode: number;
  billNo: string;
  bizTime: number;
}

/** The lot fields of a document line. */
export interface LotFields {
  itemCode: string;
  batchNo: string;
  vinSn: string;
}

/** The key of the lot a document line carries: its batch when it has one, else its VIN/SN. */
export function lotKeyOf(ent: string, f: LotFields): LotKey | null {
  if (f.batchNo) return f.itemCode ? { ent, item: f.itemCode, lot: f.batchNo } : null;
  if (f.vinSn) return { ent, item: '', lot: f.vinSn };
  return null;
}

/** The numeric type codes of a trace role, from the contract's catalogue. */
export const typesOf = (...roles: TTraceRole[]): number[] =>
  DOCUMENT_TYPES.filter((d) => d.trace !== undefined && roles.includes(d.trace)).map((d) => d.typeCode);

const ROLE_TYPES = {
  receipt: typesOf('receipt'),
  delivery: typesOf('delivery'),
  consume: typesOf('consume'),
  produce: typesOf('produce'),
  fit: typesOf('fit'),
  source: typesOf('source'),
};

const intArray = (v: number[]) => sql`${sql.param(v)}::int[]`;

/** The keys as the functions' three parallel text arrays. */
function keyArrays(keys: readonly LotKey[]): SQL {
  const arr = (v: string[]) => sql`${sql.param(v)}::text[]`;
  return sql`${arr(keys.map((k) => k.ent))}, ${arr(keys.map((k) => k.item))}, ${arr(keys.map((k) => k.lot))}`;
}

const epochMs = (column: string) =>
  sql<number>`(extract(epoch from ${sql.raw(column)}) * 1000)::float8`.mapWith(Number);

const docOf = (type: number | null, billNo: string | null, time: number | null): LinkDoc | null =>
  type === null || billNo === null || time === null ? null : { typeCode: type, billNo, bizTime: time };

const lotFields = (row: { itemCode: string | null; batchNo: string | null; vinSn: string | null }) =>
  row.itemCode === null
    ? null
    : { itemCode: row.itemCode, batchNo: row.batchNo ?? '', vinSn: row.vinSn ?? '' };

/** Columns every link function answers: the key's position, two documents in walking order, a lot. */
const common = {
  n: sql<number>`l.n::int`.mapWith(Number),
  aType: sql<number>`l.a_type`.mapWith(Number),
  aBill: sql<string>`l.a_bill`,
  aTime: epochMs('l.a_time'),
  bType: sql<number | null>`l.b_type`,
  bBill: sql<string | null>`l.b_bill`,
  bTime: sql<number | null>`(extract(epoch from l.b_time) * 1000)::float8`,
  itemCode: sql<string | null>`l.item_code`,
  batchNo: sql<string | null>`l.batch_no`,
  vinSn: sql<string | null>`l.vin_sn`,
};

type CommonRow = { [K in keyof typeof common]: (typeof common)[K]['_']['type'] };

const numberOrNull = (v: number | string | null) => (v === null ? null : Number(v));

function docsOf(r: CommonRow) {
  return {
    a: { typeCode: r.aType, billNo: r.aBill, bizTime: r.aTime },
    b: docOf(numberOrNull(r.bType), r.bBill, numberOrNull(r.bTime)),
  };
}

export interface WithinRow {
  /** Index of the key in the batch. */
  index: number;
  link: 'consumed' | 'fitted' | 'source';
  /** The documents of the link in walking order (completion then picking, or picking then completion). */
  a: LinkDoc;
  b: LinkDoc | null;
  lot: LotFields;
  site: { siteName: string; siteCountry: string };
}

/**
 * Walking down inside each key's enterprise: the pickings its completions consumed, the parts fitted into
 * a VIN, and the mine or smelter rows of the lot.
 */
export async function lotInputs(db: Db, keys: readonly LotKey[]): Promise<WithinRow[]> {
  if (keys.length === 0) return [];
  const t = ROLE_TYPES;
  const rows = await db
    .select({
      ...common,
      link: sql<string>`l.link`,
      siteName: sql<string>`l.site_name`,
      siteCountry: sql<string>`l.site_country`,
    })
    .from(
      sql`tracehub_trace_inputs(${keyArrays(keys)}, ${intArray(t.produce)}, ${intArray(t.consume)}, ${intArray(t.fit)}, ${intArray(t.source)}) as l`,
    );
  return rows.map((r) => ({
    index: r.n - 1,
    link: r.link as WithinRow['link'],
    ...docsOf(r),
    lot: lotFields(r) ?? { itemCode: '', batchNo: '', vinSn: '' },
    site: { siteName: r.siteName, siteCountry: r.siteCountry },
  }));
}

/** Walking up inside each key's enterprise: the completions that consumed the lot, the VINs it was fitted into. */
export async function lotOutputs(db: Db, keys: readonly LotKey[]): Promise<WithinRow[]> {
  if (keys.length === 0) return [];
  const t = ROLE_TYPES;
  const rows = await db
    .select({ ...common, link: sql<string>`l.link` })
    .from(
      sql`tracehub_trace_outputs(${keyArrays(keys)}, ${intArray(t.consume)}, ${intArray(t.produce)}, ${intArray(t.fit)}) as l`,
    );
  return rows.map((r) => ({
    index: r.n - 1,
    link: r.link as WithinRow['link'],
    ...docsOf(r),
    lot: lotFields(r) ?? { itemCode: '', batchNo: '', vinSn: '' },
    site: { siteName: '', siteCountry: '' },
  }));
}

export interface AcrossRow {
  index: number;
  /** The document on the key's side: a receipt or fit row (down), a delivery (up). */
  a: LinkDoc;
  /** The matching document on the other side, when recorded. */
  b: LinkDoc | null;
  /** The other enterprise, when the partner is settled. */
  other: string | null;
  /** The key side's partner (down only: the caller names its own unsettled suppliers). */
  partnerId: number | null;
  /** The lot as the other enterprise names it, when matched. */
  lot: LotFields | null;
}

/** Walking down across enterprises: each key's receipts with their suppliers and the suppliers' matching deliveries. */
export async function lotSuppliers(db: Db, keys: readonly LotKey[]): Promise<AcrossRow[]> {
  if (keys.length === 0) return [];
  const t = ROLE_TYPES;
  const rows = await db
    .select({ ...common, other: sql<string | null>`l.supplier`, partnerId: sql<number | null>`l.partner_id` })
    .from(
      sql`tracehub_trace_suppliers(${keyArrays(keys)}, ${intArray(t.receipt)}, ${intArray(t.fit)}, ${intArray(t.delivery)}) as l`,
    );
  return rows.map((r) => ({
    index: r.n - 1,
    ...docsOf(r),
    other: r.other,
    partnerId: numberOrNull(r.partnerId),
    lot: lotFields(r),
  }));
}

/** Walking up across enterprises: each key's deliveries with their clients and the clients' matching receipts. */
export async function lotClients(db: Db, keys: readonly LotKey[]): Promise<AcrossRow[]> {
  if (keys.length === 0) return [];
  const t = ROLE_TYPES;
  const rows = await db
    .select({ ...common, other: sql<string | null>`l.client` })
    .from(
      sql`tracehub_trace_clients(${keyArrays(keys)}, ${intArray(t.delivery)}, ${intArray(t.receipt)}, ${intArray(t.fit)}) as l`,
    );
  return rows.map((r) => ({
    index: r.n - 1,
    ...docsOf(r),
    other: r.other,
    partnerId: null,
    lot: lotFields(r),
  }));
}

export interface EnterpriseIdentity {
  uuid: string;
  usci: string;
  name: string;
  nameEn: string;
  did: string | null;
}

/** The identity of the enterprises a trace reached (certified ones and the caller's own). */
export async function enterpriseIdentities(
  db: Db,
  uuids: readonly string[],
): Promise<Map<string, EnterpriseIdentity>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({
      uuid: sql<string>`e.uuid`,
      usci: sql<string>`e.usci`,
      name: sql<string>`e.name`,
      nameEn: sql<string | null>`e.english_name`,
      did: sql<string | null>`e.did`,
    })
    .from(sql`tracehub_trace_enterprises(${sql.param([...uuids])}::text[]) as e`);
  return new Map(rows.map((r) => [r.uuid, { ...r, nameEn: r.nameEn ?? '' }]));
}

/** The kind of the enterprises a trace reached (certified ones and the caller's own; migration 0035). */
export async function enterpriseKinds(
  db: Db,
  uuids: readonly string[],
): Promise<Map<string, TEnterpriseKind | null>> {
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({
      uuid: sql<string>`e.uuid`,
      role: sql<number>`e.role`.mapWith(Number),
      attribute: sql<string | null>`e.business_attribute`,
    })
    .from(sql`tracehub_trace_enterprise_kinds(${sql.param([...uuids])}::text[]) as e`);
  return new Map(rows.map((r) => [r.uuid, enterpriseKind(r.role, r.attribute)]));
}

/** Which of the enterprises a trace reached are source companies (kind 'mineral'). */
export async function sourceEnterprises(db: Db, uuids: readonly string[]): Promise<Set<string>> {
  const kinds = await enterpriseKinds(db, uuids);
  return new Set([...kinds].filter(([, kind]) => kind === 'mineral').map(([uuid]) => uuid));
}

/**
 * The ledger block holding the newest sealed evidence of each document (enterprise, type, number), in the
 * order given; null while unsealed or unknown (migration 0035).
 */
export async function documentBlocks(
  db: Db,
  docs: readonly { ent: string; typeCode: number; billNo: string }[],
): Promise<(number | null)[]> {
  if (docs.length === 0) return [];
  const rows = await db
    .select({ n: sql<number>`b.n::int`.mapWith(Number), height: sql<number>`b.block_height`.mapWith(Number) })
    .from(
      sql`tracehub_trace_document_blocks(${sql.param(docs.map((d) => d.ent))}::text[], ${intArray(docs.map((d) => d.typeCode))}, ${sql.param(docs.map((d) => d.billNo))}::text[]) as b`,
    );
  const out: (number | null)[] = docs.map(() => null);
  for (const r of rows) out[r.n - 1] = r.height;
  return out;
}

/**
 * The leaf hash (txHash) and block of each document's newest sealed evidence (enterprise, type, number), in
 * the order given; null while unsealed or unknown (migration 0038). Anyone may prove a leaf hash's inclusion
 * on the public ledger; it reveals nothing of the record's content.
 */
export async function documentEvidence(
  db: Db,
  docs: readonly { ent: string; typeCode: number; billNo: string }[],
): Promise<({ txHash: string; blockHeight: number } | null)[]> {
  if (docs.length === 0) return [];
  const rows = await db
    .select({
      n: sql<number>`b.n::int`.mapWith(Number),
      txHash: sql<string>`b.leaf_hash`,
      height: sql<number>`b.block_height`.mapWith(Number),
    })
    .from(
      sql`tracehub_trace_document_evidence(${sql.param(docs.map((d) => d.ent))}::text[], ${intArray(docs.map((d) => d.typeCode))}, ${sql.param(docs.map((d) => d.billNo))}::text[]) as b`,
    );
  const out: ({ txHash: string; blockHeight: number } | null)[] = docs.map(() => null);
  for (const r of rows) out[r.n - 1] = { txHash: r.txHash, blockHeight: r.height };
  return out;
}

export interface EnterprisePlace {
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * Where each enterprise ships from: its newest shipment's shipping place, else its newest mine or smelter
 * site (certified enterprises and the caller's own; migration 0038). Absent when neither is recorded.
 */
export async function enterprisePlaces(
  db: Db,
  uuids: readonly string[],
): Promise<Map<string, EnterprisePlace>> {
  if (uuids.length === 0) return new Map();
  const shipments = DOCUMENT_TYPES.filter((d) => d.code === 'LogisticsTrans').map((d) => d.typeCode);
  const rows = await db
    .select({
      uuid: sql<string>`p.uuid`,
      address: sql<string>`p.address`,
      latitude: sql<number>`p.latitude`.mapWith(Number),
      longitude: sql<number>`p.longitude`.mapWith(Number),
    })
    .from(
      sql`tracehub_trace_enterprise_places(${sql.param([...uuids])}::text[], ${intArray(shipments)}, ${intArray(ROLE_TYPES.source)}) as p`,
    );
  return new Map(rows.map(({ uuid, ...place }) => [uuid, place]));
}
