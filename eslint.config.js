import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from './scripts/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The import boundaries of docs/structure.md (scripts/eslint/boundaries.js; test/structure-lint.test.ts
  // proves each fires). A server module reaches another module only through that module's public.ts.
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { tracehub: boundaries },
    rules: {
      'tracehub/no-foreign-repo': 'error',
      'tracehub/no-cross-layer': [
        'error',
        [
          {
            from: 'apps/server/src/platform',
            to: ['apps/server/src/modules'],
            reason: 'platform is below the modules; a module registers itself with platform instead',
          },
          {
            from: 'apps/web/src/shared',
            to: ['apps/web/src/features'],
            reason:
              'shared pieces know no feature; app/ wires features into them (see shared/list/AttachmentDialogs.tsx)',
          },
          {
            from: 'packages/contract',
            to: ['apps'],
            reason: 'the contract is shared by both apps and depends on neither',
          },
          {
            from: 'apps/web',
            to: ['apps/server'],
            reason: 'the console talks to the server only through the contract (@tracehub/contract)',
          },
          {
            from: 'apps/server',
            to: ['apps/web'],
            reason: 'the server shares code with the console only through the contract (@tracehub/contract)',
          },
        ],
      ],
    },
  },
);
