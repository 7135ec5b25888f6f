import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CHAIN_RECORDS_CODE,
  COMPANY_EVIDENCE_CODE,
  DOCUMENT_TYPES,
  FILE_BIZ_TYPES,
  documentTypeByTypeCode,
  fileAccess,
  importKindPage,
  importRecordCodes,
  PRODUCT_PERMISSIONS,
  viewEvidenceCode,
  type TFileAccess,
} from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import {
  documents,
  files,
  ledgerEvents,
  materialRelations,
  materials,
  partners,
  productCarbon,
  products,
  projectCodes,
} from '../db/schema.ts';
import type { TenantContext } from './context.ts';
import { AppError } from './errors.ts';
import { visibleRows, type TenantScope } from './list-query.ts';
import { assertEndpointAccess, holdsAccess } from './permissions.ts';

/*
 * The business record a file or an evidence record belongs to, and whether the caller may see it (security
 * review, finding 7): access follows the code of the record's page (spec 6) and the member's data
 * permission on the record (all company data, or only rows its own account created). Files and evidence
 * are reached by keys and hashes, so without this any member could read any record's through them.
 */

/** The columns every business table has. */
interface OwnedTable {
  table: PgTable;
  id: PgColumn;
  enterpriseUuid: PgColumn;
  createdBy: PgColumn;
}

/** Where a record page's rows live: a table, and the condition telling its rows from other pages'. */
interface RecordSource extends OwnedTable {
  page: string;
  only?: SQL;
}

const owned = (table: PgTable & Omit<OwnedTable, 'table'>): OwnedTable => ({
  table,
  id: table.id,
  enterpriseUuid: table.enterpriseUuid,
  createdBy: table.createdBy,
});

const PROJECTS = owned(projectCodes);
const PARTNERS = owned(partners);
const PRODUCTS = owned(products);
const MATERIALS = owned(materials);
const RELATIONS = owned(materialRelations);
const DOCUMENTS = owned(documents);
const CARBON = owned(productCarbon);

/** Every record page (contract RECORD_PAGES) with its rows. */
const RECORD_SOURCES: readonly RecordSource[] = [
  { page: 'Partner', ...PARTNERS },
  { page: 'Project', ...PROJECTS },
  { page: 'Product', ...PRODUCTS },
  { page: 'MaterialData', ...MATERIALS, only: eq(materials.nature, 'purchased') },
  { page: 'MaterialDataIn', ...MATERIALS, only: eq(materials.nature, 'homemade') },
  { page: 'MaterialRelation', ...RELATIONS, only: eq(materialRelations.direction, 'supplier') },
  { page: 'CustomMaterialRelation', ...RELATIONS, only: eq(materialRelations.direction, 'client') },
  ...DOCUMENT_TYPES.map((d) => ({ page: d.code, ...DOCUMENTS, only: eq(documents.docType, d.typeCode) })),
];
const SOURCE_OF_PAGE: ReadonlyMap<string, RecordSource> = new Map(RECORD_SOURCES.map((s) => [s.page, s]));

/** The creator of a page's record `id` in the caller's enterprise, or null when there is none. */
async function recordCreator(
  db: Db,
  tenant: Pick<TenantScope, 'enterpriseUuid'>,
  page: string,
  id: number,
): Promise<number | null> {
  const source = SOURCE_OF_PAGE.get(page);
  if (!source) return null;
  const [row] = await db
    .select({ createdBy: source.createdBy })
    .from(source.table)
    .where(and(eq(source.id, id), eq(source.enterpriseUuid, tenant.enterpriseUuid), source.only))
    .limit(1);
  return row ? (row.createdBy as number) : null;
}

/**
 * Whether a page's record `id` exists in the caller's enterprise within its data permission: what a file
 * may be filed under, and what a member must see to read the record's files and evidence.
 */
export async function recordVisible(db: Db, tenant: TenantScope, page: string, id: number): Promise<boolean> {
  const source = SOURCE_OF_PAGE.get(page);
  if (!source) return false;
  const [row] = await db
    .select({ id: source.id })
    .from(source.table)
    .where(and(eq(source.id, id), visibleRows(source, tenant), source.only))
    .limit(1);
  return row !== undefined;
}

