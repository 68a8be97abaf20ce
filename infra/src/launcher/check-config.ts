// `node infra/dist/launcher/check-config.js`: renders nginx.conf as the launcher does and runs `nginx -t`
// on it; exits non-zero with nginx's message when the configuration is broken.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../dev-servers.js';
import {
  defaultMediaRoot,
  testNginxConfig,
  writeNginxConfig,
  type NginxFiles,
  type NginxVariables,
} from './nginx-config.js';
import { SERVICES, UPSTREAM_VARIABLE } from './services.js';

/** The values of a local run on the default ports. */
export function defaultNginxVariables(listen = '127.0.0.1:8080'): NginxVariables {
  const upstreams = Object.fromEntries(SERVICES.map((s) => [UPSTREAM_VARIABLE[s.name], `127.0.0.1:${s.port}`]));
  return {
    LISTEN_ADDR: listen,
    FRONTEND_ROOT: path.join(repoRoot, 'frontend', 'dist'),
    MEDIA_ROOT: defaultMediaRoot,
    ...upstreams,
  } as NginxVariables;
}

/** Renders into a temporary folder, runs `nginx -t`, removes the folder. Rejects with nginx's message. */
export async function checkNginxConfig(variables: NginxVariables = defaultNginxVariables()): Promise<NginxFiles> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-nginx-check-'));
  try {
    const files = writeNginxConfig({ runDir: dir, logDir: path.join(dir, 'logs'), variables });
    await testNginxConfig(files);
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await checkNginxConfig();
    console.log('nginx.conf: rendered and `nginx -t` passed');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
