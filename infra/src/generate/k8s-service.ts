// A service's Kubernetes objects (deploy/k8s/base/services/<name>.yaml): its Deployment with the environment
// of its settings, probes and resources, its Service, its PodDisruptionBudget and, when it scales by load,
// its HorizontalPodAutoscaler.
import { HEALTH_PATHS, natsUser } from '@hhp/proto/services';
import { METRICS_PATH, PROBES } from '@hhp/proto/service-deploy';
import { settingComment, type GeneratedService } from './generated-service.js';
import { header, indent, q } from './generated-text.js';

function k8sEnv(service: GeneratedService): string[] {
  const secrets = `${service.name}-secrets`;
  const config = (name: string, key = name) => [
    `- name: ${name}`,
    '  valueFrom:',
    '    configMapKeyRef:',
    '      name: portal-config',
    `      key: ${key}`,
  ];
  const secret = (name: string, optional = false) => [
    `- name: ${name}`,
    '  valueFrom:',
    '    secretKeyRef:',
    `      name: ${secrets}`,
    `      key: ${name}`,
    ...(optional ? ['      optional: true'] : []),
  ];
  const value = (name: string, v: string) => [`- name: ${name}`, `  value: ${q(v)}`];
  const lines = [
    ...value('SERVICE', service.name),
    ...value('HOST', '0.0.0.0'),
    ...value('PORT', String(service.port)),
    ...value('NATS_URL', 'nats://nats:4222'),
    ...config('LOG_LEVEL'),
    ...config('TRUSTED_PROXIES'),
    ...config('LOAD_TEST_ALLOWLIST'),
    ...config('OTEL_EXPORTER_OTLP_ENDPOINT'),
    ...secret('MONGODB_URI'),
    ...value('NATS_USER', natsUser(service.name)),
    ...secret('NATS_PASSWORD'),
  ];
  for (const s of service.deploy.settings) {
    lines.push(...settingComment(s));
    if ('secret' in s) lines.push(...secret(s.name, s.optional));
    else if ('config' in s) lines.push(...config(s.name, s.key));
    else lines.push(...value(s.name, s.value));
  }
  return lines;
}

/** The head of one of a service's objects: its API version, kind, name and labels. */
const objectHead = (apiVersion: string, kind: string, name: string, labels: readonly string[]) => [
  `apiVersion: ${apiVersion}`,
  `kind: ${kind}`,
  'metadata:',
  `  name: ${name}`,
  '  labels:',
  ...indent(labels, 4),
];

/** A probe on one of the kit's health routes, with its timings (PROBES) in their order. */
const probe = (kind: string, path: string, timings: Readonly<Record<string, number>>) => [
  `${kind}:`,
  '  httpGet:',
  `    path: ${path}`,
  '    port: http',
  ...Object.entries(timings).map(([key, value]) => `  ${key}: ${value}`),
];

