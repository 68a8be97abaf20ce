// The `rules` layer of `npm test`: promtool (built by scripts/bootstrap.d/ops-prometheus.sh) checks the Prometheus
// configuration and the rule files of deploy/observability/prometheus, then runs every alert's unit test
// (tests/*.yml). A rule that does not parse, a configuration that names a missing rule file, or an alert that
// does not fire (or fires) where its test says fails the layer; so does a check that passes a copy broken on
// purpose (a rule that does not parse, an alert threshold moved). Whether the rules and dashboards name only
// metrics the services really export is checked against a live scrape by
// infra/test/integration/observability.test.ts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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

// The checks must be able to fail: on a copy, a rule that does not parse must fail `check rules`, and an alert
// whose threshold moved must fail its test.
const breakages = [
  {
    what: 'an expression that does not parse',
    file: 'rules/hhp.alerts.yml',
    from: /expr: up\{job=~"[^"]*"\} == 0/,
    to: 'expr: up{job="crisis"} ==',
    args: ['check', 'rules', ...rules],
  },
  {
    what: 'an alert whose threshold moved (OutboxLagging at 2 h, not 2 min)',
    file: 'rules/hhp.alerts.yml',
    from: 'max by (service, outbox) (events_outbox_lag_seconds) > 120',
    to: 'max by (service, outbox) (events_outbox_lag_seconds) > 7200',
    args: ['test', 'rules', ...tests],
  },
];
for (const breakage of breakages) {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'hhp-rules-'));
  try {
    cpSync(dir, copy, { recursive: true });
    const file = path.join(copy, breakage.file);
    const text = readFileSync(file, 'utf8');
    const broken = text.replace(breakage.from, breakage.to);
    if (broken === text) throw new Error(`${breakage.file} no longer has what the check breaks (${breakage.what})`);
    writeFileSync(file, broken);
    const { status } = spawnSync(promtool, breakage.args, { cwd: copy, stdio: 'ignore' });
    if (status === 0) {
      console.error(`promtool ${breakage.args[0]} ${breakage.args[1]} passed ${breakage.what}: it cannot fail`);
      failed += 1;
    } else console.log(`promtool ${breakage.args[0]} ${breakage.args[1]} fails ${breakage.what}, as it must`);
  } catch (error) {
    console.error(error.message);
    failed += 1;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
const total = checks.length + breakages.length;
console.log(failed ? `rules: ${failed} of ${total} checks failed` : `rules: all ${total} checks passed`);
process.exit(failed ? 1 : 0);
