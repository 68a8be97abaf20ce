// What `npm run generate` writes from the services manifest (proto/src/services.ts, how each one runs) and
// its deployment (proto/src/service-deploy.ts, how each one is deployed): every file, or marked block of a
// hand-written file, that only repeats the manifest per service. A pure function of the manifest and the
// files' current text (the hand-written parts around a marked block), so that a test can generate for a
// manifest with a service more into a scratch copy (scripts/check-k8s.mjs, "a throw-away service"), and the
// unit test can hold the repository's files to it (infra/test/unit/generated-files.test.ts).
// Each kind of file has its own module (k8s-service.ts, k8s-policies.ts, compose.ts, nginx.ts); this one says
// which files and blocks they fill.
import { upstreamVariable } from '@hhp/proto/services';
import type { ServiceDeploy } from '@hhp/proto/service-deploy';
import { composeServices, required } from './compose.js';
import { envName, portsOf, type GeneratedService } from './generated-service.js';
import { replaceBlock } from './generated-text.js';
import { k8sPolicies } from './k8s-policies.js';
import { k8sService } from './k8s-service.js';
import { nginxLocations, nginxUpstreams } from './nginx.js';

/** The libraries the services import, installed in the image before the services themselves. */
const DOCKER_LIBRARIES = [
  'proto',
  'services/kit',
  'services/crisis-rules',
  'services/embeddings',
  'services/crisis-model',
];

/** Every generated file: its path in the repository → its text. `read` gives a hand-written file's current text. */
export function generate(services: readonly GeneratedService[], read: (file: string) => string): Map<string, string> {
  const files = new Map<string, string>();
  const block = (file: string, blocks: Record<string, readonly string[]>) => {
    let text = files.get(file) ?? read(file);
    for (const [id, lines] of Object.entries(blocks)) text = replaceBlock(file, text, id, lines);
    files.set(file, text);
  };

  for (const s of services) files.set(`deploy/k8s/base/services/${s.name}.yaml`, k8sService(s));
  files.set('deploy/k8s/base/policies/services.yaml', k8sPolicies(services));
  block('deploy/k8s/base/kustomization.yaml', {
    services: services.map((s) => `- services/${s.name}.yaml`),
  });
  const autoscaled = services.filter((s) => 'autoscaler' in s.deploy.scaling);
  block('deploy/k8s/overlays/dev/kustomization.yaml', {
    secrets: services.flatMap((s) => [`- name: ${s.name}-secrets`, `  envs: [secrets/${s.name}.env]`]),
    autoscalers: autoscaled.flatMap((s) => {
      const { dev } = (s.deploy.scaling as Extract<ServiceDeploy['scaling'], { autoscaler: unknown }>).autoscaler;
      return [
        '- target:',
        '    kind: HorizontalPodAutoscaler',
        `    name: ${s.name}`,
        '  patch: |-',
        '    - op: replace',
        '      path: /spec/minReplicas',
        `      value: ${dev.min}`,
        '    - op: replace',
        '      path: /spec/maxReplicas',
        `      value: ${dev.max}`,
      ];
    }),
  });
  block('deploy/k8s/overlays/prod/kustomization.yaml', {
    replicas: services.flatMap((s) =>
      'replicas' in s.deploy.scaling ? [`- name: ${s.name}`, `  count: ${s.deploy.scaling.replicas.prod}`] : [],
    ),
  });

  block('deploy/k8s/overlays/dev/secrets/generate.sh', {
    services: [`services=(${services.map((s) => s.name).join(' ')})`],
  });
  block('docker-compose.yml', {
    'mongo-passwords': services.map(
      (s) => `MONGO_PASSWORD_${envName(s.name)}: ${required(`MONGO_PASSWORD_${envName(s.name)}`)}`,
    ),
    'nats-passwords': services.map(
      (s) => `NATS_PASSWORD_${envName(s.name)}: ${required(`NATS_PASSWORD_${envName(s.name)}`)}`,
    ),
    services: composeServices(services),
    'web-depends-on': services.flatMap((s) => [`${s.name}:`, '  condition: service_healthy']),
  });

  block('.env.example', {
    'mongo-passwords': services.map((s) => `MONGO_PASSWORD_${envName(s.name)}=`),
    'nats-passwords': services.map((s) => `NATS_PASSWORD_${envName(s.name)}=`),
  });
  const names = services.map((s) => s.name);
  const continued = (lines: string[]) => lines.map((l, i) => (i < lines.length - 1 ? `${l} \\` : l));
  block('Dockerfile', {
    'service-manifests': names.map((n) => `COPY services/${n}/package.json services/${n}/`),
    'service-dependencies': continued([
      'RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error',
      ...[...DOCKER_LIBRARIES, ...names.map((n) => `services/${n}`)].map((w) => `      --workspace=${w}`),
    ]),
    'service-ports': [`EXPOSE ${portsOf(services).join(' ')}`],
    'web-upstreams': continued([
      `ENV NGINX_ENVSUBST_FILTER="^(${['LISTEN_ADDR', 'FRONTEND_ROOT', 'MEDIA_ROOT', ...names.map(upstreamVariable)].join('|')})"`,
      '    LISTEN_ADDR=8080',
      '    FRONTEND_ROOT=/usr/share/nginx/html',
      '    MEDIA_ROOT=/usr/share/nginx/media',
      ...services.map((s) => `    ${upstreamVariable(s.name)}=${s.name}:${s.port}`),
    ]),
  });

  block('nginx.conf', { upstreams: nginxUpstreams(services), locations: nginxLocations(services) });

  block('deploy/observability/prometheus/prometheus.yml', {
    'scrape-jobs': services.flatMap((s) => [
      `- job_name: ${s.name}`,
      '  static_configs:',
      `    - targets: ['127.0.0.1:${s.port}']`,
    ]),
  });
  return files;
}
