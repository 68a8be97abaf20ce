// The `rules` layer of `npm test`: promtool (built by scripts/bootstrap.d/prometheus.sh) checks the Prometheus
// configuration and the rule files of deploy/observability/prometheus, then runs every alert's unit test
// (tests/*.yml). A rule that does not parse, a configuration that names a missing rule file, or an alert that
// does not fire (or fires) where its test says fails the layer. Whether the rules and dashboards name only
// metrics the services really export is checked against a live scrape by
// infra/test/integration/observability.test.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const promtool = path.join(root, '.tools', 'bin', 'promtool');
const dir = path.join(root, 'deploy', 'observability', 'prometheus');

if (!existsSync(promtool)) {
  console.error(`promtool is not installed at ${promtool}: run \`npm run bootstrap\``);
  process.exit(1);
}

const yamlIn = (sub) =>
  readdirSync(path.join(dir, sub))
    .filter((name) => name.endsWith('.yml'))
    .map((name) => path.join(sub, name))
    .sort();

const rules = yamlIn('rules');
const tests = yamlIn('tests');
const checks = [
  ['check', 'config', 'prometheus.yml'],
  ['check', 'rules', '--lint=all', '--lint-fatal', ...rules],
  ['test', 'rules', ...tests],
];

let failed = 0;
for (const args of checks) {
  console.log(`promtool ${args.join(' ')}`);
  const { status } = spawnSync(promtool, args, { cwd: dir, stdio: 'inherit' });
  if (status !== 0) failed += 1;
}
if (rules.length === 0 || tests.length === 0) {
  console.error('no rule files or no rule tests found');
  failed += 1;
}
console.log(
  failed ? `rules: ${failed} of ${checks.length} checks failed` : `rules: all ${checks.length} checks passed`,
);
process.exit(failed ? 1 : 0);
