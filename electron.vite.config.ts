import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './src-renderer/vite.config';
import { WORKER_ENTRIES } from './scripts/worker-entries.mjs';

// Native or wasm-carrying modules are loaded from node_modules at run time (asarUnpack'ed when packaged).
const root = dirname(fileURLToPath(import.meta.url));
const NATIVE = ['better-sqlite3', 'node-llama-cpp', 'oxigraph'];

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: { include: NATIVE },
      rollupOptions: {
        input: {
          index: resolve(root, 'src-main/app/main.ts'),
          // Workers are started by path: the code that starts them expects them next to the bundle.
          ...Object.fromEntries(Object.entries(WORKER_ENTRIES).map(([name, src]) => [name, resolve(root, src)])),
        },
        external: [...NATIVE, /^@node-llama-cpp\//],
        // Shared chunks sit next to index.js, so import.meta.url-relative paths (worker-launch.ts) resolve in out/main.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be a single CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, 'src-main/app/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true },
      },
    },
  },
  renderer: rendererConfig,
});
