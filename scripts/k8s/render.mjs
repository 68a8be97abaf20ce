// deploy/k8s rendered as deploy/README.md says (kustomize, the load restrictor lifted) from a scratch copy with
// throw-away dev secrets, and validated offline against the Kubernetes schemas (kubernetes-validate, strict).
// Used by scripts/check-k8s.mjs and scripts/check-ops.mjs (kube-score renders the same overlays).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const kustomize = path.join(root, '.tools', 'bin', 'kustomize');
export const venv = path.join(root, '.tools', 'k8s-venv', 'bin');
export const composeSpec = path.join(root, '.tools', 'bin', 'compose-spec');
export const KUBERNETES_VERSION = '1.37.0';
// ai-query's metrics module: the adapter's rule may read only a series it declares (staged with the rest).
export const AI_METRICS = 'services/ai-query/src/metrics.ts';
export const KUSTOMIZATIONS = ['deploy/k8s/overlays/dev', 'deploy/k8s/overlays/prod', 'deploy/k8s/prometheus-adapter'];
// What deploy/k8s generates ConfigMaps from (kustomize, with the load restrictor lifted).
export const SOURCES = ['nginx.conf', 'infra/nats/auth.conf', 'infra/mongo/create-users.js', AI_METRICS];
// The image's own variable (its CMD runs services/${SERVICE}/dist/main.js), read by no config schema.
export const IMAGE_VARIABLES = ['SERVICE'];
export const SECRET_LIKE = /PASSWORD|SECRET|_KEY$|TOKEN|^MONGODB_URI$|^SMTP_URL$|^VOICE_ICE_SERVERS$/;

export function fail(message) {
  console.error(`deploy/k8s: ${message}`);
  process.exit(1);
}

export function run(command, args, { input, cwd = root } = {}) {
  const result = spawnSync(command, args, { cwd, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? result.error?.message ?? '' };
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

export function renderAndValidate(dir, kustomization) {
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
