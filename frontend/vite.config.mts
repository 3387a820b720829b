/// <reference types="vitest/config" />
import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { doorChunk } from './vite/doorChunk';
import { precompress } from './vite/precompress';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Component tests that replace a module (`vi.mock`): they run isolated, as a module cached by an earlier file would ignore it. */
const MOCKING = globSync('src/**/*.test.tsx', { cwd: here('.') }).filter((file) =>
  /\bvi\.(mock|doMock)\(/.test(readFileSync(here(file), 'utf8')),
);
const components = {
  environment: 'jsdom',
  setupFiles: [here('src/test/setup-each.ts'), here('src/test/setup.ts')],
  include: ['src/**/*.test.tsx'],
};

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
    // Files share their worker's modules (imported once, not once a file: 31% of the suite's time went to imports);
    // setup-each.ts gives every test a clean start. A file that replaces a module (`vi.mock`) keeps its own.
    isolate: false,
    // Components (`*.test.tsx`) render in jsdom; logic (`*.test.ts`) runs without a DOM, a third of the CPU a file, unless
    // its first line asks for one (`// @vitest-environment jsdom`: fetch, XMLHttpRequest, window).
    projects: [
      {
        extends: true,
        test: { name: 'components', ...components, exclude: MOCKING },
      },
      {
        extends: true,
        test: { name: 'components-mocking', ...components, include: MOCKING, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'logic',
          environment: 'node',
          setupFiles: [here('src/test/setup-each.ts')],
          include: ['src/**/*.test.ts', 'vite/**/*.test.ts'],
        },
      },
    ],
  },
});
