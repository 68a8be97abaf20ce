// The whole portal on one machine: FerretDB on PostgreSQL, nats-server and Mailpit (unless MONGODB_URI /
// NATS_URL / SMTP_URL name servers already), the six services, and nginx serving the built frontend with the
// repository's nginx.conf.
// Once the stack is ready, every one of these processes that ends by itself is started again, with
// backoff (supervisor.ts). Used by `npm start` (main.ts) and by the Playwright global setup (infra/src/e2e).
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, isPortHandedOut, nginxPath, repoRoot, reservePort } from '../dev-servers.js';
import { listensOn } from './dependencies.js';
import { startBacking, type BackingProcesses } from './backing-services.js';
import { acquireLock, type Lock } from './lock.js';
import { defaultMediaRoot, nginxArgs, testNginxConfig, writeNginxConfig, type NginxVariables } from './nginx-config.js';
import { releaseReaper, spawnGroup } from './process-group.js';
import {
  LOCAL_PASSWORDS,
  loadSecrets,
  natsUserEnv,
  serviceNatsPasswords,
  withoutLocalPasswords,
  withoutNatsPasswords,
} from './secrets.js';
import { paymentsEnv, withoutStripe } from './payments.js';
import type { MailpitLogin } from '../testing/mailpit.js';
import { databaseName, natsUser } from '@hhp/proto/services';
import { SERVICES, serviceEntryPoint, type ServiceName } from './services.js';
import { Supervised, type RestartPolicy } from './supervisor.js';
import { spawnServices, upstreamsOf } from './service-processes.js';
import { waitUntilReady } from './readiness.js';

export { replicasOf } from './service-processes.js';

export interface StackOptions {
  /** Data, logs, secrets and the lock file. Created when missing; kept between runs. */
  dataDir: string;
  /** Where the rendered nginx configuration and nginx's temp files go (default `<dataDir>/run/nginx`, which
   * the lock keeps to one launcher). */
  runDir?: string;
  /** nginx's port; 0 picks a free one. Default 8080. */
  port?: number;
  /** nginx's listen address (default 127.0.0.1). */
  host?: string;
  /** `default`: each service's port in the manifest (a replica's 100 above), 27017, 4222 where free, else any
   * free port. `free`: any free ports (tests). */
  ports?: 'default' | 'free';
  /** The environment the services inherit, and where MONGODB_URI, NATS_URL, LOG_LEVEL and secrets are read. */
  env?: NodeJS.ProcessEnv;
  /** The built SPA (default `<repo>/frontend/dist`). */
  frontendRoot?: string;
  /** How long the services and nginx may take to become ready (default 90 s). */
  readyTimeoutMs?: number;
  /** Entry point of each service (default `services/<name>/dist/main.js`). */
  serviceEntry?: (name: ServiceName) => string;
  /** Where the short console lines go (errors from services, progress). */
  output?: Pick<Console, 'log' | 'error'>;
  /** Extra Node.js options for every service, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
  /** How a process that ended by itself is restarted (default: 0.5 s doubling to 30 s; supervisor.ts). */
  restartPolicy?: Partial<RestartPolicy>;
  /** The data directory is deleted after the run (tests, benchmarks): PostgreSQL skips fsync. */
  throwawayData?: boolean;
}

export interface RunningService {
  name: ServiceName;
  /** `ai-query`, or `ai-query#2` for a further replica. */
  instance: string;
  url: string;
  logFile: string;
}

