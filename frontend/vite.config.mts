/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { doorChunk } from './vite/doorChunk';
import { precompress } from './vite/precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react(), doorChunk({ appModule: here('src/app/App.tsx') }), precompress()],
  resolve: {
    alias: { '@consulta/shared': here('../libs/shared/src/index.ts') },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } } },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // Maps are kept beside the build for reading stack traces, but not linked from the files nor served.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1600,
  },
  test: {
    root: here('.'),
    globals: false,
    css: false,
    testTimeout: 15000,
    // Components (`*.test.tsx`) render in jsdom; logic (`*.test.ts`) runs without a DOM, a third of the CPU a file, unless
    // its first line asks for one (`// @vitest-environment jsdom`: fetch, XMLHttpRequest, window).
    projects: [
      {
        extends: true,
        test: { name: 'components', environment: 'jsdom', setupFiles: [here('src/test/setup.ts')], include: ['src/**/*.test.tsx'] },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          setupFiles: [here('src/test/setup-storage.ts')],
          include: ['src/**/*.test.ts', 'vite/**/*.test.ts'],
        },
      },
    ],
  },
});
