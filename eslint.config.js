import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The infrastructure receives what the domains give it as parameters (server/composition.ts)
    // and never reaches into a domain: a new domain touches only its folder and the module list.
    files: [
      'server/core/**/*.ts',
      'server/db/**/*.ts',
      'server/eventstore/**/*.ts',
      'server/http/**/*.ts',
      'server/realtime/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/domains', '**/domains/**'],
              message: 'Infrastructure never imports a domain: take it as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    // Domains refuse with typed domain errors (server/core/errors.ts); HTTP maps them to statuses.
    files: ['server/domains/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/errors'],
              message:
                'Domain code throws DomainError (server/core/errors.ts), never an HTTP error.',
            },
          ],
        },
      ],
    },
  },
);
