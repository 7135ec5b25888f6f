import type { z } from 'zod';
import type { TBilingual, TImportKind, TLang } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../context.ts';
import type { EvidenceKeys } from '../ledger/append.ts';
import type { Mailer } from '../mail.ts';

/** One column of an import template: the schema field it fills, its header in both languages, an example. */
export interface ImportColumn {
  /** The field of the row schema the cell fills. */
  key: string;
  zh: string;
  en: string;
  /** The template's example row: one text, or one per language (a yes/no cell reads 是 or yes). */
  example: string | TBilingual;
  /** How the cell's text becomes the schema's input; the text itself by default (empty cells are absent). */
  read?: (text: string) => unknown;
}

/** What an importer's database functions receive: a chunk's tenant transaction and its enterprise. */
export interface ImportContext {
  /** The chunk's tenant transaction: query through it alone. */
  db: Db;
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>;
  /** Unlocks the enterprise's signing key for evidence. */
  keys: EvidenceKeys;
  /** The import being written, for records that point back at it (the invitations of imported partners). */
  importId: string;
  /** Mail written to the outbox in `db` (invitations an import sends). */
  mailer: Mailer;
  /** The import's language: reasons a row is refused for are written in it. */
  lang: TLang;
}

/** A row ready for insertRows, or the reasons it is refused for (as incomplete or invalid data). */
export type PreparedRow<P> = { row: P } | { reasons: string[] };

/**
 * How a resource is imported (platform/imports): the template's columns, the contract schema each row must
 * pass (the create endpoint's, so that messages are the catalogue's in both languages), the natural key that
 * tells existing data apart, and the writer of valid rows.
 */
/** The parts of a natural key; the pipeline compares keys part by part, so no part needs escaping. */
export type NaturalKey = readonly string[];

/** One string per key, for sets and maps (JSON keeps the parts apart whatever they contain). */
export const encodeKey = (key: NaturalKey): string => JSON.stringify(key);

export interface Importer<Row, Prepared = Row> {
  kind: TImportKind;
  /** The resource in file names: '项目编号' / 'Project codes'. */
  title: TBilingual;
  columns: readonly ImportColumn[];
  schema: z.ZodType<Row>;
  /**
   * The row's natural key, its parts in a fixed order (e.g. [code, batchNo]): rows with the same key are the
   * same record, so a second one in the file, or one already stored, is existing data.
   */
  naturalKey(row: Row): NaturalKey;
  /** Which of `keys` the enterprise already has (their parts as naturalKey gives them). */
  existingKeys(ctx: ImportContext, keys: readonly NaturalKey[]): Promise<readonly NaturalKey[]>;
  /**
   * Checks the new rows (neither repeated nor existing) against stored data the schema cannot see, such as
   * the codes they reference, in `ctx.db`: each row's prepared form for insertRows (references resolved to
   * ids), or the reasons it is refused for, in `ctx.lang`. One answer per row, in order. Without it, rows
   * are written as parsed.
   */
  prepareRows?(ctx: ImportContext, rows: readonly Row[]): Promise<readonly PreparedRow<Prepared>[]>;
  /**
   * Writes the rows, each with its evidence (appendEvidenceBatch), in `ctx.db`. A chunk's rows come in a few
   * calls (slices of its prepared rows, in order) within the chunk's one transaction, so that signing their
   * evidence leaves the event loop free in between. Throwing rolls the whole chunk back; the pipeline then
   * retries its rows one by one, so one bad row fails alone.
   */
  insertRows(ctx: ImportContext, rows: readonly Prepared[]): Promise<void>;
}

const importers = new Map<TImportKind, Importer<unknown, unknown>>();

/** Declares the importer of a resource kind (once, at module load) and returns it. */
export function defineImporter<Row, Prepared = Row>(
  importer: Importer<Row, Prepared>,
): Importer<Row, Prepared> {
  if (importers.has(importer.kind)) throw new Error(`importer ${importer.kind} is defined twice`);
  importers.set(importer.kind, importer as unknown as Importer<unknown, unknown>);
  return importer;
}

export const importerOf = (kind: string): Importer<unknown, unknown> | undefined =>
  importers.get(kind as TImportKind);
