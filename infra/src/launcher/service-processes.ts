// The services' processes: each service of the manifest (a scaling one as many times as its variable says), on
// its port of the manifest where free, with its environment, its log file and a supervisor; and the nginx
// upstreams that point at them.
import path from 'node:path';
import { waitFor } from '../dev-servers.js';
import { HEALTH_PATHS, serviceEntry } from '@hhp/proto/services';
import { spawnGroup, type GroupProcess } from './process-group.js';
import { httpStatus } from './readiness.js';
import { SERVICES, UPSTREAM_VARIABLE, type ServiceName } from './services.js';
import { Supervised, type RestartPolicy } from './supervisor.js';

export interface ServiceProcess {
  name: ServiceName;
  /** `ai-query`, or `ai-query#2` for a further replica. */
  instance: string;
  url: string;
  logFile: string;
  process: Supervised;
}

export interface SpawnOptions {
  env: NodeJS.ProcessEnv;
  logDir: string;
  /** The port of the manifest where free, else any free one. */
  choosePort: (preferred: number) => Promise<number>;
  /** Each service's entry point. */
  entry: (name: ServiceName) => string;
  nodeArgs: string[];
  /** A service's environment (its port and host are added). */
  serviceEnv: (name: ServiceName) => NodeJS.ProcessEnv;
  output: Pick<Console, 'log' | 'error'>;
  restartPolicy: Partial<RestartPolicy>;
  /** Each supervisor is added here as soon as it exists (the stack stops them). */
  started: Supervised[];
}

/** A service the manifest marks as scaling (ai-query: AI_QUERY_REPLICAS=2) runs that many processes, and
 * nginx balances between them; every other runs one. */
export function replicasOf(name: ServiceName, env: NodeJS.ProcessEnv): number {
  const variable = serviceEntry(name).replicasVariable;
  if (variable === undefined) return 1;
  const raw = env[variable] ?? '1';
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 16) {
    throw new Error(`${variable} must be a whole number from 1 to 16, not "${raw}"`);
  }
  return replicas;
}

/** Starts every service's processes (each spawns at once; not waited for). */
export async function spawnServices(options: SpawnOptions): Promise<ServiceProcess[]> {
  const { env, logDir, choosePort, entry, nodeArgs, output: out, restartPolicy, started } = options;
  const services: ServiceProcess[] = [];
  for (const service of SERVICES)
    for (let replica = 1; replica <= replicasOf(service.name, env); replica++) {
      const instance = replica === 1 ? service.name : `${service.name}#${replica}`;
      const servicePort = await choosePort(service.port + 100 * (replica - 1));
      const logFile = path.join(logDir, `${replica === 1 ? service.name : `${service.name}-${replica}`}.log`);
      const serviceEnv: NodeJS.ProcessEnv = {
        ...options.serviceEnv(service.name),
        PORT: String(servicePort),
        HOST: '127.0.0.1',
      };
      const serviceUrl = `http://127.0.0.1:${servicePort}`;
      const proc = new Supervised({
        spawn: () =>
          spawnGroup(instance, process.execPath, [...nodeArgs, entry(service.name)], {
            env: serviceEnv,
            logFile,
            onLine: (line, stream) => {
              const text = consoleLine(line, stream);
              if (text) out.error(`[${instance}] ${text}`);
            },
          }),
        ready: answersReadyz(serviceUrl),
        output: out,
        policy: restartPolicy,
      });
      started.push(proc);
      services.push({ name: service.name, instance, url: serviceUrl, logFile, process: proc });
    }
  return services;
}

/** nginx's upstream variables: several replicas of one service make the template's `server ${X_UPSTREAM};` line one line each. */
export function upstreamsOf(services: ServiceProcess[]): Record<string, string> {
  return Object.fromEntries(
    SERVICES.map(({ name }) => [
      UPSTREAM_VARIABLE[name],
      services
        .filter((s) => s.name === name)
        .map((s) => s.url.replace('http://', ''))
        .join(';\n    server '),
    ]),
  );
}

/** A pino line at level error or above, or any line on stderr, shortened for the console. */
function consoleLine(line: string, stream: 'stdout' | 'stderr'): string | undefined {
  let text: string | undefined;
  try {
    const entry = JSON.parse(line) as { level?: number | string; msg?: string; err?: { message?: string } };
    const level =
      typeof entry.level === 'number'
        ? entry.level
        : ({ error: 50, fatal: 60 } as Record<string, number>)[String(entry.level)];
    if ((level ?? 0) >= 50) text = [entry.msg, entry.err?.message].filter(Boolean).join(': ') || line;
  } catch {
    if (stream === 'stderr' && line.trim()) text = line;
  }
  if (text === undefined) return undefined;
  return text.length > 240 ? `${text.slice(0, 239)}…` : text;
}

/** Resolves once the service at `url` answers /readyz with 200; rejects when it exits first or times out. */
function answersReadyz(url: string) {
  return (proc: GroupProcess, timeoutMs: number): Promise<void> =>
    waitFor(`${proc.name} /readyz`, async () => (await httpStatus(`${url}${HEALTH_PATHS.ready}`)) === 200, {
      child: proc,
      timeoutMs,
      intervalMs: 200,
    });
}
