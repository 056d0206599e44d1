import vue from '@vitejs/plugin-vue';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/**
 * The one renderer build configuration. `electron.vite.config.ts` uses it for the desktop app and
 * `npm run build:renderer` (`vite build --config src-renderer/vite.config.ts`) builds the same bundle
 * alone into out/renderer for web mode (`oarag serve`).
 */
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');

export const rendererConfig: UserConfig = {
  root: here,
  // Relative asset URLs: the same bundle loads from app://renderer/ in Electron and from / in web mode.
  base: './',
  plugins: [vue()],
  // Nothing from the main side may end up here except types; a value import of the contract would pull zod in.
  build: {
    outDir: resolve(repo, 'out/renderer'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // electron-vite leaves the renderer unminified by default; both builds minify the same way.
    minify: 'esbuild',
    cssMinify: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: { input: resolve(here, 'index.html') },
  },
  server: { strictPort: false },
  clearScreen: false,
};

export default defineConfig(rendererConfig);
