// deploy/observability against the real services: the whole stack on free ports (payments against
// stripe-mock, so its counters exist; two ai-query replicas), every /metrics and nginx-prometheus-exporter on
// nginx's stub_status scraped, and every PromQL expression of the rules, the alerts and the Grafana dashboards
// parsed by promtool and held to the names those scrapes export (or the rules record, or Prometheus makes).
// Then `npm run observe` (scripts/observe.mjs) is run against the stack: Prometheus must scrape every target.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@hhp/proto/services';
import { freePort, repoRoot, waitFor } from '../../src/dev-servers.js';
import { startStack, type Stack } from '../../src/launcher/stack.js';
import { startStripeMock } from '../../src/testing/stripe-mock.js';

const tools = path.join(repoRoot, '.tools', 'bin');
const observability = path.join(repoRoot, 'deploy', 'observability');
const rulesDir = path.join(observability, 'prometheus', 'rules');
const dashboardsDir = path.join(observability, 'grafana', 'dashboards');

/** Series Prometheus makes itself, not any target. */
const PROMETHEUS_OWN = new Set(['up', 'ALERTS', 'ALERTS_FOR_STATE']);

/** PromQL words that look like names: aggregations, keywords and modifiers. */
const NOT_METRICS = new Set([
  ...['sum', 'min', 'max', 'avg', 'count', 'stddev', 'stdvar', 'topk', 'bottomk', 'quantile', 'count_values'],
  ...['group', 'limitk', 'limit_ratio', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right'],
  ...['and', 'or', 'unless', 'bool', 'offset', 'atan2', 'inf', 'nan', 'start', 'end'],
]);

/** The metric names an expression reads: strings, matchers, ranges and label lists out, then every name not
 * called as a function and not a PromQL word. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/(?<![\w:.])([A-Za-z_:][\w:]*)(?!\w|\s*\()/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => !NOT_METRICS.has(n)))];
}

/** Every name a /metrics text exports: its samples, and each family of its TYPE lines (a histogram's
 * _bucket, _sum and _count even before its first observation). */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) {
      const [, name, kind] = type;
      names.add(name!);
      if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
      if (kind === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
    } else if (line && !line.startsWith('#')) names.add(/^[^{\s]+/.exec(line)![0]);
  }
  return names;
}

/** The expressions of the rule files (each written on one line) and the names they record. */
function ruleExpressions(): { file: string; expr: string }[] {
  return readdirSync(rulesDir).flatMap((name) => {
    const text = readFileSync(path.join(rulesDir, name), 'utf8');
    const exprs = [...text.matchAll(/^\s*expr:\s*(.*)$/gm)].map((m) => m[1]!.trim());
    for (const expr of exprs) if (/^[|>]/.test(expr)) throw new Error(`${name}: write each expr on one line`);
    return exprs.map((expr) => ({ file: `rules/${name}`, expr }));
  });
}
const recordedNames = () =>
  new Set(
    readdirSync(rulesDir).flatMap((name) =>
      [...readFileSync(path.join(rulesDir, name), 'utf8').matchAll(/^\s*- record:\s*(\S+)/gm)].map((m) => m[1]!),
    ),
  );

function dashboardExpressions(): { file: string; expr: string }[] {
  return readdirSync(dashboardsDir).flatMap((name) => {
    const dashboard = JSON.parse(readFileSync(path.join(dashboardsDir, name), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    return dashboard.panels.flatMap((p) => p.targets.map(({ expr }) => ({ file: `${name}: ${p.title}`, expr })));
  });
}

function startExporter(nginxPort: number, port: number): ChildProcess {
  return spawn(
    path.join(tools, 'nginx-prometheus-exporter'),
    [`--nginx.scrape-uri=http://127.0.0.1:${nginxPort}/nginx_status`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  );
}

const text = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(5000) })).text();

