import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { documentTypeByTypeCode, type TEvidenceSubject } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { filters, searchReader } from '../../platform/list-query.ts';
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

// Evidence names its record in words (issue 15, item 2): "采购入库 RK-XH-001" rather than "document 12". The
// ledger keeps a subject type and id (a row id, a file key, a certificate number); this module turns a page
// of them into the record's kind and business key, and a typed number or code into the subjects it names.

type TKind = { zh: string; en: string };

interface TNamer {
  /** The records of these ids by name: one statement for a page. */
  names(db: Db, ids: readonly string[]): Promise<Map<string, TEvidenceSubject>>;
  /** The ids (as the ledger holds them) of records whose business key contains the text, at most `limit`. */
  matching?: (db: Db, text: string, limit: number) => Promise<string[]>;
}

/** How many records a typed name may stand for in the evidence search, per kind. */
const MATCH_LIMIT = 200;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const rowIds = (ids: readonly string[]) => ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);

/** A table whose rows are named by one code column, under one kind. */
function byCode(table: PgTable & { id: PgColumn; code: PgColumn }, kind: TKind): TNamer {
  return {
    async names(db, ids) {
      const numbers = rowIds(ids);
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: table.id, code: table.code })
        .from(table)
        .where(inArray(table.id, numbers));
      return new Map(rows.map((r) => [String(r.id), { kind, name: String(r.code) }]));
    },
    async matching(db, text, limit) {
      // Read through the table's tenant view when it has one, so its trigram index serves the search.
      const where = filters.contains(table.code, text);
      const rows = await searchReader(db, [where])
        .select({ id: table.id })
        .from(table)
        .where(where)
        .limit(limit);
      return rows.map((r) => String(r.id));
    },
  };
}

const NAMERS: Readonly<Record<string, TNamer>> = {
  document: {
    async names(db, ids) {
      const numbers = rowIds(ids);
      if (numbers.length === 0) return new Map();
      const rows = await db
        .select({ id: documents.id, docType: documents.docType, billNo: documents.billNo })
        .from(documents)
        .where(inArray(documents.id, numbers));
      return new Map(
        rows.map((r) => {
          const def = documentTypeByTypeCode(r.docType);
          const kind = def
            ? { zh: def.title.zh, en: def.singular.charAt(0).toUpperCase() + def.singular.slice(1) }
            : { zh: '单据', en: 'Document' };
          return [String(r.id), { kind, name: r.billNo }];
        }),
      );
    },
    async matching(db, text, limit) {
      const where = filters.contains(documents.billNo, text);
      const rows = await searchReader(db, [where])
        .select({ id: documents.id })
        .from(documents)
        .where(where)
        .limit(limit);
      return rows.map((r) => String(r.id));
    },
  },
  partner: byCode(partners, { zh: '合作企业', en: 'Partner' }),
  material: byCode(materials, { zh: '物料', en: 'Material' }),
  product: byCode(products, { zh: '产品', en: 'Product' }),
  project: byCode(projectCodes, { zh: '项目编码', en: 'Project code' }),
  file: {
    async names(db, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ key: files.fileKey, name: files.fileName })
        .from(files)
        .where(inArray(files.fileKey, [...ids]));
      return new Map(rows.map((r) => [r.key, { kind: { zh: '附件', en: 'Attachment' }, name: r.name }]));
    },
    async matching(db, text, limit) {
      const rows = await db
        .select({ key: files.fileKey })
        .from(files)
        .where(sql`lower(${files.fileName}) like lower(${like(text)})`)
        .limit(limit);
      return rows.map((r) => r.key);
    },
  },
  certificate: {
    // The subject id is the certificate number itself.
    names: (_db, ids) =>
      Promise.resolve(
        new Map(ids.map((id) => [id, { kind: { zh: '认证证书', en: 'Certificate' }, name: id }])),
      ),
  },
  enterprise: {
    async names(db, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ uuid: enterprises.uuid, name: enterprises.name, nameEn: enterprises.englishName })
        .from(enterprises)
        .where(inArray(enterprises.uuid, [...ids]));
      return new Map(
        rows.map((r) => [
          r.uuid,
          { kind: { zh: '企业信息', en: 'Company' }, name: r.name, nameEn: r.nameEn },
        ]),
      );
    },
  },
};

/** The subjects of a page of evidence records by name; a subject of an unknown kind or gone is absent. */
export async function subjectNames(
  db: Db,
  records: readonly { subjectType: string; subjectId: string }[],
): Promise<Map<string, TEvidenceSubject>> {
  const idsByType = new Map<string, string[]>();
  for (const r of records) {
    if (!NAMERS[r.subjectType]) continue;
    idsByType.set(r.subjectType, [...(idsByType.get(r.subjectType) ?? []), r.subjectId]);
  }
  const out = new Map<string, TEvidenceSubject>();
  for (const [type, ids] of idsByType) {
    for (const [id, name] of await NAMERS[type]!.names(db, [...new Set(ids)])) out.set(`${type}:${id}`, name);
  }
  return out;
}

/**
 * Evidence whose record is named by the text: its id contains it, or its business key does (a document
 * number, a code, a file name), among the subject kinds that have one. The records so named are found first
 * (each through its own index), so the evidence search stays a search of ledger_events by its index. A
 * file's id is a random key: it is matched exactly, not searched for parts (the trigram index leaves files
 * out, migration 0028); a file is found by its name.
 */
export async function subjectSearch(db: Db, text: string | undefined): Promise<SQL | undefined> {
  if (!text) return undefined;
  const named: SQL[] = [and(eq(ledgerEvents.subjectType, 'file'), eq(ledgerEvents.subjectId, text))!];
  for (const [type, namer] of Object.entries(NAMERS)) {
    const ids = namer.matching ? await namer.matching(db, text, MATCH_LIMIT) : [];
    if (ids.length)
      named.push(and(eq(ledgerEvents.subjectType, type), inArray(ledgerEvents.subjectId, ids))!);
  }
  return filters.containsAmongOr(
    ledgerEvents.subjectId,
    text,
    ne(ledgerEvents.subjectType, 'file'),
    or(...named),
  );
}
