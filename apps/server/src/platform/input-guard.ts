import type { FastifyInstance } from 'fastify';
import { VALIDATION_MESSAGES, pickLang, textIssue, type TValidationKey } from '@tracehub/contract';
import { fieldInvalid } from './errors.ts';

/** Nesting that no request of the contract needs; deeper bodies are refused before any schema walks them. */
export const MAX_INPUT_DEPTH = 32;

export interface InputIssue {
  field: string;
  key: TValidationKey;
}

/**
 * The first string of a received value that business text must not hold (textIssue), or nesting beyond
 * MAX_INPUT_DEPTH. Iterative, so that a hostile body of a million nested arrays cannot exhaust the stack.
 * Keys are checked like values: a field name is shown back in messages.
 */
export function findInputIssue(root: unknown, rootField = ''): InputIssue | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: root, path: rootField, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const key = textIssue(value);
      if (key) return { field: path, key };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path, key: 'v.tooDeep' };
    const entries: Array<[string, unknown]> = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value);
    for (const [name, item] of entries) {
      const key = textIssue(name);
      if (key) return { field: path, key };
      stack.push({ value: item, path: path ? `${path}.${name}` : name, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Every route, contract-declared or registered by hand, has its params, query and JSON body checked before
 * its schema runs: one place, so no endpoint can forget (multipart parts are read by their handlers, and
 * their file names go through neutraliseFileName).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const issue = findInputIssue(part);
      if (!issue) continue;
      const lang = pickLang(req.headers['accept-language']);
      const field = issue.field || VALIDATION_MESSAGES['v.fieldRoot'][lang];
      throw fieldInvalid(lang, field, issue.key, { max: MAX_INPUT_DEPTH });
    }
  });
}
