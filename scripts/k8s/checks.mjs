// What no schema knows, checked on the rendered objects (scripts/check-k8s.mjs's header lists them), against
// the services manifest, each service's config schema and docker-compose.yml (loaded once by `loadInputs`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AI_METRICS,
  IMAGE_VARIABLES,
  KUSTOMIZATIONS,
  SECRET_LIKE,
  composeSpec,
  fail,
  kustomize,
  renderAndValidate,
  root,
  run,
  venv,
} from './render.mjs';

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

export async function loadInputs() {
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

const podSpecOf = (o) =>
  o.kind === 'Job'
    ? o.spec?.template?.spec
    : ['Deployment', 'StatefulSet'].includes(o.kind)
      ? o.spec?.template?.spec
      : undefined;

/** Requests and limits, non-root, seccomp, no escalation, read-only root, capabilities dropped; probes. */
export function checkPods(label, objects, problems) {
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
export function checkSecrets(label, objects, problems) {
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
 * metrics module declares (`name: '…'` in prom-client's options, or the first argument of the kit's `metricsOn`
 * helpers: `counter('…'`, `histogram('…'`, `gauge('…'`), and its `name.matches` selects that metric (else the adapter serves
 * nothing, and the HPA's Pods metric stays unknown without an error anywhere but the HPA's events).
 */
function checkAdapterSeries(dir, config, problems) {
  const declared = [
    ...readFileSync(path.join(dir, AI_METRICS), 'utf8').matchAll(
      /(?:\bname:\s*|\b(?:counter|histogram|gauge|summary)\(\s*)'([a-zA-Z_:][\w:]*)'/g,
    ),
  ].map((m) => m[1]);
  if (declared.length === 0) problems.push(`${AI_METRICS}: declares no metric (\`name: '…'\` or \`gauge('…'\`, …)`);
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
export function check(dir, kustomizations = KUSTOMIZATIONS) {
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