/** Who owns a file: its record when it has one, else the file itself (its uploader). */
export interface FileOwnerRow {
  ownerUserId: number;
  enterpriseUuid: string | null;
  bizType: string;
  bizNo: string | null;
}

/**
 * Whether a file of the caller's enterprise lies within its data permission: its record is visible (a
 * record's file), or, for a file of no record, the caller uploaded it or sees all company data.
 */
export async function fileWithinScope(
  db: Db,
  tenant: TenantScope,
  row: FileOwnerRow,
  access: TFileAccess,
): Promise<boolean> {
  if (row.enterpriseUuid !== tenant.enterpriseUuid) return false;
  if (access.page !== null && access.recordId !== null) {
    return recordVisible(db, tenant, access.page, access.recordId);
  }
  return tenant.dataScope === 'company' || row.ownerUserId === tenant.userId;
}

// ---- Evidence -------------------------------------------------------------------------------------------

/** Evidence subjects that are rows of a business table, with the page each row belongs to. */
interface SubjectSource extends OwnedTable {
  /** The column naming the row's page, and the page of each of its values. */
  pageColumn?: PgColumn;
  pageOf: (value: unknown) => string | undefined;
}

const SUBJECT_SOURCES: Readonly<Record<string, SubjectSource>> = {
  project: { ...PROJECTS, pageOf: () => 'Project' },
  partner: { ...PARTNERS, pageOf: () => 'Partner' },
  product: { ...PRODUCTS, pageOf: () => 'Product' },
  productCarbon: { ...CARBON, pageOf: () => 'Product' },
  material: {
    ...MATERIALS,
    pageColumn: materials.nature,
    pageOf: (v) => (v === 'purchased' ? 'MaterialData' : v === 'homemade' ? 'MaterialDataIn' : undefined),
  },
  materialRelation: {
    ...RELATIONS,
    pageColumn: materialRelations.direction,
    pageOf: (v) =>
      v === 'supplier' ? 'MaterialRelation' : v === 'client' ? 'CustomMaterialRelation' : undefined,
  },
  document: {
    ...DOCUMENTS,
    pageColumn: documents.docType,
    pageOf: (v) => (typeof v === 'number' ? documentTypeByTypeCode(v)?.code : undefined),
  },
};

/** Subjects that are the enterprise's own data (user centre, company information): no data permission. */
const COMPANY_SUBJECTS: ReadonlySet<string> = new Set(['enterprise', 'certificate']);
const FILE_SUBJECT = 'file';

