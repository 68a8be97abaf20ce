import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

// Import boundaries (STYLE.md): a feature of the frontend never imports another feature (shared code moves to
// frontend/src/shared), and a service's domain code knows nothing of its HTTP, database or broker.
const FEATURES = readdirSync(new URL('./frontend/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MAX_FEATURE_DEPTH = 6;
/**
 * One block per feature and folder depth: from a file `depth` folders below `features/<feature>/`, a relative
 * path that climbs exactly out of the feature and goes down into a sibling, or any path through
 * `features/<other>`, is another feature's code.
 */
const featureBoundaries = FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_FEATURE_DEPTH + 1 }, (_, depth) => ({
    files: [`frontend/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?:\\.\\./){${depth + 1}}(?!${escape(feature)}(?:/|$))[^./]|(?:^|/)features/(?!${escape(feature)}(?:/|$))`,
              message: 'A feature does not import another feature: move what both need to frontend/src/shared.',
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '.data/**',
      '.run/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/test/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...featureBoundaries,
  {
    files: ['services/*/src/**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?:express|mongoose|nats|@nats-io/.*)(?:/.*)?$',
              message:
                'Domain code holds the rules only: HTTP, data access and events live in http/, data/ and events/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['infra/k6/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly' } },
  },
);