export interface Stack {
  /** The portal's address, e.g. http://localhost:8080. */
  url: string;
  port: number;
  dataDir: string;
  /** MONGODB_URI as given, else the FerretDB the stack started, with its login (`authMechanism=PLAIN`). */
  mongodbUri: string;
  natsUrl: string;
  /** Where the services send e-mail: SMTP_URL as given, else the Mailpit the stack started (with its login). */
  smtpUrl: string;
  /** Mailpit's web UI and API, when the stack started it (SMTP_URL was not set). */
  mailUrl: string | undefined;
  /** The login mailUrl asks for (HTTP basic authentication). */
  mailLogin: MailpitLogin | undefined;
  /** The file of generated secrets and local passwords (mode 600). */
  secretsFile: string;
  services: RunningService[];
  /** Milliseconds from the call of startStack until everything answered. */
  readyInMs: number;
  /** The pid of a process of the stack as it runs now (`ai-query`, `ai-query#2`, `nginx`, `nats-server`,
   * `ferretdb`, `postgres`); undefined when it is not running (between a crash and its restart). */
  pidOf(name: string): number | undefined;
  /** The NATS user a service connects as (its name and password), for tools that play its part; undefined
   * when it has none (an external NATS_URL without NATS_PASSWORD_<SERVICE>). */
  natsUser(name: ServiceName): { user: string; pass: string } | undefined;
  /** Restarts nothing from now on; stops services, then nginx, then Mailpit, then NATS, then FerretDB, then
   * PostgreSQL; releases the lock. Safe to call twice. */
  stop(): Promise<void>;
}

