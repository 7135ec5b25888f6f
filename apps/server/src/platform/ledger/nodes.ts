import { sql } from 'drizzle-orm';
import { fromHex, hex, subtreeHashFromPerfect, type SubtreeHashFn, type SubtreeNode } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';

/** A perfect subtree's position: 2^level leaves from leaf index * 2^level. */
export interface NodeRef {
  level: number;
  index: number;
}

const keyOf = (level: number, index: number) => `${level}:${index}`;

/** A PostgreSQL array literal of numbers or hex strings (no quoting needed), bound as one text parameter. */
export const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/** The stored hashes of the given perfect subtrees, in one query; missing ones are absent from the map. */
export async function fetchNodes(db: Db, refs: readonly NodeRef[]): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  if (refs.length === 0) return out;
  const result = await db.execute(sql`
    select n.level, n.idx, n.hash from ledger_nodes n
    join unnest(${arrayLiteral(refs.map((r) => r.level))}::int[], ${arrayLiteral(refs.map((r) => r.index))}::bigint[])
      as want(level, idx) on n.level = want.level and n.idx = want.idx`);
  for (const row of rowsOf<{ level: number; idx: string | number; hash: string }>(result))
    out.set(keyOf(row.level, Number(row.idx)), fromHex(row.hash));
  return out;
}

/** Stores perfect subtrees reported by MerkleTreeBuilder.append (bulk, a few statements). */
export async function insertNodes(db: Db, nodes: readonly SubtreeNode[]): Promise<void> {
  for (let start = 0; start < nodes.length; start += 20_000) {
    const chunk = nodes.slice(start, start + 20_000);
    await db.execute(sql`
      insert into ledger_nodes (level, idx, hash)
      select * from unnest(${arrayLiteral(chunk.map((n) => n.level))}::int[],
        ${arrayLiteral(chunk.map((n) => n.index))}::bigint[], ${arrayLiteral(chunk.map((n) => hex(n.hash)))}::text[])`);
  }
}

/** The peaks of a tree of `size` leaves (the perfect subtrees its binary decomposition gives), largest first. */
export function peakRefs(size: number): NodeRef[] {
  const refs: NodeRef[] = [];
  let start = 0;
  for (let level = 52; level >= 0; level--) {
    const width = 2 ** level;
    if (Math.floor(size / width) % 2 === 1) {
      refs.push({ level, index: start / width });
      start += width;
    }
  }
  return refs;
}

export class MissingNodeError extends Error {
  constructor(readonly ref: NodeRef) {
    super(`ledger node (level ${ref.level}, index ${ref.index}) is missing`);
    this.name = 'MissingNodeError';
  }
}

/**
 * Runs a proof generator (which asks for subtree hashes) against the stored nodes with one query: a first
 * dry run records which perfect subtrees it needs, the second run answers them from the fetched rows.
 * Throws MissingNodeError when a needed node is not stored.
 */
export async function withStoredSubtrees<T>(db: Db, generate: (subtree: SubtreeHashFn) => T): Promise<T> {
  const needed = new Map<string, NodeRef>();
  const placeholder = new Uint8Array(32);
  generate((start, end) =>
    subtreeHashFromPerfect(start, end, (level, index) => {
      needed.set(keyOf(level, index), { level, index });
      return placeholder;
    }),
  );
  const nodes = await fetchNodes(db, [...needed.values()]);
  return generate((start, end) =>
    subtreeHashFromPerfect(start, end, (level, index) => {
      const hash = nodes.get(keyOf(level, index));
      if (!hash) throw new MissingNodeError({ level, index });
      return hash;
    }),
  );
}

export { keyOf as nodeKey };

/** Rows of a db.execute result: node-postgres returns {rows}, PGlite {rows} too; both as plain objects. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
