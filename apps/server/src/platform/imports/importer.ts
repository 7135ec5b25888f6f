import type { z } from 'zod';
import type { TBilingual, TImportKind } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../context.ts';
import type { EvidenceKeys } from '../ledger/append.ts';

/** One column of an import template: the schema field it fills, its header in both languages, an example. */
export interface ImportColumn {
  /** The field of the row schema the cell fills. */
  key: string;
  zh: string;
  en: string;
  /** The template's example row. */
  example: string;
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
}

/**
 * How a resource is imported (platform/imports): the template's columns, the contract schema each row must
 * pass (the create endpoint's, so that messages are the catalogue's in both languages), the natural key that
 * tells existing data apart, and the writer of valid rows.
 */
export interface Importer<Row> {
  kind: TImportKind;
  /** The resource in file names: '项目编号' / 'Project codes'. */
  title: TBilingual;
  columns: readonly ImportColumn[];
  schema: z.ZodType<Row>;
  /** Rows with the same key are the same record: a second one in the file, or one already stored, is existing data. */
  naturalKey(row: Row): string;
  /** Which of `keys` the enterprise already has. */
  existingKeys(ctx: ImportContext, keys: readonly string[]): Promise<ReadonlySet<string>>;
  /**
   * Writes the rows, each with its evidence (appendEvidenceBatch), in `ctx.db`. Throwing rolls the whole
   * chunk back; the pipeline then retries its rows one by one, so one bad row fails alone.
   */
  insertRows(ctx: ImportContext, rows: readonly Row[]): Promise<void>;
}

const importers = new Map<TImportKind, Importer<unknown>>();

/** Declares the importer of a resource kind (once, at module load) and returns it. */
export function defineImporter<Row>(importer: Importer<Row>): Importer<Row> {
  if (importers.has(importer.kind)) throw new Error(`importer ${importer.kind} is defined twice`);
  importers.set(importer.kind, importer as unknown as Importer<unknown>);
  return importer;
}

export const importerOf = (kind: string): Importer<unknown> | undefined => importers.get(kind as TImportKind);
