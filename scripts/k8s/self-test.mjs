// The check's self-test: breakages each of which must fail it, so that the layer proves it would catch them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AI_METRICS, root, stage } from './render.mjs';

/** Breakages each of which must fail the check: the layer proves it would catch them. */
export const BREAKAGES = [
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
    edit: (text) => text.replace("'ai_questions_in_flight'", "'ai_questions_now'"),
    expect: /the rule reads ai_questions_in_flight, which ai-query's metrics module .* does not declare/,
  },
];

/**
 * Each breakage in a staged copy of its own, checked by a child process (`checker --staged <dir>`, which prints
 * the problems as JSON), three at a time: the number not caught.
 */
export async function selfTest(checker) {
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
    const child = spawn(process.execPath, [checker, '--staged', dir, ...only], { cwd: root });
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
