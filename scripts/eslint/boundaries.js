// Local ESLint plugin: the import boundaries of docs/structure.md. Import specifiers are resolved to a path
// relative to the repository root (relative paths against the importing file, workspace package names to
// their folders), so `../../x`, `../x` and `@tracehub/server/...` are caught alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Workspace packages by name: an import of one is an import of its folder. */
const PACKAGES = {
  '@tracehub/contract': 'packages/contract',
  '@tracehub/ledger': 'packages/ledger',
  '@tracehub/server': 'apps/server',
  '@tracehub/web': 'apps/web',
};

const posix = (p) => p.split(path.sep).join('/');

/** The repository-relative path an import points at, or null for a third-party package. */
export function resolveImport(filename, specifier) {
  if (specifier.startsWith('.')) {
    return posix(path.relative(ROOT, path.resolve(path.dirname(filename), specifier)));
  }
  for (const [name, dir] of Object.entries(PACKAGES)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return dir + specifier.slice(name.length);
  }
  return null;
}

const under = (p, dir) => p === dir || p.startsWith(`${dir}/`);

/** Calls `check(specifierNode, target)` for every static import, re-export and literal dynamic import. */
function importVisitor(context, check) {
  const filename = context.filename;
  const visit = (source) => {
    if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
    const target = resolveImport(filename, source.value);
    if (target !== null) check(source, target);
  };
  return {
    ImportDeclaration: (node) => visit(node.source),
    ExportNamedDeclaration: (node) => visit(node.source),
    ExportAllDeclaration: (node) => visit(node.source),
    ImportExpression: (node) => visit(node.source),
  };
}

const SERVER_MODULES = 'apps/server/src/modules';

/**
 * A server module may not import another module's repository (modules/<b>/repo.ts): other modules use
 * what module b offers in modules/<b>/public.ts, its public face (re-exports of the repo functions and
 * types that other modules may call). The repository stays the module's own layer.
 */
const noForeignRepo = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid importing another server module's repo.ts (use its public.ts)" },
    schema: [],
    messages: {
      foreignRepo:
        "Module '{{from}}' may not import the repository of module '{{to}}': import from modules/{{to}}/public.ts, its public face (re-export what you need there).",
    },
  },
  create(context) {
    const self = posix(path.relative(ROOT, context.filename));
    if (!under(self, SERVER_MODULES)) return {};
    const from = self.slice(SERVER_MODULES.length + 1).split('/')[0];
    return importVisitor(context, (node, target) => {
      if (!under(target, SERVER_MODULES)) return;
      const [to, ...rest] = target.slice(SERVER_MODULES.length + 1).split('/');
      const file = rest.join('/').replace(/\.(ts|js)$/, '');
      if (to !== from && (file === 'repo' || rest[0] === 'repo')) {
        context.report({ node, messageId: 'foreignRepo', data: { from, to } });
      }
    });
  },
};

/**
 * Folder boundaries: files under `from` may not import anything under any `to` folder. Options: a list
 * of { from, to: [...], reason }, folders relative to the repository root.
 */
const noCrossLayer = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports across the layer boundaries of docs/structure.md' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            from: { type: 'string' },
            to: { type: 'array', items: { type: 'string' } },
            reason: { type: 'string' },
          },
          required: ['from', 'to', 'reason'],
          additionalProperties: false,
        },
      },
    ],
    messages: { crossLayer: 'Files under {{from}}/ may not import from {{to}}/: {{reason}}' },
  },
  create(context) {
    const self = posix(path.relative(ROOT, context.filename));
    const rules = (context.options[0] ?? []).filter((r) => under(self, r.from));
    if (rules.length === 0) return {};
    return importVisitor(context, (node, target) => {
      for (const rule of rules) {
        const to = rule.to.find((dir) => under(target, dir));
        if (to)
          context.report({
            node,
            messageId: 'crossLayer',
            data: { from: rule.from, to, reason: rule.reason },
          });
      }
    });
  },
};

export default {
  meta: { name: 'tracehub-boundaries' },
  rules: { 'no-foreign-repo': noForeignRepo, 'no-cross-layer': noCrossLayer },
};
