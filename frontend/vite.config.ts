import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The nginx stack answers /api and /ws in development; HHP_API_ORIGIN points elsewhere (e.g. a test stack).
const backend = process.env.HHP_API_ORIGIN ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/ws': { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? // The prerendering entry (src/prerender/): one self-contained file for Node, kept out of dist.
      { outDir: 'node_modules/.prerender', emptyOutDir: true, copyPublicDir: false }
    : // One stylesheet for every screen (7 KB gzip): a prerendered page would otherwise wait for one small
      // render-blocking file per chunk it uses (seven on /symptoms).
      { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, manifest: true, cssCodeSplit: false },
  ssr: { noExternal: true },
  server: { proxy },
  preview: { proxy },
}));