describe('deploy/observability against a live scrape', () => {
  let stack: Stack;
  let dataDir: string;
  let stripeMock: Awaited<ReturnType<typeof startStripeMock>>;
  let exporter: ChildProcess | undefined;
  let exporterUrl: string;
  const scraped = new Map<string, Set<string>>();

  beforeAll(async () => {
    for (const tool of ['promtool', 'prometheus', 'nginx-prometheus-exporter'])
      if (!existsSync(path.join(tools, tool))) throw new Error(`${tool} is not in .tools/bin: npm run bootstrap`);
    stripeMock = await startStripeMock();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hhp-observe-'));
    stack = await startStack({
      dataDir,
      port: 0,
      ports: 'free',
      throwawayData: true,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        AI_QUERY_REPLICAS: '2',
        STRIPE_SECRET_KEY: 'sk_test_observability',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_observability',
        STRIPE_WEBHOOK_SECRET: 'whsec_observability',
        STRIPE_API_URL: stripeMock.url,
      },
      output: { log: () => undefined, error: () => undefined },
    });
    const exporterPort = await freePort();
    exporterUrl = `http://127.0.0.1:${exporterPort}/metrics`;
    exporter = startExporter(stack.port, exporterPort);
    await waitFor('nginx-prometheus-exporter', async () => (await text(exporterUrl)).includes('nginx_up 1'), {
      timeoutMs: 15_000,
    });
    for (const service of stack.services)
      scraped.set(service.instance, exportedNames(await text(`${service.url}/metrics`)));
    scraped.set('nginx-prometheus-exporter', exportedNames(await text(exporterUrl)));
  }, 180_000);

  afterAll(async () => {
    exporter?.kill('SIGTERM');
    await stack?.stop();
    await stripeMock?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  test('when nginx is asked for /nginx_status from loopback, then the exporter reads its counters', async () => {
    const metrics = await text(exporterUrl);
    expect(metrics).toMatch(/^nginx_up 1$/m);
    expect(metrics).toMatch(/^nginx_connections_active \d+$/m);
    expect(metrics).toMatch(/^nginx_http_requests_total \d+$/m);
  });

  test('when every service is scraped, then each exports the kit metrics the rules rely on', () => {
    for (const [instance, names] of scraped) {
      if (instance === 'nginx-prometheus-exporter') continue;
      for (const name of ['http_request_duration_seconds_bucket', 'service_ready', 'service_readiness_changes_total'])
        expect([instance, names.has(name)]).toEqual([instance, true]);
    }
    expect(scraped.get('ai-query#2')?.has('ai_quota_store_seconds_bucket')).toBe(true);
    expect(scraped.get('booking')?.has('events_outbox_lag_seconds')).toBe(true);
    expect(scraped.get('booking')?.has('events_consumer_pending')).toBe(true);
    expect(scraped.get('payments')?.has('payments_webhooks_total')).toBe(true);
  });

  test('when every rule, alert and dashboard query is parsed, then it names only exported or recorded metrics', () => {
    const known = new Set([...PROMETHEUS_OWN, ...recordedNames(), ...[...scraped.values()].flatMap((s) => [...s])]);
    const expressions = [...ruleExpressions(), ...dashboardExpressions()];
    expect(expressions.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const { file, expr } of expressions) {
      const parsed = spawnSync(path.join(tools, 'promtool'), ['--experimental', 'promql', 'format', expr], {
        encoding: 'utf8',
      });
      if (parsed.status !== 0) problems.push(`${file}: does not parse: ${expr}: ${parsed.stderr.trim()}`);
      for (const name of metricNames(expr)) if (!known.has(name)) problems.push(`${file}: unknown metric ${name}`);
    }
    expect(problems).toEqual([]);
  });

  test('when a query names a metric nobody exports, then the check finds it', () => {
    expect(metricNames('sum by (service) (rate(http_request_duration_seconds_count{route!~"/x"}[5m])) / up')).toEqual([
      'http_request_duration_seconds_count',
      'up',
    ]);
    expect(
      metricNames('histogram_quantile(0.99, sum by (le) (rate(ai_quota_stor_seconds_bucket[5m]))) > bool 1'),
    ).toEqual(['ai_quota_stor_seconds_bucket']);
    expect(metricNames('max without (instance) (service:x:rate5m) or on (a) vector(0) offset 5m')).toEqual([
      'service:x:rate5m',
    ]);
  });

  test('when the dashboards are compared with their generator, then they are what it writes', () => {
    const check = spawnSync(process.execPath, [path.join(observability, 'grafana', 'generate.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  test('when `npm run observe` runs against the stack, then Prometheus scrapes every target and loads the rules', async () => {
    const observe = spawn(process.execPath, ['scripts/observe.mjs', '--port', '0', '--data-dir', dataDir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    observe.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    observe.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor('observe', async () => /Prometheus: http:\/\/127\.0\.0\.1:\d+/.test(output), {
        timeoutMs: 30_000,
      });
      const address = /Prometheus: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      type Targets = { data: { activeTargets: { labels: { job: string }; health: string }[] } };
      let targets: Targets['data']['activeTargets'] = [];
      await waitFor(
        'every target up',
        async () => {
          const answer = (await (await fetch(`${address}/api/v1/targets`)).json()) as Targets;
          targets = answer.data.activeTargets;
          return targets.length > 0 && targets.every((t) => t.health === 'up');
        },
        { timeoutMs: 45_000 },
      );
      const jobs = targets.map((t) => t.labels.job).sort();
      // Every service of the manifest (ai-query twice: AI_QUERY_REPLICAS above), nginx and Prometheus itself.
      expect(jobs).toEqual([...SERVICE_NAMES, 'ai-query', 'nginx', 'prometheus'].sort());
      const rules = (await (await fetch(`${address}/api/v1/rules`)).json()) as { data: { groups: unknown[] } };
      expect(rules.data.groups.length).toBeGreaterThanOrEqual(8);
      // The web UI is built in, not a blank page.
      expect(await text(`${address}/query`)).toContain('<div id="root">');
    } finally {
      observe.kill('SIGTERM');
      await new Promise((resolve) => (observe.exitCode === null ? observe.once('exit', resolve) : resolve(null)));
    }
  }, 120_000);
});
