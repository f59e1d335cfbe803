import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appPreload } from './appPreload';
import { chunkGroups } from './chunks';
import { precompress } from './precompress';
import { zodWithoutJsonSchema } from './zodWithoutJsonSchema';

// The API server (apps/server) listens here by default; the dev server forwards /v1, sockets included.
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), zodWithoutJsonSchema(), appPreload(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // `boot` is everything the entry imports in one file (chunks.ts): 600 KB, 150 KiB brotli.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups(import.meta.dirname) } },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