export function k8sService(service: GeneratedService): string {
  const { name, port, deploy } = service;
  const { resources: r, scaling } = deploy;
  const labels = [`app.kubernetes.io/name: ${name}`, 'app.kubernetes.io/component: service'];
  const replicas =
    'replicas' in scaling
      ? [`  replicas: ${scaling.replicas.dev}`]
      : [
          '  # No `replicas`: the HorizontalPodAutoscaler below owns the count, and a count written here would reset a',
          `  # scaled-out ${name} at every \`kubectl apply\` (scripts/check-k8s.mjs fails on one).`,
        ];
  const deployment = [
    header(),
    `# ${name}: ${deploy.summary}`,
    "# The image and every environment name are docker-compose.yml's for the same service (scripts/check-k8s.mjs);",
    `# the secret values come from the Secret ${name}-secrets (deploy/README.md, "Secrets"), never from here.`,
    ...objectHead('apps/v1', 'Deployment', name, labels),
    'spec:',
    ...replicas,
    '  revisionHistoryLimit: 5',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    '  strategy:',
    '    type: RollingUpdate',
    '    rollingUpdate:',
    '      maxSurge: 1',
    '      maxUnavailable: 0',
    '  template:',
    '    metadata:',
    '      labels:',
    ...indent(labels, 8),
    '      annotations:',
    "        prometheus.io/scrape: 'true'",
    `        prometheus.io/port: '${port}'`,
    `        prometheus.io/path: ${METRICS_PATH}`,
    '    spec:',
    '      automountServiceAccountToken: false',
    '      enableServiceLinks: false',
    `      terminationGracePeriodSeconds: ${deploy.terminationGracePeriodSeconds ?? 30}`,
    '      securityContext:',
    '        runAsNonRoot: true',
    '        runAsUser: 1000',
    '        runAsGroup: 1000',
    '        fsGroup: 1000',
    '        seccompProfile:',
    '          type: RuntimeDefault',
    '      containers:',
    `        - name: ${name}`,
    `          image: hhp-${deploy.image}:local`,
    '          imagePullPolicy: IfNotPresent',
    '          ports:',
    '            - name: http',
    `              containerPort: ${port}`,
    '              protocol: TCP',
    '          env:',
    ...indent(k8sEnv(service), 12),
    ...indent(probe('startupProbe', HEALTH_PATHS.live, PROBES.startup), 10),
    ...indent(probe('livenessProbe', HEALTH_PATHS.live, PROBES.liveness), 10),
    ...indent(probe('readinessProbe', HEALTH_PATHS.ready, PROBES.readiness), 10),
    '          # The endpoints controller takes the pod out of the Service before the process hears SIGTERM.',
    '          lifecycle:',
    '            preStop:',
    '              sleep:',
    `                seconds: ${PROBES.preStopSleepSeconds}`,
    ...(r.note ?? []).map((l) => `          # ${l}`),
    '          resources:',
    '            requests:',
    `              cpu: ${r.cpu.request}`,
    `              memory: ${r.memory.request}`,
    `              ephemeral-storage: ${r.ephemeral.request}`,
    '            limits:',
    `              cpu: '${r.cpu.limit}'`,
    `              memory: ${r.memory.limit}`,
    `              ephemeral-storage: ${r.ephemeral.limit}`,
    '          securityContext:',
    '            allowPrivilegeEscalation: false',
    '            readOnlyRootFilesystem: true',
    '            capabilities:',
    '              drop: [ALL]',
    '          volumeMounts:',
    '            - name: tmp',
    '              mountPath: /tmp',
    '      volumes:',
    '        - name: tmp',
    '          emptyDir:',
    `            sizeLimit: ${r.ephemeral.tmp}`,
  ];
  const svc = [
    ...objectHead('v1', 'Service', name, labels),
    'spec:',
    '  selector:',
    `    app.kubernetes.io/name: ${name}`,
    '  ports:',
    '    - name: http',
    `      port: ${port}`,
    '      targetPort: http',
    '      protocol: TCP',
  ];
  const pdb = [
    `# Draining a node evicts at most one pod of ${name} at a time; with one replica the eviction is allowed`,
    '# (a rolling restart elsewhere), with two or more one always serves.',
    ...objectHead('policy/v1', 'PodDisruptionBudget', name, [`app.kubernetes.io/name: ${name}`]),
    'spec:',
    '  maxUnavailable: 1',
    '  # A pod that is not ready serves no one: evicting it never costs the budget, and a drain is not stuck',
    '  # behind a crash-looping pod.',
    '  unhealthyPodEvictionPolicy: AlwaysAllow',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
  ];
  const docs = [deployment, svc, pdb];
  if ('autoscaler' in scaling) {
    const a = scaling.autoscaler;
    docs.push([
      ...a.note.map((l) => `# ${l}`),
      ...objectHead('autoscaling/v2', 'HorizontalPodAutoscaler', name, [`app.kubernetes.io/name: ${name}`]),
      'spec:',
      '  scaleTargetRef:',
      '    apiVersion: apps/v1',
      '    kind: Deployment',
      `    name: ${name}`,
      `  minReplicas: ${a.min}`,
      `  maxReplicas: ${a.max}`,
      '  metrics:',
      '    - type: Resource',
      '      resource:',
      '        name: cpu',
      '        target:',
      '          type: Utilization',
      `          averageUtilization: ${a.cpuUtilization}`,
      '  behavior:',
      '    scaleUp:',
      '      stabilizationWindowSeconds: 0',
      '      policies:',
      '        - type: Pods',
      '          value: 2',
      '          periodSeconds: 30',
      '    scaleDown:',
      '      stabilizationWindowSeconds: 300',
      '      policies:',
      '        - type: Pods',
      '          value: 1',
      '          periodSeconds: 60',
    ]);
  }
  return docs.map((d) => d.join('\n')).join('\n---\n') + '\n';
}
