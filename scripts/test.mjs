// The whole suite, every layer in turn, ending with one line `N passed, N failed`.
// A check that is not a test runner (typecheck, lint, …) counts as one test. Later layers still run
// after a failure, so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit integration`
const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
// The names of what failed (and of e2e tests that passed only on a retry), printed after the summary: CI keeps
// only the end of a run's output.
const failures = [];

function run(command, args, env = {}) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function record(layer, passed, failed, seconds, skipped = 0, flaky = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  summary.push(
    `${layer.padEnd(12)} ${passed} passed${flaky ? ` (${flaky} of them on a retry)` : ''}, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`,
  );
}

function step(layer, command, args, env) {
  if (only.length && !only.includes(layer)) return;
  console.log(`\n=== ${layer}: ${command} ${args.join(' ')}`);
  const { ok, seconds } = run(command, args, env);
  if (!ok) failures.push(`${layer}: the check failed; its output is under "=== ${layer}" above`);
  record(layer, ok ? 1 : 0, ok ? 0 : 1, seconds);
}

function jest(layer) {
  if (only.length && !only.includes(layer)) return;
  const out = path.join(results, `jest-${layer}.json`);
  rmSync(out, { force: true });
  console.log(`\n=== ${layer}: jest --selectProjects ${layer}`);
  const { ok, seconds } = run(process.execPath, [
    '--experimental-vm-modules',
    '--no-warnings=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--selectProjects',
    layer,
    '--json',
    `--outputFile=${out}`,
    // A suite whose test failed half-way can leave a handle open (a service still reconnecting to a server the
    // test stopped): the results are written, and the run goes on rather than wait for CI's deadline.
    '--forceExit',
  ]);
  if (!existsSync(out)) return record(layer, 0, 1, seconds);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  // A suite that fails to load has no tests of its own: count it as one failure.
  const brokenSuites = report.numRuntimeErrorTestSuites ?? 0;
  const failed = report.numFailedTests + brokenSuites + (ok || report.numFailedTests || brokenSuites ? 0 : 1);
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    if (suite.testExecError || (suite.status === 'failed' && !suite.assertionResults?.length))
      failures.push(`${layer}: ${file}: ${firstLine(suite.testExecError?.message ?? suite.message)}`);
    for (const test of suite.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(`${layer}: ${file}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  record(layer, report.numPassedTests, failed, seconds, report.numPendingTests);
}

function playwright(layer) {
  if (only.length && !only.includes(layer)) return;
  const out = path.join(results, 'e2e.json');
  rmSync(out, { force: true });
  console.log(`\n=== ${layer}: playwright test`);
  // One retry: a browser flow that fails once on a loaded machine and passes again is reported as flaky, by
  // name, below the summary, and does not fail the run; one that fails twice does. (`playwright test` run by
  // hand retries nothing: playwright.config.ts.)
  const { ok, seconds } = run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '--retries=1'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  if (!existsSync(out)) return record(layer, 0, 1, seconds);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const { stats } = report;
  for (const { file, title, outcome, error } of playwrightTests(report.suites))
    if (outcome === 'unexpected' || outcome === 'flaky')
      failures.push(`${layer}: ${file}: ${title} (${outcome}): ${firstLine(error)}`);
  for (const error of report.errors ?? []) failures.push(`${layer}: ${firstLine(error.message)}`);
  const failed = stats.unexpected + (ok || stats.unexpected ? 0 : 1);
  record(layer, stats.expected + stats.flaky, failed, seconds, stats.skipped, stats.flaky);
}

/** Every test of a Playwright JSON report, with its file, full title, outcome and first error. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    const path_ = suite.file ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const error = test.results?.flatMap((r) => r.errors ?? []).find((e) => e.message)?.message;
        yield {
          file: spec.file,
          title: [...path_, spec.title].filter(Boolean).join(' › '),
          outcome: test.status,
          error,
        };
      }
    yield* playwrightTests(suite.suites, suite.file ? [] : path_);
  }
}

function firstLine(text = '') {
  // eslint-disable-next-line no-control-regex -- the reporters colour their messages
  const plain = String(text).replace(/\u001b\[[0-9;]*m/g, '');
  return (
    plain
      .split('\n')
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

/** Counts a JUnit report's test cases: those with a failure or error, the others. */
function junitCases(file) {
  const cases = readFileSync(file, 'utf8').match(/<testcase\b[^>]*?(\/>|>[\s\S]*?<\/testcase>)/g) ?? [];
  const failing = cases.filter((c) => /<(failure|error)\b/.test(c));
  const failed = failing.length;
  for (const c of failing) failures.push(`${path.basename(file)}: ${/\bname="([^"]*)"/.exec(c)?.[1] ?? '?'}`);
  // schemathesis adds one case for its stateful phase's chains, which is no operation of the document.
  const operations = cases.filter((c) => !/\bname="Stateful tests"/.test(c)).length;
  return { cases: cases.length, failed, operations };
}

/** schemathesis (scripts/api-test.mjs): one test per API operation; those it did not test are skipped. */
function api(layer) {
  if (only.length && !only.includes(layer)) return;
  const out = path.join(results, 'api-junit.xml');
  rmSync(out, { force: true });
  console.log(`\n=== ${layer}: node scripts/api-test.mjs`);
  const { ok, seconds } = run(process.execPath, ['scripts/api-test.mjs', '--junit', out]);
  if (!existsSync(out)) return record(layer, 0, 1, seconds);
  const { cases, failed, operations: tested } = junitCases(out);
  const { paths } = JSON.parse(readFileSync(path.join(root, 'proto', 'openapi.json'), 'utf8'));
  const operations = Object.values(paths).reduce((n, item) => n + Object.keys(item).length, 0);
  record(layer, cases - failed, failed + (ok || failed ? 0 : 1), seconds, operations - tested);
}

/** The bad-input corpus (scripts/bad-input.mjs): one test per API operation, one for the /api paths none has. */
function probe(layer) {
  if (only.length && !only.includes(layer)) return;
  const out = path.join(results, 'bad-input-junit.xml');
  rmSync(out, { force: true });
  console.log(`\n=== ${layer}: node scripts/bad-input.mjs`);
  const { ok, seconds } = run(process.execPath, ['scripts/bad-input.mjs', '--junit', out]);
  if (!existsSync(out)) return record(layer, 0, 1, seconds);
  const { cases, failed } = junitCases(out);
  record(layer, cases - failed, failed + (ok || failed ? 0 : 1), seconds);
}

const npx = path.join(root, 'node_modules', '.bin');
step('typecheck', path.join(npx, 'tsc'), ['-b']);
step('openapi', process.execPath, ['proto/dist/openapi/generate.js', '--check']);
step('lint', path.join(npx, 'eslint'), ['.', '--max-warnings=0']);
step('format', path.join(npx, 'prettier'), ['--check', '--log-level=warn', '.']);
step('compose', process.execPath, ['scripts/check-compose.mjs']);
step('k8s', process.execPath, ['scripts/check-k8s.mjs']);
step('build', 'npm', ['run', 'build', '-w', '@hhp/frontend', '--silent']);
step('bundle', process.execPath, ['scripts/bench/bundle-size.mjs', '--max-home-kb', '120']);
step('rules', process.execPath, ['scripts/check-rules.mjs']);
// The linters operators run on deploy/, the rules, the OpenAPI document, the scripts and nginx.conf.
step('ops', process.execPath, ['scripts/check-ops.mjs']);
jest('unit');
jest('integration');
playwright('e2e');
api('api');
probe('probe');
// Every script of the k6 kit, smoke profile (scripts/load-test.mjs, infra/k6/README.md).
step('load', process.execPath, ['scripts/load-test.mjs', '--guests', '60']);

console.log('\n=== summary');
for (const line of summary) console.log(line);
if (failures.length)
  console.log(`\nwhat failed (or passed only on a retry):\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
