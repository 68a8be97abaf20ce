import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen, repoRoot } from '../../src/dev-servers.js';
import { checkNginxConfig, defaultNginxVariables } from '../../src/launcher/check-config.js';
import { acquireLock, AlreadyRunningError } from '../../src/launcher/lock.js';
import { NGINX_TEMPLATE_VARIABLES, nginxTemplatePath, renderNginxTemplate } from '../../src/launcher/nginx-config.js';
import { loadSecrets } from '../../src/launcher/secrets.js';
import { startStack } from '../../src/launcher/stack.js';

const builtMain = path.join(repoRoot, 'infra', 'dist', 'launcher', 'main.js');

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('launcher', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-launcher-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('when nginx.conf is rendered for a local run, then `nginx -t` accepts it', async () => {
    const files = await checkNginxConfig();
    expect(path.basename(files.siteConfig)).toBe('portal.conf');
  });

  test('when the template is rendered, then every placeholder is filled and nginx variables are kept', () => {
    const rendered = renderNginxTemplate(readFileSync(nginxTemplatePath, 'utf8'), defaultNginxVariables());
    expect(rendered).not.toMatch(/\$\{[A-Z_]+\}/);
    expect(rendered).toContain('listen 127.0.0.1:8080;');
    expect(rendered).toContain('server 127.0.0.1:4001;');
    expect(rendered).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(rendered).toContain('try_files $uri /index.html;');
  });

  test('when the nginx image renders the template with envsubst, then it produces what the launcher renders', () => {
    const envsubst = spawnSync('envsubst', ['--version']);
    if (envsubst.error) throw new Error('envsubst (Debian package gettext-base) is needed for this test');
    const variables = defaultNginxVariables('8080');
    const template = readFileSync(nginxTemplatePath, 'utf8');
    // What docker-entrypoint.d/20-envsubst-on-templates.sh does with NGINX_ENVSUBST_FILTER set.
    const shellFormat = NGINX_TEMPLATE_VARIABLES.map((name) => `\${${name}}`).join(' ');
    const result = spawnSync('envsubst', [shellFormat], {
      input: template,
      env: { ...process.env, ...variables },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(renderNginxTemplate(template, variables));
  });

  test('when the template names a placeholder the launcher does not know, then rendering fails', () => {
    expect(() => renderNginxTemplate('listen ${LISTEN_ADDR}; root ${SOMETHING_NEW};', defaultNginxVariables())).toThrow(
      /SOMETHING_NEW/,
    );
  });

  test('when a launcher already runs, then a second `npm start` says where and exits non-zero', async () => {
    const port = await freePort();
    writeFileSync(
      path.join(dir, 'launcher.pid'),
      JSON.stringify({ pid: process.pid, url: `http://localhost:${port}` }),
    );
    const { code, output } = await run(process.execPath, [builtMain], {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
    });
    expect(code).not.toBe(0);
    expect(output).toContain(`The portal is already running at http://localhost:${port} (pid ${process.pid})`);
    // The running launcher's lock is left alone.
    expect(JSON.parse(readFileSync(path.join(dir, 'launcher.pid'), 'utf8')).pid).toBe(process.pid);
  });

  test('when the lock was left by a launcher that is gone, then the next one takes it', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(path.join(dir, 'launcher.pid'), JSON.stringify({ pid: dead, url: 'http://localhost:1' }));
    const lock = acquireLock(dir, 'http://localhost:2');
    expect(() => acquireLock(dir, 'http://localhost:3')).toThrow(AlreadyRunningError);
    lock.release();
    expect(existsSync(path.join(dir, 'launcher.pid'))).toBe(false);
  });

  test('when secrets are generated, then they are kept private, reused, and overridden by the environment', () => {
    const first = loadSecrets(dir, {});
    expect(first.CONTENT_INGEST_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, 'secrets.env')).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
    const override = 'x'.repeat(40);
    expect(loadSecrets(dir, { CONTENT_INGEST_SECRET: override }).CONTENT_INGEST_SECRET).toBe(override);
  });
});

describe('docker-compose.yml', () => {
  test('when the compose file is checked against the Compose Specification, then it is valid', () => {
    // compose-go's own checker (`go install github.com/compose-spec/compose-go/v2/cmd@v2.16.2`, installed
    // by the bootstrap as .tools/bin/compose-spec); no Docker engine needed. Secrets come from .env at run
    // time, so interpolation is left out here.
    const checker = path.join(repoRoot, '.tools', 'bin', 'compose-spec');
    if (!existsSync(checker)) throw new Error(`${checker} is missing: run \`npm run bootstrap\``);
    const result = spawnSync(checker, ['--no-interpolation', '--format', 'json', 'docker-compose.yml'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const model = JSON.parse(result.stdout) as { services: Record<string, { depends_on?: Record<string, unknown> }> };
    expect(Object.keys(model.services).sort()).toEqual(
      ['ai-query', 'booking', 'content', 'crisis', 'mongo', 'nats', 'payments', 'voice', 'web'].sort(),
    );
    expect(Object.keys(model.services.web!.depends_on ?? {}).sort()).toEqual(
      ['ai-query', 'booking', 'content', 'crisis', 'payments', 'voice'].sort(),
    );
  });
});

describe('the stack', () => {
  test('when it starts on free ports, then nginx routes to the services, a second start is refused, and stop leaves nothing listening', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-stack-'));
    // Its own FerretDB and nats-server, not those of the integration setup.
    const env = { ...process.env, MONGODB_URI: undefined, NATS_URL: undefined, LOG_LEVEL: 'warn' };
    const quiet = { log: () => undefined, error: () => undefined };
    const stack = await startStack({
      dataDir: dir,
      runDir: path.join(dir, 'run'),
      port: 0,
      env,
      output: quiet,
      readyTimeoutMs: 45_000,
    });
    const ports = [
      stack.port,
      ...[stack.mongodbUri, stack.natsUrl, ...stack.services.map((s) => s.url)].map((u) => Number(new URL(u).port)),
    ];
    try {
      const videos = await fetch(`${stack.url}/api/videos`);
      expect(videos.status).toBe(200);
      expect(Array.isArray(await videos.json())).toBe(true);
      const missing = await fetch(`${stack.url}/api/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'Not found' });
      await expect(startStack({ dataDir: dir, port: 0, env, output: quiet })).rejects.toThrow(AlreadyRunningError);
    } finally {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    const stillOpen = [];
    for (const port of ports) if (await isPortOpen(port)) stillOpen.push(port);
    expect(stillOpen).toEqual([]);
  }, 90_000);
});
