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
      // A feature adds its slice to the store's `LazyLoadedSlices` by extending it in place.
      '@typescript-eslint/no-empty-object-type': [
        'error',
        { allowInterfaces: 'with-single-extends' },
      ],
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
  // The web client's layers (docs/architecture.md, "The web client, in layers"): web/app composes
  // the features on top; features stand on the state kernel, lib, components and shared/, never
  // reach up into the app, and use another feature only through its public index.ts. An import
  // is relative, so which feature it reaches depends on how deep the importing file sits: one
  // block per depth (a later block's options would replace, not extend, an earlier one's).
  ...[
    ['web/features/*/*.{ts,tsx}', '\\.\\./'],
    ['web/features/*/*/*.{ts,tsx}', '\\.\\./\\.\\./'],
  ].map(([files, up]) => ({
    files: [files],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/**'],
              message:
                'A feature never imports web/app: the app composes features, not the reverse.',
            },
            {
              regex: `^${up}[^./][^/]*/(?!index$).+`,
              message:
                'A feature imports another feature only through its index.ts (`../posts`), never its modules.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Below the features: the state kernel, lib and components know no feature, so a feature
    // can be loaded, tested or removed without the others.
    files: ['web/state/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app', '**/app/**', '**/features', '**/features/**'],
              message: 'The state kernel, lib and components import neither web/app nor a feature.',
            },
          ],
        },
      ],
    },
  },
);
