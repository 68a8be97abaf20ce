import {
  DEFAULT_PRACTITIONER_NAME,
  DEFAULT_SUPPORT_EMAIL,
  PRACTITIONER_NAME_MAX_LENGTH,
} from '@hhp/proto/catalogue/practitioner';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The portal's settings the pages are built with, under the names the services read them by (one setting each:
 * PRACTITIONER_NAME as the kit's practitionerName, SUPPORT_EMAIL as payments'), with the same defaults and bounds.
 * An empty one counts as unset, as in the services' configuration.
 */
export function portalSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const practitioner = env.PRACTITIONER_NAME?.trim() || DEFAULT_PRACTITIONER_NAME;
  if (practitioner.length > PRACTITIONER_NAME_MAX_LENGTH)
    throw new Error(
      `PRACTITIONER_NAME: at most ${PRACTITIONER_NAME_MAX_LENGTH} characters (it has ${practitioner.length})`,
    );
  const support = env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(support)) throw new Error(`SUPPORT_EMAIL: not an e-mail address (${support})`);
  return {
    'import.meta.env.PRACTITIONER_NAME': JSON.stringify(practitioner),
    'import.meta.env.SUPPORT_EMAIL': JSON.stringify(support),
  };
}

// The nginx stack answers /api and /ws in development; HHP_API_ORIGIN points elsewhere (e.g. a test stack).
const backend = process.env.HHP_API_ORIGIN ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target: backend, changeOrigin: true },
  '/ws': { target: backend.replace(/^http/, 'ws'), ws: true, changeOrigin: true },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  define: portalSettings(),
  build: isSsrBuild
    ? // The prerendering entry (src/prerender/): one self-contained file for Node, kept out of dist.
      { outDir: 'node_modules/.prerender', emptyOutDir: true, copyPublicDir: false }
    : // One stylesheet for every screen (7 KB gzip): a prerendered page would otherwise wait for one small
      // render-blocking file per chunk it uses (seven on /symptoms).
      {
        outDir: 'dist',
        assetsDir: 'assets',
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'shared-small',
                  test: /src\/shared\/(ui\/(EmailField|TextInput|Surface)|api\/(error-message|payments-config))\./,
                },
              ],
            },
          },
        },
      },
  ssr: { noExternal: true },
  server: { proxy },
  preview: { proxy },
}));
