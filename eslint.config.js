// Flat ESLint config: typescript-eslint for every package, react-hooks for the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web and contract code never import the API's code: what they share lives in packages/contract. */
const noApi = {
  group: ['**/apps/api/**', '@vitrina/api', '@vitrina/api/*'],
  message: 'Веб и контракт не импортируют код API.',
};
/** `from` may not import the folders `dirs` of apps/web/app. */
const noUp = (dirs, from) => ({
  group: dirs.flatMap((d) => [`**/${d}/**`, `#app/${d}/*`]),
  message: `${from} не зависит от ${dirs.map((d) => `${d}/`).join(', ')}.`,
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      '**/data/**',
      'test-results/**',
      'apps/web/public/**',
      // Generated from the server's OpenAPI document (scripts/openapi-types.ts).
      'apps/web/app/shared/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // One-way imports (architecture §2): routes → features → shared; web and api meet only in the contract.
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApi] }] },
  },
  {
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noApi, noUp(['routes', 'layouts'], 'features/')] }] },
  },
  {
    files: ['apps/web/app/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noApi, noUp(['features', 'routes', 'layouts'], 'shared/')] }],
    },
  },
);
