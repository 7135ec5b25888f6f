import type { Db } from '../db/client.ts';
import type { TenantContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Who references master data (spec 5 "Deletion and returns", 8): master data that business data uses cannot
 * be deleted. The module owning the referencing data registers a checker for the referenced kind (products
 * register one for project codes, documents for products ...); the owner of the master data asks before it
 * deletes, so neither module needs to know the other.
 */
export type TReferencedKind = 'project' | 'product' | 'material' | 'materialRelation' | 'partner';

/** A record about to be deleted: its row id and its code (business data may point at either). */
export interface ReferencedRecord {
  id: number;
  code: string;
}

/**
 * True when any of `records` is referenced. `db` is the deleting request's tenant transaction: a checker
 * sees only the enterprise's rows and must query through it alone.
 */
export type ReferenceChecker = (
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  records: readonly ReferencedRecord[],
) => Promise<boolean>;

const checkers = new Map<TReferencedKind, Map<string, ReferenceChecker>>();

/**
 * Registers a checker of references to `kind` under a name (the referencing module, e.g. 'product');
 * returns the function that removes it again (tests).
 */
export function registerReferenceChecker(
  kind: TReferencedKind,
  name: string,
  checker: ReferenceChecker,
): () => void {
  const ofKind = checkers.get(kind) ?? new Map<string, ReferenceChecker>();
  if (ofKind.has(name)) throw new Error(`a reference checker ${name} of ${kind} is registered twice`);
  ofKind.set(name, checker);
  checkers.set(kind, ofKind);
  return () => {
    ofKind.delete(name);
  };
}

/** The names of the registered checkers that find a reference to any of `records`. */
export async function referencesTo(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  kind: TReferencedKind,
  records: readonly ReferencedRecord[],
): Promise<string[]> {
  if (records.length === 0) return [];
  const found: string[] = [];
  // One after the other: they share the request's transaction (one connection).
  for (const [name, checker] of checkers.get(kind) ?? []) {
    if (await checker(db, tenant, records)) found.push(name);
  }
  return found;
}

/** Refuses (B2040, spec 8's message) the deletion of records that business data references. */
export async function assertNotReferenced(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  kind: TReferencedKind,
  records: readonly ReferencedRecord[],
): Promise<void> {
  const found = await referencesTo(db, tenant, kind, records);
  if (found.length > 0) throw new AppError('RECORD_IN_USE', undefined, { referencedBy: found });
}
