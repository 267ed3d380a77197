// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', '.build/', '.astro/', 'bench/floor/.astro/', 'bench/floor/dist/', '.netlify/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'db/migrations/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['astro:*'], message: 'Server and domain code must not import astro:* (functions are bundled outside Vite).' },
          ],
        },
      ],
    },
  },
  {
    // Astro pages and components may use astro:* modules.
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/content.config.ts', 'src/middleware.ts', 'src/islands/**', 'bench/floor/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Pure rules: no effects, no platform.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'astro:*', '**/db/**', '**/server/**', 'react', 'react-dom'], message: 'src/domain holds pure rules only.' },
          ],
        },
      ],
    },
  },
);