/** `column in (values)` for a non-empty list of texts. */
const inTexts = (column: PgColumn, values: Iterable<string>): SQL =>
  sql`${column} in (${sql.join(
    [...values].map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** The numeric row id a subject id names, or null (it must not reach an integer column otherwise). */
const subjectRowId = (subjectId: string): number | null =>
  /^[1-9][0-9]{0,9}$/.test(subjectId) && Number(subjectId) <= 2_147_483_647 ? Number(subjectId) : null;

/** A file of no record that is company information (read on PerFrom): a licence, an ID photo. */
const isCompanyFile = (access: TFileAccess | null): boolean => access?.read?.includes('PerFrom') ?? false;

/**
 * What an evidence record belongs to: the codes that open it besides ChainRecords (its page's ViewBCdata),
 * and the account that created its record (null: company data, open to every data permission; undefined:
 * its record is gone, so only the 'company' data permission sees it).
 */
interface EvidenceOwner {
  codes: string[];
  createdBy: number | null | undefined;
}

async function evidenceOwner(
  db: Db,
  tenant: TenantScope,
  event: { subjectType: string; subjectId: string },
): Promise<EvidenceOwner> {
  if (COMPANY_SUBJECTS.has(event.subjectType)) return { codes: [COMPANY_EVIDENCE_CODE], createdBy: null };
  if (event.subjectType === FILE_SUBJECT) {
    const [row] = await db
      .select({
        ownerUserId: files.ownerUserId,
        enterpriseUuid: files.enterpriseUuid,
        bizType: files.bizType,
        bizNo: files.bizNo,
      })
      .from(files)
      .where(and(eq(files.fileKey, event.subjectId), eq(files.enterpriseUuid, tenant.enterpriseUuid)))
      .limit(1);
    const access = row ? fileAccess(row.bizType, row.bizNo) : null;
    if (!row || !access) return { codes: [], createdBy: undefined };
    if (access.page === null || access.recordId === null) {
      // A licence's evidence is the company's (user centre); a photo's or a letter's its uploader's.
      const company = isCompanyFile(access);
      return { codes: company ? [COMPANY_EVIDENCE_CODE] : [], createdBy: company ? null : row.ownerUserId };
    }
    const creator = await recordCreator(db, tenant, access.page, access.recordId);
    return { codes: [viewEvidenceCode(access.page)], createdBy: creator ?? undefined };
  }
  const source = SUBJECT_SOURCES[event.subjectType];
  const id = subjectRowId(event.subjectId);
  if (!source || id === null) return { codes: [], createdBy: undefined };
  const [row] = await db
    .select({ createdBy: source.createdBy, page: source.pageColumn ?? sql<null>`null` })
    .from(source.table)
    .where(and(eq(source.id, id), eq(source.enterpriseUuid, tenant.enterpriseUuid)))
    .limit(1);
  if (!row) return { codes: [], createdBy: undefined };
  const page = source.pageOf(row.page);
  return { codes: page ? [viewEvidenceCode(page)] : [], createdBy: row.createdBy as number };
}

/**
 * The check of one evidence record the caller found among its enterprise's (/graph/getHash,
 * /file/viewChainPdf, /pass/chainFile): E1008 (or B2030) without ChainRecords or the ViewBCdata of its
 * record's page; false when its record lies outside the caller's data permission, so that the caller
 * answers as for an unknown record.
 */
export async function mayViewEvidence(
  db: Db,
  tenant: TenantContext,
  event: { subjectType: string; subjectId: string },
): Promise<boolean> {
  const owner = await evidenceOwner(db, tenant, event);
  assertEndpointAccess([CHAIN_RECORDS_CODE, ...owner.codes], tenant);
  if (owner.createdBy === null || tenant.dataScope === 'company') return true;
  return owner.createdBy === tenant.userId;
}

/** Codes a record's content needs besides its page's evidence code: carbon data is read on ViewCarbonData. */
const CONTENT_CODES_OF_SUBJECT: Readonly<Record<string, string>> = {
  productCarbon: PRODUCT_PERMISSIONS.viewCarbon,
};

/**
 * Whether the member may also see an evidence record's content (its data and salt, which confirm or refute
 * guesses of the record's fields; /graph/getEvidence): the evidence code of the record's own page (the
 * ViewBCdata the console's chain links need, the certificate action for company data), not the chain
 * records page alone, on top of mayViewEvidence. A record that is gone shows no content.
 */
export async function mayReadEvidenceContent(
  db: Db,
  tenant: TenantContext,
  event: { subjectType: string; subjectId: string },
): Promise<boolean> {
  const owner = await evidenceOwner(db, tenant, event);
  if (owner.codes.length === 0 || owner.createdBy === undefined) return false;
  const extra = CONTENT_CODES_OF_SUBJECT[event.subjectType];
  return [owner.codes, ...(extra ? [[extra]] : [])].every((anyOf) => holdsAccess(anyOf, tenant));
}

// The same rule as a condition on ledger_events, for the evidence list.

/** The integer a text holding digits names, or null: `case` keeps the cast from failing on other text. */
const digitsAsBigint = (text: SQL | PgColumn): SQL =>
  sql`(case when ${text} ~ '^[1-9][0-9]{0,9}$' then (${text})::bigint end)`;

/** Files of no record (contract fileAccess: `page` null): their uploader owns them. */
const RECORDLESS_FILE_TYPES: readonly string[] = Object.keys(FILE_BIZ_TYPES).filter(
  (t) => fileAccess(t, null)?.page === null,
);
/** Of those, the company's own (licences, ID photos: company information once certified). */
const COMPANY_FILE_TYPES = RECORDLESS_FILE_TYPES.filter((t) => isCompanyFile(fileAccess(t, null)));

/** A record file's record was created by `userId`: one look-up per table its page may name. */
function fileRecordCreatedBy(userId: number): SQL {
  const page = sql`split_part(${files.bizNo}, ':', 1)`;
  const id = digitsAsBigint(sql`split_part(${files.bizNo}, ':', 2)`);
  const byTable = new Map<PgTable, RecordSource[]>();
  for (const s of RECORD_SOURCES) byTable.set(s.table, [...(byTable.get(s.table) ?? []), s]);
  const checks = [...byTable.values()].map((sources) => {
    const t = sources[0]!;
    const pages = or(...sources.map((s) => and(sql`${page} = ${s.page}`, s.only)));
    return sql`exists (select 1 from ${t.table} where ${t.id} = ${id} and ${t.enterpriseUuid} = ${files.enterpriseUuid} and ${t.createdBy} = ${userId} and ${pages})`;
  });
  return or(...checks)!;
}

/**
 * The evidence records the caller's data permission shows (with the 'company' one: all of its
 * enterprise's, so no condition): with the 'account' one, those of records its account created, of files
 * filed under such records or uploaded by it without a record, and the enterprise's own (company) records.
 */
function evidenceWithinScope(tenant: TenantScope): SQL | undefined {
  if (tenant.dataScope === 'company') return undefined;
  const e = ledgerEvents;
  const subjectId = digitsAsBigint(e.subjectId);
  const bySubject = Object.entries(SUBJECT_SOURCES).map(
    ([type, s]) =>
      sql`(${e.subjectType} = ${type} and exists (select 1 from ${s.table} where ${s.id} = ${subjectId} and ${s.enterpriseUuid} = ${e.enterpriseUuid} and ${s.createdBy} = ${tenant.userId}))`,
  );
  const recordless = inTexts(files.bizType, RECORDLESS_FILE_TYPES);
  const licences = inTexts(files.bizType, COMPANY_FILE_TYPES);
  const byFile = sql`(${e.subjectType} = ${FILE_SUBJECT} and exists (select 1 from ${files} where ${files.fileKey} = ${e.subjectId} and ${files.enterpriseUuid} = ${e.enterpriseUuid} and (${licences} or (${recordless} and ${files.ownerUserId} = ${tenant.userId}) or ${fileRecordCreatedBy(tenant.userId)})))`;
  return or(inTexts(e.subjectType, COMPANY_SUBJECTS), byFile, ...bySubject);
}

/**
 * The evidence records the evidence list shows the caller: the ChainRecords page shows every record within
 * the data permission; without it, the ViewBlockchainCertificate holder (the user centre's company page)
 * sees the company's own (its certification, its company changes).
 */
export function evidenceListScope(tenant: TenantContext): SQL | undefined {
  const scope = evidenceWithinScope(tenant);
  const allRecords =
    tenant.permissions.has(CHAIN_RECORDS_CODE) && !tenant.unconfigured.has(CHAIN_RECORDS_CODE);
  if (allRecords) return scope;
  return and(inTexts(ledgerEvents.subjectType, COMPANY_SUBJECTS), scope);
}

// ---- Import records ------------------------------------------------------------------------------------

/**
 * May the caller see one import record or its error log? They belong to the upload-operation page of the
 * import's page (its ViewUploadRecords, or BatchUpload for the importer watching it: E1008 without) and,
 * with the 'account' data permission, to the member who imported (E1003 otherwise, as for an unknown id).
 */
export function assertMayReadImport(tenant: TenantContext, row: { kind: string; createdBy: number }): void {
  const page = importKindPage(row.kind);
  if (!page) throw new AppError('NOT_FOUND');
  assertEndpointAccess(importRecordCodes(page), tenant);
  if (tenant.dataScope === 'account' && row.createdBy !== tenant.userId) throw new AppError('NOT_FOUND');
}
