import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { describeIssue, textIssue, validationMessage, type TLang } from '@tracehub/contract';

/** The first issue of a failed parse, worded in the user's language with the field's visible label. */
export function issueText(issue: z.core.$ZodIssue, label: string, lang: TLang): string {
  return describeIssue({ ...issue, path: [label] }, lang);
}

/**
 * An antd form rule that validates a field with the contract's zod schema, so the browser applies exactly
 * the server's rule and shows the same sentence.
 */
export function zodRule(schema: z.ZodType, label: string, lang: TLang): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      // The server's input guard refuses these in every string (controls, direction overrides, nothing
      // but invisible characters); say so here, before the round trip.
      const unsafe = typeof value === 'string' ? textIssue(value) : null;
      if (unsafe) throw new Error(validationMessage(unsafe, lang, { field: label }));
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const issue = result.error.issues[0];
      throw new Error(issue ? issueText(issue, label, lang) : result.error.message);
    },
  };
}

/**
 * Cross-field checks of a whole-form schema (e.g. password confirmation): the issues whose path starts
 * with the given field, as form errors.
 */
export function zodFieldIssues(
  schema: z.ZodType,
  values: unknown,
  field: string,
  label: string,
  lang: TLang,
): string[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => issueText(i, label, lang));
}
