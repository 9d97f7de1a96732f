import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import { readdirSync } from 'node:fs'

// Layers (docs/architecture.md): app → features → components, lib → contracts. A feature never
// imports another feature; what two features need lives in lib/ or components/.
const web = './apps/web/src'
const features = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const boundaries = [
  ...features.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both need to src/lib or src/components.',
  })),
  {
    target: [`${web}/lib`, `${web}/components`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code does not depend on features or routes.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app shell; routes compose features.' },
  { target: './packages/contracts', from: ['./apps'], message: 'contracts depends on zod only.' },
  { target: './apps/api', from: './apps/web', message: 'The API does not import the web app.' },
  { target: './apps/web', from: './apps/api', message: 'The web app reads the API through contracts only.' },
]

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      '.tsbuild/**',
      '**/.test-build*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Issue 32, docs/accessibility.md: the recommended set, as errors.
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['apps/web/src/**/*.tsx'],
    // A scrolling table is a labelled region that takes focus, so a keyboard can scroll it (axe scrollable-region-focusable).
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }] },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // import/no-cycle reads each imported file: it needs the TypeScript parser for .ts files.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': {
        typescript: {
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/contracts/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }], 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // contracts is shared by both apps and loaded first on every page: zod and its own files only,
    // and rut.js (1 KB, no dependencies) for the RUT rule both apps must apply alike (decision 214).
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod(/|$)|rut[.]js$|[.]/)', message: 'contracts depends on zod (and rut.js) only (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
)
