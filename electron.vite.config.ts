import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './src-renderer/vite.config';

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
          // The local model runs in a child process; worker-launch.ts expects llama-worker.js next to the bundle.
          'llama-worker': resolve(root, 'src-main/llm/local/llama-worker.ts'),
          // Raw SPARQL runs in a worker thread; sparql-runner.ts expects sparql-worker.js next to the bundle.
          'sparql-worker': resolve(root, 'src-main/query/sparql/sparql-worker.ts'),
          // A cold load writes its SQLite cache in a worker thread; cache-writer.ts expects cache-writer-worker.js here.
          'cache-writer-worker': resolve(root, 'src-main/ontology/cache/cache-writer-worker.ts'),
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
