// The staged overlays applied to a throw-away kube-apiserver in a server-side dry run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverDryRun, startApiServer } from '../lib/apiserver.mjs';
import { KUSTOMIZATIONS, root } from './render.mjs';

/**
 * What only a real API server knows: each overlay applied to a throw-away kube-apiserver (lib/apiserver.mjs) with
 * `--dry-run=server --validate=strict`, which runs defaulting, every kind's validation and admission without
 * storing anything. Every refusal and every warning is a problem. Then one breakage the schemas let through and
 * the server must refuse (a Deployment whose selector does not match its pods' labels), so the step cannot pass
 * by accepting nothing.
 */
export async function serverDryRuns(dir, rendered) {
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
