import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const serverBoundary = {
  patterns: [
    {
      group: ['~/server/*', '~/server/**', '**/server/**'],
      message: 'Islands, stores and lib run in the browser: they must not import server code.',
    },
    {
      group: ['~/pages/*', '~/pages/**', '**/pages/**'],
      message:
        'Pages are routes: what islands, stores, lib and the contract share with them lives in src/shared.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      'node_modules/',
      'data/',
      'backups/',
      'bench/tmp/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Node scripts (server entry, test orchestration, benchmarks): Node's globals.
    files: ['server.mjs', 'scripts/**/*.mjs', 'bench/**/*.mjs'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        AbortSignal: 'readonly',
        AbortController: 'readonly',
        Buffer: 'readonly',
        setImmediate: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
      },
    },
  },
  {
    // The service worker runs in its own global scope.
    files: ['public/sw.js'],
    languageOptions: {
      globals: {
        self: 'readonly',
        caches: 'readonly',
        fetch: 'readonly',
        Request: 'readonly',
        Response: 'readonly',
      },
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', serverBoundary],
      // One contract: what a call answers is a type of src/shared (the route's own schema), never a copy
      // written out at the call.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/[aA]pi$/] > TSTypeParameterInstantiation TSTypeLiteral',
          message:
            'Name the response type from src/shared (the schema the route answers with), not a copy of it.',
        },
      ],
    },
  },
);
