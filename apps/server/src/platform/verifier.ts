import { eq } from 'drizzle-orm';
import { isValidUsci, type TCompanyForm, type TVerifierReason } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { knownCompanies } from '../db/schema.ts';

export interface VerifierFinding {
  passed: boolean;
  /** A stable key (contract VERIFIER_REASONS for the built-in verifier); null when passed. */
  reason: string | null;
}

/**
 * The third-party check of a certification (spec 4: "third-party certification passed"). The built-in
 * one reads the platform's registry; a deployment can plug in a commercial registry service instead.
 */
export interface CompanyVerifier {
  /** Recorded with each finding, so the audit shows which check ran. */
  name: string;
  verify(form: TCompanyForm, db: Db): Promise<VerifierFinding>;
}

/**
 * Names are typed with full-width or half-width brackets and stray spaces; NFKC folds full-width forms
 * (（） to ()) and whitespace is dropped, so only a different name reads as different.
 */
export function normaliseCompanyName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/g, '');
}

const fail = (reason: TVerifierReason): VerifierFinding => ({ passed: false, reason });

/** USCI check character, then the USCI in `known_companies` under the same name. */
export function registryVerifier(): CompanyVerifier {
  return {
    name: 'registry',
    async verify(form, db) {
      if (!isValidUsci(form.usci)) return fail('usciChecksum');
      const [known] = await db
        .select({ name: knownCompanies.name })
        .from(knownCompanies)
        .where(eq(knownCompanies.usci, form.usci))
        .limit(1);
      if (!known) return fail('notInRegistry');
      if (normaliseCompanyName(known.name) !== normaliseCompanyName(form.name)) return fail('nameMismatch');
      return { passed: true, reason: null };
    },
  };
}