/** True when nothing listens on host:port (checked by binding it). */
function canBind(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

async function choosePort(preferred: number, mode: 'default' | 'free'): Promise<number> {
  if (mode === 'default' && !isPortHandedOut(preferred) && (await canBind(preferred))) {
    reservePort(preferred);
    return preferred;
  }
  return freePort();
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const mode = options.ports ?? 'free';
  const out = options.output ?? console;
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  const runDir = path.resolve(options.runDir ?? path.join(dataDir, 'run', 'nginx'));
  const frontendRoot = path.resolve(options.frontendRoot ?? path.join(repoRoot, 'frontend', 'dist'));
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const host = options.host ?? '127.0.0.1';
  const entry = options.serviceEntry ?? serviceEntryPoint;

  const port = options.port === 0 ? await freePort() : (options.port ?? 8080);
  reservePort(port); // nothing listens on it until nginx starts: keep the services' choices off it
  const url = `http://localhost:${port}`;
  mkdirSync(logDir, { recursive: true });
  const lock: Lock = acquireLock(dataDir, url);

  const started_: { services: Supervised[]; nginx?: Supervised } & BackingProcesses = { services: [] };
  // The servers that may still be starting when a service fails: awaited before they are stopped.
  let backingSettled: Promise<void> = Promise.resolve();
  const supervised = () =>
    [...started_.services, started_.nginx, started_.mailpit, started_.nats, started_.ferret, started_.postgres].filter(
      (p) => p !== undefined,
    );
  const restartPolicy = options.restartPolicy ?? {};
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Every supervisor at once, before anything is stopped: a process stopped now is not restarted.
      for (const p of supervised()) p.retire();
      await Promise.all(started_.services.map((p) => p.stop(10_000)));
      await started_.nginx?.stop(5000);
      await backingSettled;
      for (const p of supervised()) p.retire();
      await started_.mailpit?.stop(5000);
      await started_.nats?.stop(5000);
      await started_.ferret?.stop(5000);
      await started_.postgres?.stop(10_000);
      releaseReaper();
      lock.release();
    })();
    return stopping;
  };

  try {
    // Fail before starting anything when something that must have been built is missing.
    const missing = SERVICES.map((s) => entry(s.name)).filter((file) => !existsSync(file));
    if (missing.length) {
      throw new Error(`not built: ${missing.map((f) => path.relative(repoRoot, f)).join(', ')}; run \`npx tsc -b\``);
    }
    if (!existsSync(path.join(frontendRoot, 'index.html'))) {
      throw new Error(`${frontendRoot}/index.html is missing; run \`npm run build -w @hhp/frontend\``);
    }
    nginxPath();
    if (!(await canBind(port, host))) {
      throw new Error(`port ${port} is in use by another program; stop it or choose another port with PORT=…`);
    }
    const secrets = loadSecrets(dataDir, env);
    const natsPasswords = serviceNatsPasswords(dataDir, env);
    const localPasswords = loadSecrets(dataDir, env, LOCAL_PASSWORDS);
    const ferretDbDebugPort = debugPortOf(env);

    const backing = await startBacking(
      {
        env,
        dataDir,
        logDir,
        choosePort: (preferred) => choosePort(preferred, mode),
        passwords: {
          ferretdb: localPasswords.FERRETDB_PASSWORD!,
          mailpitUi: localPasswords.MAILPIT_PASSWORD!,
          mailpitSmtp: localPasswords.MAILPIT_SMTP_PASSWORD!,
        },
        natsPasswords,
        ferretDbDebugPort,
        output: out,
        restartPolicy,
        throwawayData: options.throwawayData ?? false,
      },
      started_,
    );
    backingSettled = backing.settled;
    const { mongodbUri, natsUrl, smtpUrl } = backing;
    // The services load their modules while the servers start (backing-services.ts).
    await backing.initialised;

    const services = await spawnServices({
      env,
      logDir,
      choosePort: (preferred) => choosePort(preferred, mode),
      entry,
      nodeArgs: options.nodeArgs ?? [],
      serviceEnv: (service) => ({
        ...withoutStripe(withoutNatsPasswords(withoutLocalPasswords(env))),
        ...(service === 'payments' ? paymentsEnv(env, url) : {}),
        ...secrets,
        ...natsUserEnv(natsUser(service), natsPasswords),
        MONGODB_URI: mongodbUri,
        MONGODB_DB: databaseName(service),
        NATS_URL: natsUrl,
        SMTP_URL: smtpUrl,
        // Node keeps the compiled modules here: a second start compiles nothing again.
        NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE ?? path.join(dataDir, 'cache', 'node-compile'),
        LOG_LEVEL: env.LOG_LEVEL ?? 'info',
        PUBLIC_URL: env.PUBLIC_URL ?? url,
      }),
      output: out,
      restartPolicy,
      started: started_.services,
    });
    const upstreams = upstreamsOf(services);

    const variables = {
      LISTEN_ADDR: `${host}:${port}`,
      FRONTEND_ROOT: frontendRoot,
      MEDIA_ROOT: defaultMediaRoot,
      ...upstreams,
    } as NginxVariables;
    const files = writeNginxConfig({ runDir, logDir, variables });
    await Promise.all([testNginxConfig(files), backing.ready]);
    started_.nginx = new Supervised({
      spawn: () =>
        spawnGroup('nginx', nginxPath(), nginxArgs(files), {
          logFile: path.join(logDir, 'nginx.log'),
          onLine: (line) => out.error(`[nginx] ${line}`),
        }),
      ready: listensOn(port),
      output: out,
      policy: restartPolicy,
    });

    await waitUntilReady(services, started_.nginx.current, `http://127.0.0.1:${port}/`, readyTimeoutMs, dataDir);

    // From here on, a process that ends by itself is started again; the rest of the stack keeps running.
    for (const p of supervised()) p.watch();

    return {
      url,
      port,
      dataDir,
      mongodbUri,
      natsUrl,
      smtpUrl,
      mailUrl: backing.mailUrl,
      mailLogin: backing.mailLogin,
      secretsFile: path.join(dataDir, 'secrets.env'),
      services: services.map(({ name, instance, url: serviceUrl, logFile }) => ({
        name,
        instance,
        url: serviceUrl,
        logFile,
      })),
      readyInMs: Date.now() - started,
      pidOf: (name) => supervised().find((p) => p.name === name)?.pid,
      natsUser: (name) => {
        const user = natsUser(name);
        return natsPasswords[user] ? { user, pass: natsPasswords[user] } : undefined;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * FERRETDB_DEBUG_PORT: the loopback port of FerretDB's debug handlers (metrics, pprof, which need no login);
 * unset, they are off.
 */
function debugPortOf(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.FERRETDB_DEBUG_PORT;
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`FERRETDB_DEBUG_PORT must be a port number, not "${raw}"`);
  }
  return port;
}
