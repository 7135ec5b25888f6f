import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { documentTypeByTypeCode, type TEvidenceSubject } from '@tracehub/contract';
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

// Evidence names its record in words (issue 15, item 2): "采购入库 RK-XH-001" rather than "document 12". The
// ledger keeps a subject type and id (a row id, a file key, a certificate number); this module turns a page
// of them into the record's kind and business key, and a typed number or code into the subjects it names.

type TKind = { zh: string; en: string };

interface TNamer {
  /** The records of these ids by name: one statement for a page. */
  names(db: Db, ids: readonly string[]): Promise<Map<string, TEvidenceSubject>>;
  /** The subject ids whose business key contains the text (a subquery of text ids). */
  matching?: (text: string) => SQL;
}

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
    matching: (text) =>
      sql`(select ${table.id}::text from ${table} where lower(${table.code}) like lower(${like(text)}))`,
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
    matching: (text) =>
      sql`(select ${documents.id}::text from ${documents} where lower(${documents.billNo}) like lower(${like(text)}))`,
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
    matching: (text) =>
      sql`(select ${files.fileKey} from ${files} where lower(${files.fileName}) like lower(${like(text)}))`,
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
 * number, a code, a file name), among the subject kinds that have one.
 */
export function subjectSearch(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const byKey = Object.entries(NAMERS).flatMap(([type, namer]) =>
    namer.matching
      ? [
          sql`(${ledgerEvents.subjectType} = ${type} and ${ledgerEvents.subjectId} in ${namer.matching(text)})`,
        ]
      : [],
  );
  return sql`(lower(${ledgerEvents.subjectId}) like lower(${like(text)}) or ${sql.join(byKey, sql` or `)})`;
}
