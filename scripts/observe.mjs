// `npm run observe`: Prometheus (built by scripts/bootstrap.d/ops-prometheus.sh, with its web UI) against the
// portal that `npm start` runs, on loopback, with deploy/observability's configuration, rules and alerts.
// It reads where the running stack listens from its data directory (the launcher's lock names nginx's
// address; the nginx configuration it rendered names every service instance, ai-query's replicas too),
// starts nginx-prometheus-exporter on nginx's /nginx_status, writes the configuration with those targets
// into <DATA_DIR>/observe/, starts Prometheus (its data under <DATA_DIR>/observe/data), prints its address
// and runs until Ctrl-C, which stops both.
//   node scripts/observe.mjs [--port 9090] [--data-dir .data]
// --port 0 takes any free port (tests); DATA_DIR is read as `npm start` reads it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { SERVICES, upstreamName } from '../proto/dist/services.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tools = path.join(root, '.tools', 'bin');
const observability = path.join(root, 'deploy', 'observability', 'prometheus');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9090' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? path.join(root, '.data') },
  },
});
const dataDir = path.resolve(values['data-dir']);

function fail(message) {
  console.error(`observe: ${message}`);
  process.exit(1);
}

/** Where the running stack listens: nginx's port, and each service's instances (host:port). */
function runningStack() {
  const lockFile = path.join(dataDir, 'launcher.pid');
  const siteConfig = path.join(dataDir, 'run', 'nginx', 'portal.conf');
  if (!existsSync(lockFile) || !existsSync(siteConfig)) {
    fail(`no portal is running with its data in ${dataDir}: start it with \`npm start\` (or name its --data-dir)`);
  }
  const { pid, url } = JSON.parse(readFileSync(lockFile, 'utf8'));
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM')
      fail(`the launcher (pid ${pid}) that started ${url} is gone: start it with \`npm start\``);
  }
  // The upstream blocks as the launcher rendered them: `upstream ai_query { server 127.0.0.1:4001; ... }`.
  const rendered = readFileSync(siteConfig, 'utf8');
  const targets = {};
  for (const service of SERVICES) {
    const block = new RegExp(`upstream\\s+${upstreamName(service.name)}\\s*\\{([^}]*)\\}`).exec(rendered);
    if (!block) fail(`${siteConfig} has no upstream for ${service.name}`);
    targets[service.name] = [...block[1].matchAll(/^\s*server\s+([^\s;]+)/gm)].map((m) => m[1]);
  }
  return { nginxPort: Number(new URL(url).port), targets };
}

function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        const { port: bound } = server.address();
        server.close(() => resolve(bound));
      });
    });
  return tryPort(preferred).then((port) => port ?? tryPort(0));
}

/**
 * The committed prometheus.yml with each job's targets replaced by `targets[job]` and the rule files named by
 * absolute path (the written file lives elsewhere). A job of the file without running targets is an error.
 */
function renderConfig(template, targets, rulesDir) {
  let job;
  const seen = new Set();
  const lines = template.split('\n').map((line) => {
    const name = /^\s*- job_name:\s*(\S+)/.exec(line);
    if (name) job = name[1];
    const list = /^(\s*- targets:\s*)\[.*\]\s*$/.exec(line);
    if (list && job) {
      if (!targets[job]?.length) fail(`no running targets for the job ${job}`);
      seen.add(job);
      return `${list[1]}[${targets[job].map((t) => `'${t}'`).join(', ')}]`;
    }
    return line.replace(/^(\s*- )rules\//, `$1${rulesDir}/`);
  });
  const missing = Object.keys(targets).filter((name) => !seen.has(name));
  if (missing.length) fail(`prometheus.yml has no job for ${missing.join(', ')}`);
  return lines.join('\n');
}

async function waitFor(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start in ${timeoutMs / 1000} s`);
}

const ok = (url) => fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok);

for (const tool of ['prometheus', 'nginx-prometheus-exporter']) {
  if (!existsSync(path.join(tools, tool)))
    fail(`${tool} is not installed in .tools/bin: run \`bash scripts/bootstrap.sh ops\``);
}
const stack = runningStack();
const outDir = path.join(dataDir, 'observe');
mkdirSync(path.join(outDir, 'data'), { recursive: true });
const [exporterPort, prometheusPort] = [await freePort(9113), await freePort(Number(values.port))];

const children = [];
let stopping = false;
function start(name, args) {
  const log = path.join(outDir, `${name}.log`);
  const child = spawn(path.join(tools, name), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const keep = (chunk) => lines.push(...chunk.toString().split('\n').filter(Boolean).slice(-20));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    writeFileSync(log, `${lines.slice(-40).join('\n')}\n`);
    if (!stopping) {
      console.error(`observe: ${name} exited (${signal ?? code}); its last lines are in ${log}`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('nginx-prometheus-exporter', [
  `--nginx.scrape-uri=http://127.0.0.1:${stack.nginxPort}/nginx_status`,
  `--web.listen-address=127.0.0.1:${exporterPort}`,
]);
const config = renderConfig(
  readFileSync(path.join(observability, 'prometheus.yml'), 'utf8'),
  {
    ...stack.targets,
    nginx: [`127.0.0.1:${exporterPort}`],
    prometheus: [`127.0.0.1:${prometheusPort}`],
  },
  path.join(observability, 'rules'),
);
const configFile = path.join(outDir, 'prometheus.yml');
writeFileSync(configFile, config);
start('prometheus', [
  `--config.file=${configFile}`,
  `--storage.tsdb.path=${path.join(outDir, 'data')}`,
  `--web.listen-address=127.0.0.1:${prometheusPort}`,
  '--storage.tsdb.retention.time=7d',
]);
const address = `http://127.0.0.1:${prometheusPort}`;
try {
  await waitFor('Prometheus', () => ok(`${address}/-/ready`));
  await waitFor('nginx-prometheus-exporter', () => ok(`http://127.0.0.1:${exporterPort}/metrics`));
} catch (error) {
  console.error(`observe: ${error.message}`);
  stop(1);
}
const instances = Object.values(stack.targets).flat().length;
const shown = (file) => (path.relative(root, file).startsWith('..') ? file : path.relative(root, file));
console.log(`Prometheus: ${address}  (alerts: ${address}/alerts, targets: ${address}/targets)`);
console.log(
  `  scraping ${instances} service instances and nginx (through nginx-prometheus-exporter on 127.0.0.1:${exporterPort}); ` +
    `configuration ${shown(configFile)}  ·  press Ctrl-C to stop`,
);
