import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Client boundaries. Each block restates the server rule: a later block's options replace an
// earlier block's for the same rule.
const clientNeverImportsServer = {
  group: ['**/server/**', '**/server'],
  message: 'The client never imports server code.',
};

/** Blocks that keep each feature to itself: a relative import that climbs out of the feature. */
const featureBoundaries = [1, 2, 3].map((depth) => ({
  files: [`client/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          clientNeverImportsServer,
          {
            regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)`,
            message:
              'A feature does not import another feature: move what several features share to client/components or client/lib.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'demo-data/**',
      'server/db/migrations/**',
      'test-results/**',
      '.tmp/**',
      '*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'server/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Import boundaries: the client never reaches into the server, shared stays independent.
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server'],
              message: 'The client never imports server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**'],
              message: 'shared/ imports neither client nor server.',
            },
          ],
        },
      ],
    },
  },
  {
    // server/lib holds pure helpers: it never depends on the Fastify wrappers or on a feature.
    files: ['server/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/plugins/**', '**/features/**'],
              message: 'server/lib imports neither plugins/ nor features/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Sessions, the request context and the audit writer know nothing of HTTP, so services
    // and jobs can use them without a request.
    files: ['server/auth/**/*.ts', 'server/audit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'fastify', message: 'server/auth and server/audit know nothing of Fastify.' },
            {
              name: 'fastify-plugin',
              message: 'server/auth and server/audit know nothing of Fastify.',
            },
          ],
          patterns: [
            {
              group: ['@fastify/*', '**/plugins/**', '**/features/**'],
              message:
                'server/auth and server/audit import neither Fastify, plugins/ nor features/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A service takes the request context (server/auth/context.ts), never a request: only
    // routes reach the Fastify wrappers (contextOf in plugins/access.ts). record-routes.ts
    // registers every clinical type's routes.
    files: ['server/features/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.test.ts', 'server/features/clinical-common/record-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'A service takes the request context.' }],
          patterns: [
            {
              group: ['**/plugins/**'],
              message: 'A service takes the request context; only routes import plugins/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientNeverImportsServer,
            {
              group: ['**/app/**', '**/features/**'],
              message:
                'client/components and client/lib serve every screen: they import neither app/ nor features/.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
);
