import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import vue from 'eslint-plugin-vue';
import tseslint from 'typescript-eslint';

const nodeGlobals = {
  process: 'readonly',
  console: 'readonly',
  Buffer: 'readonly',
  performance: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
  setImmediate: 'readonly',
  URL: 'readonly',
  AbortController: 'readonly',
  AbortSignal: 'readonly',
  fetch: 'readonly',
  structuredClone: 'readonly',
  TextEncoder: 'readonly',
  TextDecoder: 'readonly',
};

const browserGlobals = {
  window: 'readonly',
  document: 'readonly',
  localStorage: 'readonly',
  navigator: 'readonly',
  location: 'readonly',
  history: 'readonly',
  console: 'readonly',
  setTimeout: 'readonly',
  clearTimeout: 'readonly',
  setInterval: 'readonly',
  clearInterval: 'readonly',
  requestAnimationFrame: 'readonly',
  getComputedStyle: 'readonly',
  WebSocket: 'readonly',
  Blob: 'readonly',
  File: 'readonly',
  URL: 'readonly',
  URLSearchParams: 'readonly',
  HTMLElement: 'readonly',
  HTMLInputElement: 'readonly',
  HTMLTextAreaElement: 'readonly',
  HTMLDialogElement: 'readonly',
  KeyboardEvent: 'readonly',
  DragEvent: 'readonly',
  Event: 'readonly',
  performance: 'readonly',
  fetch: 'readonly',
};

const unusedVars = [
  'error',
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'resources/**', 'test-artifacts/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    languageOptions: { globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-unused-vars': unusedVars,
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only src-main/app may import electron.' }] },
      ],
    },
  },
  { files: ['src-main/app/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Wire types cross the boundary to the renderer: they may name other type modules, never a service.
    files: ['src-main/**/*-types.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!.*(-types|/error-codes)$)',
              message: 'A *-types.ts module may import only other *-types.ts modules and core/error-codes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: {
      globals: browserGlobals,
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' },
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'src-main/(?!api/contract$)',
              message: 'The renderer talks to the main side only through src-main/api/contract (import type).',
            },
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports' }],
      'vue/multi-word-component-names': 'off',
      // TypeScript casts with unions (`x as A | null`) in templates read as Vue 2 filters to this rule.
      'vue/no-deprecated-filter': 'off',
      'vue/no-v-html': 'error',
    },
  },
  prettier,
);
