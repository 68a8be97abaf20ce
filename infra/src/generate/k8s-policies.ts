// The NetworkPolicies (deploy/k8s/base/policies/services.yaml): nginx to the services' ports, the services
// from nginx and Prometheus and out to NATS, and each kind of egress for the services that need it.
import type { Egress } from '@hhp/proto/service-deploy';
import { portsOf, type GeneratedService } from './generated-service.js';
import { header, indent } from './generated-text.js';

const EGRESS: Record<Egress, { comment: string[]; rule: string[] }> = {
  'model-api': {
    comment: [
      'asks the model (OpenAI or OPENAI_BASE_URL): HTTPS and WSS out of the cluster, nowhere inside it. A model',
      'served inside the cluster (OPENAI_BASE_URL on a private address) needs a policy of its own to its pods.',
    ],
    rule: publicHttps(),
  },
  stripe: { comment: ["calls Stripe's API over HTTPS."], rule: publicHttps() },
  smtp: {
    comment: ['sends e-mail (SMTP_URL): submission and SMTPS ports of the relay.'],
    rule: ['- ports:', ...[25, 465, 587].flatMap((p) => ['    - protocol: TCP', `      port: ${p}`])],
  },
};

function publicHttps(): string[] {
  return [
    '- to:',
    '    - ipBlock:',
    '        cidr: 0.0.0.0/0',
    '        except: [10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 169.254.0.0/16]',
    '  ports:',
    '    - protocol: TCP',
    '      port: 443',
  ];
}

/** The ports of the services as one NetworkPolicy port entry (a range when they are consecutive). */
function servicePortRule(services: readonly GeneratedService[]): string[] {
  const ports = [...portsOf(services)].sort((a, b) => a - b);
  const consecutive = ports.every((p, i) => i === 0 || p === ports[i - 1]! + 1);
  if (consecutive && ports.length > 1) return ['- protocol: TCP', `  port: ${ports[0]}`, `  endPort: ${ports.at(-1)}`];
  return ports.flatMap((p) => ['- protocol: TCP', `  port: ${p}`]);
}

export function k8sPolicies(services: readonly GeneratedService[]): string {
  const ports = servicePortRule(services);
  const web = [
    "# nginx: visitors in on 8080, Prometheus on the exporter's 9113; out to the services' ports only.",
    'apiVersion: networking.k8s.io/v1',
    'kind: NetworkPolicy',
    'metadata:',
    '  name: web',
    'spec:',
    '  podSelector:',
    '    matchLabels:',
    '      app.kubernetes.io/name: web',
    '  policyTypes: [Ingress, Egress]',
    '  ingress:',
    '    - ports:',
    '        - protocol: TCP',
    '          port: 8080',
    '    - from:',
    '        - namespaceSelector:',
    '            matchLabels:',
    '              kubernetes.io/metadata.name: monitoring',
    '      ports:',
    '        - protocol: TCP',
    '          port: 9113',
    '  egress:',
    '    - to:',
    '        - podSelector:',
    '            matchLabels:',
    '              app.kubernetes.io/component: service',
    '      ports:',
    ...indent(ports, 8),
  ];
  const svc = [
    '# The services: their HTTP port from nginx and from Prometheus; out to NATS.',
    'apiVersion: networking.k8s.io/v1',
    'kind: NetworkPolicy',
    'metadata:',
    '  name: services',
    'spec:',
    '  podSelector:',
    '    matchLabels:',
    '      app.kubernetes.io/component: service',
    '  policyTypes: [Ingress, Egress]',
    '  ingress:',
    '    - from:',
    '        - podSelector:',
    '            matchLabels:',
    '              app.kubernetes.io/name: web',
    '        - namespaceSelector:',
    '            matchLabels:',
    '              kubernetes.io/metadata.name: monitoring',
    '      ports:',
    ...indent(ports, 8),
    '  egress:',
    '    - to:',
    '        - podSelector:',
    '            matchLabels:',
    '              app.kubernetes.io/name: nats',
    '      ports:',
    '        - protocol: TCP',
    '          port: 4222',
  ];
  const docs = [web, svc];
  for (const kind of Object.keys(EGRESS) as Egress[]) {
    const names = services.filter((s) => s.deploy.egress.includes(kind)).map((s) => s.name);
    if (names.length === 0) continue;
    const { comment, rule } = EGRESS[kind];
    docs.push([
      `# ${names.join(', ')}: ${comment[0]}`,
      ...comment.slice(1).map((l) => `# ${l}`),
      'apiVersion: networking.k8s.io/v1',
      'kind: NetworkPolicy',
      'metadata:',
      `  name: ${kind}-egress`,
      'spec:',
      '  podSelector:',
      ...(names.length === 1
        ? ['    matchLabels:', `      app.kubernetes.io/name: ${names[0]}`]
        : [
            '    matchExpressions:',
            '      - key: app.kubernetes.io/name',
            '        operator: In',
            `        values: [${names.join(', ')}]`,
          ]),
      '  policyTypes: [Egress]',
      '  egress:',
      ...indent(rule, 4),
    ]);
  }
  return (
    [
      header(),
      ...docs
        .map((d) => d.join('\n'))
        .join('\n---\n')
        .split('\n'),
    ].join('\n') + '\n'
  );
}
