import { describe, expect, it } from 'vitest';
import { ERRORS, LOG_ACTIONS, VALIDATION_MESSAGES } from '@tracehub/contract';

type TTree = { [key: string]: unknown };

// Every locale module, loaded the way the app bundles them: src/i18n/locales/<lang>/<domain>.ts.
const modules = import.meta.glob<Record<string, unknown>>('../src/i18n/locales/*/*.ts', { eager: true });

function localeOf(lang: 'zh' | 'en'): Map<string, TTree> {
  const domains = new Map<string, TTree>();
  for (const [file, exports] of Object.entries(modules)) {
    const match = /locales\/(zh|en)\/(\w+)\.ts$/.exec(file);
    if (!match || match[1] !== lang || match[2] === 'index') continue;
    const domain = match[2] as string;
    const tree = exports[domain];
    if (!tree || typeof tree !== 'object') throw new Error(`${file} must export a const named ${domain}`);
    domains.set(domain, tree as TTree);
  }
  return domains;
}

/** Dotted paths of every leaf, with its value. */
function leaves(tree: TTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [p, v] of leaves(value as TTree, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function allLeaves(domains: Map<string, TTree>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [domain, tree] of domains) for (const [p, v] of leaves(tree, domain)) out.set(p, v);
  return out;
}

const isFilled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

describe('i18n parity', () => {
  const zh = localeOf('zh');
  const en = localeOf('en');
  const zhLeaves = allLeaves(zh);
  const enLeaves = allLeaves(en);

  it('has the same domains in both languages', () => {
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    expect(zh.size).toBeGreaterThan(0);
  });

  it('has every key in both languages', () => {
    expect([...zhLeaves.keys()].filter((k) => !enLeaves.has(k))).toEqual([]);
    expect([...enLeaves.keys()].filter((k) => !zhLeaves.has(k))).toEqual([]);
  });

  it('has no empty or non-string value', () => {
    const empty = [...zhLeaves, ...enLeaves].filter(([, v]) => !isFilled(v)).map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (s: unknown) =>
      [...String(s).matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
    const differing = [...zhLeaves.keys()].filter(
      (k) => JSON.stringify(vars(zhLeaves.get(k))) !== JSON.stringify(vars(enLeaves.get(k))),
    );
    expect(differing).toEqual([]);
  });

  it('has both languages for the contract messages the console shows', () => {
    const bilingual = { ...VALIDATION_MESSAGES, ...ERRORS, ...LOG_ACTIONS } as Record<
      string,
      { zh: string; en: string }
    >;
    const missing = Object.entries(bilingual)
      .filter(([, v]) => !isFilled(v.zh) || !isFilled(v.en))
      .map(([k]) => k);
    expect(missing).toEqual([]);
  });
});
