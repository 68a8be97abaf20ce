// The repository's nginx.conf in front of the services a suite started, as `npm start` runs it: on a free
// loopback port, its configuration and logs in a scratch folder of its own, and with `www` a build of the SPA
// (a few files) in that folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultNginxVariables } from '../launcher/check-config.js';
import { nginxArgs, writeNginxConfig, type NginxVariables } from '../launcher/nginx-config.js';
import { freePort, isPortOpen, waitFor } from '../ports.js';
import { nginxPath, spawnManaged, type ManagedProcess } from '../processes.js';

export interface NginxInFront {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  process: ManagedProcess;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

/**
 * Starts nginx in a new folder named after `name` under the temporary folder; `variables` says which of the
 * defaults for its port change (a service's upstream: `CRISIS_UPSTREAM: '127.0.0.1:<its port>'`).
 */
export async function startNginxInFront(
  name: string,
  variables: (defaults: NginxVariables) => NginxVariables,
  { www }: { www?: Record<string, string> } = {},
): Promise<NginxInFront> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `hhp-${name}-`));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const frontend = www && path.join(dir, 'www');
    if (frontend) {
      mkdirSync(frontend);
      for (const [file, text] of Object.entries(www)) writeFileSync(path.join(frontend, file), text);
    }
    const port = await freePort();
    const files = writeNginxConfig({
      runDir: dir,
      logDir: path.join(dir, 'logs'),
      variables: {
        ...variables(defaultNginxVariables(`127.0.0.1:${port}`)),
        ...(frontend && { FRONTEND_ROOT: frontend }),
      },
    });
    const nginx = spawnManaged('nginx', nginxPath(), nginxArgs(files), {
      logFile: path.join(dir, 'logs', 'nginx.out'),
    });
    await waitFor(`nginx on ${port}`, () => isPortOpen(port), { child: nginx });
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      process: nginx,
      async stop() {
        await nginx.stop();
        removeDir();
      },
    };
  } catch (err) {
    removeDir();
    throw err;
  }
}
