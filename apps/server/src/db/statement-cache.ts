import {
  Column,
  Name,
  Param,
  Placeholder,
  SQL,
  StringChunk,
  Subquery,
  Table,
  View,
  isSQLWrapper,
  type Query,
} from 'drizzle-orm';
import { isPgEnum, type PgDialect } from 'drizzle-orm/pg-core';

/*
 * Statement texts kept by the shape of the query that made them. Drizzle writes a statement's text anew for
 * every query: for a list page on PostgreSQL that was a quarter of the server's time under load
 * (`sqlToQuery`, most of it in entity.ts `is()` walking prototype chains for every chunk it rules out;
 * docs/performance.md). A query's shape is its chunks with every value left out: the same shape always writes
 * the same text, and its values, taken in the order Drizzle numbers them, are the parameters. So the dialect's
 * `sqlToQuery` walks the chunks once (cheap `instanceof` checks, no text), and looks the shape up; only a
 * shape not seen yet is written by Drizzle, whose answer is kept when its parameters are the walk's.
 *
 * The walk follows Drizzle's own (sql/sql.ts `buildQueryFromSourceParams`, drizzle-orm 0.45) case by case and
 * in its order. Whatever it does not know, and any query whose values would be written into its text
 * (inlined parameters, a value that maps to SQL it cannot see beforehand), is written by Drizzle every time.
 * `apps/server/test/statement-cache.test.ts` compares the two for every kind of statement the server writes.
 */

/** Shapes kept at most; past it the cache starts afresh (statements of one-off shapes would grow it). */
const MAX_SHAPES = 5_000;

type Chunk = unknown;

/** The text of tables, columns, views and enums, written by Drizzle once per object. */
type ObjectText = (chunk: object) => string;

class ShapeWalk {
  key = '';
  readonly params: unknown[] = [];

  constructor(private readonly textOf: ObjectText) {}

  /** Walks the chunks as Drizzle writes them; false when their text depends on more than their shape. */
  chunks(chunks: readonly Chunk[], inline: boolean): boolean {
    for (const chunk of chunks) if (!this.chunk(chunk, inline)) return false;
    return true;
  }

  private chunk(chunk: Chunk, inline: boolean): boolean {
    if (chunk instanceof StringChunk) {
      const text = chunk.value.join('');
      this.key += `s${text.length}:${text}`;
      return true;
    }
    if (chunk instanceof Name) {
      this.key += `n${chunk.value.length}:${chunk.value}`;
      return true;
    }
    if (chunk === undefined) {
      this.key += 'u';
      return true;
    }
    if (Array.isArray(chunk)) {
      this.key += `[${chunk.length}`;
      if (!this.chunks(chunk, inline)) return false;
      this.key += ']';
      return true;
    }
    if (chunk instanceof SQL) {
      // Drizzle's own flag: its values are written into its text.
      if (inline || (chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      this.key += '(';
      if (!this.chunks(chunk.queryChunks, false)) return false;
      this.key += ')';
      return true;
    }
    if (chunk instanceof Table || chunk instanceof Column || chunk instanceof View) {
      this.key += `o${this.textOf(chunk)}|`;
      return true;
    }
    if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return this.param(chunk, inline);
      const mapped: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      // A value written as SQL: its text is the value's.
      if (mapped instanceof SQL) return false;
      return this.param(mapped, inline);
    }
    if (chunk instanceof Placeholder) return this.param(chunk, inline);
    if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
      this.key += `a${chunk.fieldAlias.length}:${chunk.fieldAlias}`;
      return true;
    }
    if (chunk instanceof Subquery) {
      const { alias, isWith, sql } = chunk._ as { alias: string; isWith: boolean; sql: SQL };
      if (isWith) {
        this.key += `w${alias.length}:${alias}`;
        return true;
      }
      this.key += `q${alias.length}:${alias}`;
      return this.chunk(sql, inline);
    }
    if (isPgEnum(chunk)) {
      this.key += `o${this.textOf(chunk)}|`;
      return true;
    }
    if (isSQLWrapper(chunk)) {
      const omit = (chunk as { shouldOmitSQLParens?: () => boolean }).shouldOmitSQLParens?.() ?? false;
      this.key += omit ? 'W' : 'P';
      return this.chunk(chunk.getSQL(), inline);
    }
    return this.param(chunk, inline);
  }

  private param(value: unknown, inline: boolean): boolean {
    if (inline) return false;
    this.key += '$';
    this.params.push(value);
    return true;
  }
}

/** The same parameter value: equal primitives, arrays of the same values (mapped anew on each call), else one object. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return sameParams(a, b);
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b) === 0;
  return false;
}

const sameParams = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((v, i) => sameValue(v, b[i]));

/**
 * Makes the dialect's `sqlToQuery` keep statement texts by shape. Every query of a database handle and of
 * its transactions goes through its dialect.
 */
export function cacheStatementTexts(dialect: PgDialect, opts: { verify?: boolean } = {}): void {
  const write = dialect.sqlToQuery.bind(dialect);
  const objectTexts = new WeakMap<object, string>();
  const textOf: ObjectText = (chunk) => {
    let text = objectTexts.get(chunk);
    if (text === undefined) {
      text = write(new SQL([chunk as Table])).sql;
      objectTexts.set(chunk, text);
    }
    return text;
  };
  const texts = new Map<string, string>();
  /** Shapes whose walk did not give Drizzle's parameters: written by Drizzle from then on. */
  const refused = new Set<string>();

  dialect.sqlToQuery = ((sql: SQL, invokeSource?: 'indexes' | undefined): Query => {
    if (invokeSource !== undefined) return write(sql, invokeSource);
    const walk = new ShapeWalk(textOf);
    if (!walk.chunks([sql], false)) return write(sql);
    const text = texts.get(walk.key);
    if (text !== undefined) {
      // Tests: every kept text checked against Drizzle's own writing of the query.
      if (opts.verify) {
        const written = write(sql);
        if (written.sql !== text || !sameParams(written.params, walk.params))
          throw new Error(
            `statement cache: kept ${text} ${JSON.stringify(walk.params)}, Drizzle wrote ${written.sql} ${JSON.stringify(written.params)}`,
          );
      }
      return { sql: text, params: walk.params };
    }
    const written = write(sql);
    if (!refused.has(walk.key)) {
      if (sameParams(written.params, walk.params)) {
        if (texts.size >= MAX_SHAPES) texts.clear();
        texts.set(walk.key, written.sql);
      } else refused.add(walk.key);
    }
    return written;
  }) as PgDialect['sqlToQuery'];
}
