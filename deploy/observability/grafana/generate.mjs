// Writes the Grafana dashboards of dashboards/ (one overview, one per service of the manifest) from the panel
// lists below, so that the files share one layout and one datasource variable. Run after changing a panel:
//   node deploy/observability/grafana/generate.mjs            (--check: only compare)
// Every query names only metrics the services export (or the recording rules of ../prometheus/rules, or
// Prometheus's own `up` and `ALERTS`): infra/test/integration/observability.test.ts checks them against a
// live scrape, and that the files here are what this script writes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const here = path.dirname(fileURLToPath(import.meta.url));
const NOT_TRAFFIC = 'route!~"/healthz|/readyz|/metrics"';
const datasource = { type: 'prometheus', uid: '${datasource}' };

/** A panel: `exprs` are [query, legend] pairs; `unit` is Grafana's (s, percentunit, reqps, bytes, short). */
const panel = (title, exprs, { unit = 'short', type = 'timeseries', description } = {}) => ({
  title,
  type,
  exprs,
  unit,
  description,
});

function dashboard(uid, title, description, panels) {
  const width = 12;
  const height = 8;
  return {
    uid,
    title,
    description,
    tags: ['hhp'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    editable: true,
    refresh: '30s',
    time: { from: 'now-1h', to: 'now' },
    templating: {
      list: [
        {
          name: 'datasource',
          label: 'Prometheus',
          type: 'datasource',
          query: 'prometheus',
          current: {},
          hide: 0,
        },
      ],
    },
    annotations: { list: [] },
    links: [{ title: 'Holistic Health Portal', type: 'dashboards', tags: ['hhp'], asDropdown: true }],
    panels: panels.map((p, i) => ({
      id: i + 1,
      title: p.title,
      ...(p.description ? { description: p.description } : {}),
      type: p.type,
      datasource,
      gridPos: { x: (i % 2) * width, y: Math.floor(i / 2) * height, w: width, h: height },
      fieldConfig: { defaults: { unit: p.unit }, overrides: [] },
      options:
        p.type === 'stat'
          ? { reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false }, colorMode: 'background' }
          : { legend: { displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'multi' } },
      targets: p.exprs.map(([expr, legendFormat], j) => ({
        refId: String.fromCharCode(65 + j),
        datasource,
        expr,
        legendFormat,
      })),
    })),
  };
}

/** What every service's dashboard starts with: its traffic, errors, latency, readiness and process. */
function common(service) {
  const s = `service="${service}"`;
  return [
    panel(
      'Requests per second, by route',
      [[`sum by (route) (rate(http_request_duration_seconds_count{${s}, ${NOT_TRAFFIC}}[5m]))`, '{{route}}']],
      { unit: 'reqps' },
    ),
    panel(
      '5xx answers per second, by route and status',
      [
        [
          `sum by (route, status_code) (rate(http_request_duration_seconds_count{${s}, ${NOT_TRAFFIC}, status_code=~"5.."}[5m]))`,
          '{{route}} {{status_code}}',
        ],
      ],
      { unit: 'reqps' },
    ),
    panel('p99 latency, by route', [[`service_route:http_request_duration_seconds:p99_5m{${s}}`, '{{route}}']], {
      unit: 's',
    }),
    panel('Ready (1) or not (0), by instance and check', [
      [`service_ready{${s}}`, '{{instance}}'],
      [`service_readiness_check{${s}}`, '{{instance}} {{check}}'],
    ]),
    panel('Scraped (up), by instance', [[`up{job="${service}"}`, '{{instance}}']]),
    panel('CPU (cores), by instance', [[`rate(process_cpu_seconds_total{${s}}[5m])`, '{{instance}}']], {
      unit: 'short',
    }),
    panel(
      'Resident memory and heap used, by instance',
      [
        [`process_resident_memory_bytes{${s}}`, 'rss {{instance}}'],
        [`sum by (instance) (nodejs_heap_space_size_used_bytes{${s}})`, 'heap {{instance}}'],
      ],
      { unit: 'bytes' },
    ),
    panel('Event loop lag p99, by instance', [[`nodejs_eventloop_lag_p99_seconds{${s}}`, '{{instance}}']], {
      unit: 's',
    }),
  ];
}

/** The events a service consumes and publishes: dead letters, consumer backlog, outbox lag, dropped. */
function events(service, { consumers = true, outbox = true, publisher = false } = {}) {
  const s = `service="${service}"`;
  return [
    ...(consumers
      ? [
          panel('Consumer backlog (pending + unacknowledged), by consumer', [
            [`service_consumer:events_backlog:max{${s}}`, '{{consumer}}'],
          ]),
          panel('Dead-lettered events in the last hour, by consumer', [
            [`service_consumer:events_dead_lettered:increase1h{${s}}`, '{{consumer}}'],
          ]),
        ]
      : []),
    ...(outbox
      ? [
          panel(
            'Outbox: oldest waiting event, by collection',
            [[`service_outbox:events_outbox_lag_seconds:max{${s}}`, '{{outbox}}']],
            { unit: 's' },
          ),
          panel(
            'Outbox: events published per second, by collection',
            [[`sum by (outbox) (rate(events_outbox_published_total{${s}}[5m]))`, '{{outbox}}']],
            { unit: 'ops' },
          ),
        ]
      : []),
    ...(publisher
      ? [
          panel('In-memory publisher: events waiting and dropped', [
            [`sum by (publisher) (events_waiting{${s}})`, 'waiting {{publisher}}'],
            [`sum by (publisher) (increase(events_dropped_total{${s}}[5m]))`, 'dropped in 5 min {{publisher}}'],
          ]),
        ]
      : []),
  ];
}

/** A counter's rate per second over 5 minutes, summed over the instances (and split by `by`'s labels when given). */
const rate = (expr, by) => (by ? `sum by (${by}) (rate(${expr}[5m]))` : `sum(rate(${expr}[5m]))`);

/** A panel of counters per second: each series is [counter, the labels it is split by (or none), legend]. */
const counters = (title, series) =>
  panel(
    title,
    series.map(([counter, by, legend]) => [rate(counter, by), legend]),
    { unit: 'ops' },
  );

/** The events of a service that publishes and consumes nothing through an outbox (ai-query, crisis, voice). */
const PUBLISHER_ONLY = { consumers: false, outbox: false, publisher: true };

/** A service's dashboard: the panels every service shares, then its own, then its events (`events`' options). */
const serviceDashboard = (service, description, panels, eventOptions) =>
  dashboard(`hhp-${service}`, `HHP / ${service}`, description, [
    ...common(service),
    ...panels,
    ...events(service, eventOptions),
  ]);

const dashboards = {
  'hhp-overview': dashboard(
    'hhp-overview',
    'HHP / Overview',
    'The whole portal at a glance: what is up and ready, traffic and errors per service, the AI and crisis paths, the events, nginx and the alerts firing.',
    [
      panel('Scraped (up), by job', [[`up`, '{{job}} {{instance}}']], { type: 'stat' }),
      panel('Ready, by service and instance', [[`service_ready`, '{{service}} {{instance}}']], { type: 'stat' }),
      panel('Requests per second, by service', [[`service:http_requests:rate5m`, '{{service}}']], { unit: 'reqps' }),
      panel('Share of 5xx answers, by service', [[`service:http_error_ratio:rate5m`, '{{service}}']], {
        unit: 'percentunit',
      }),
      panel('AI path: questions per second and share failing', [
        [`ai:requests:rate5m`, 'questions/s'],
        [`ai:error_ratio:rate5m`, 'share of 5xx'],
      ]),
      panel(
        'AI path: p99 of a whole answer and of each stage',
        [
          [`ai:request_duration_seconds:p99_5m`, 'whole answer (/api/query-ai)'],
          [`ai_stage:query_stage_seconds:p99_5m`, 'to {{stage}}'],
        ],
        { unit: 's' },
      ),
      panel(
        'Crisis path p99 (the crisis service; ai-query waits at most 300 ms)',
        [
          [`crisis:request_duration_seconds:p99_5m`, '/api/detect-crisis'],
          [`ai_stage:query_stage_seconds:p99_5m{stage="crisis"}`, 'ai-query to the verdict'],
        ],
        { unit: 's' },
      ),
      panel('Quota store p99, by operation', [[`ai_operation:quota_store_seconds:p99_5m`, '{{operation}}']], {
        unit: 's',
      }),
      panel(
        'AI questions in flight',
        [
          [`sum(ai_questions_in_flight)`, 'all replicas'],
          [`ai_questions_in_flight`, '{{instance}}'],
        ],
        {
          description:
            "Questions being answered now, from arrival to the answer's end (HTTP and spoken). In prod the autoscaler adds ai-query pods when a pod's mean over a minute passes 8.",
        },
      ),
      panel('Events: consumer backlog, outbox lag (s), dead letters in the last hour', [
        [`service_consumer:events_backlog:max`, 'backlog {{consumer}}'],
        [`service_outbox:events_outbox_lag_seconds:max`, 'outbox lag {{service}} {{outbox}}'],
        [`service_consumer:events_dead_lettered:increase1h`, 'dead letters {{consumer}}'],
      ]),
      panel('nginx: requests per second and connections', [
        [`sum(rate(nginx_http_requests_total[5m]))`, 'requests/s'],
        [`sum(nginx_connections_active)`, 'active connections'],
        [`sum(nginx_connections_waiting)`, 'idle keep-alive connections'],
      ]),
      panel('Alerts firing', [[`ALERTS{alertstate="firing"}`, '{{alertname}} {{service}} {{severity}}']], {
        type: 'stat',
      }),
      panel('CPU (cores), by service', [[`sum by (service) (rate(process_cpu_seconds_total[5m]))`, '{{service}}']]),
    ],
  ),
  'hhp-ai-query': serviceDashboard(
    'ai-query',
    'The AI assistant: questions, how they were answered or refused, where their time went, the quota store.',
    [
      panel('Answers per second, by how', [[`ai_mode:answers:rate5m`, '{{mode}}']], { unit: 'ops' }),
      panel(
        'Refusals per second, by reason (guest: 3 used; ip: rotation guard; overloaded: shed)',
        [[`ai_reason:quota_refusals:rate5m`, '{{reason}}']],
        { unit: 'ops' },
      ),
      panel('p99 from the question to each stage', [[`ai_stage:query_stage_seconds:p99_5m`, '{{stage}}']], {
        unit: 's',
      }),
      panel('Quota store: p99 by operation', [[`ai_operation:quota_store_seconds:p99_5m`, '{{operation}}']], {
        unit: 's',
      }),
      counters('Quota store: requests per second, by operation', [
        ['ai_quota_store_seconds_count{service="ai-query"}', 'operation', '{{operation}}'],
      ]),
      panel(
        'AI questions in flight',
        [
          [`ai_questions_in_flight{service="ai-query"}`, 'now {{instance}}'],
          [`avg_over_time(ai_questions_in_flight{service="ai-query"}[1m])`, 'mean over 1 min {{instance}}'],
        ],
        {
          description:
            "Questions being answered now, from arrival to the answer's end (HTTP and spoken). The mean over a minute is what prod's autoscaler reads per pod (the Prometheus adapter's ai_query_questions_in_flight; target 8).",
        },
      ),
      panel('Questions waiting for the quota store, by instance', [[`ai_quota_waiting`, '{{instance}}']]),
    ],
    PUBLISHER_ONLY,
  ),
  'hhp-crisis': serviceDashboard(
    'crisis',
    'The crisis safety net: how fast it answers (ai-query waits at most CRISIS_TIMEOUT_MS) and what it detects.',
    [
      counters('Crisis detected per second, by source and channel', [
        ['crisis_detected_total', 'source, channel', '{{source}} {{channel}}'],
      ]),
      panel('p99 of /api/detect-crisis', [[`crisis:request_duration_seconds:p99_5m`, 'p99']], { unit: 's' }),
    ],
    PUBLISHER_ONLY,
  ),
  'hhp-booking': serviceDashboard(
    'booking',
    'Session bookings: holds, conflicts, confirmations and changes, and the events behind them.',
    [
      counters('Bookings created and conflicts per second, by type', [
        ['booking_created_total', 'type', 'created {{type}}'],
        ['booking_conflicts_total', 'type', 'conflict {{type}}'],
      ]),
      counters('Confirmed (by how), changed (by change), expired holds, per second', [
        ['booking_confirmed_total', 'by', 'confirmed by {{by}}'],
        ['booking_changed_total', 'change', '{{change}}'],
        ['booking_expired_total', undefined, 'expired'],
      ]),
    ],
  ),
  'hhp-payments': serviceDashboard(
    'payments',
    'Stripe payments and subscriptions (these counters exist only when payments are on), webhooks and e-mails.',
    [
      counters('Payment intents, subscriptions and Checkout sessions per second', [
        ['payments_intents_created_total', undefined, 'payment intents'],
        ['payments_subscriptions_created_total', 'status', 'subscriptions {{status}}'],
        ['payments_checkout_sessions_total', undefined, 'Checkout sessions'],
      ]),
      counters('Stripe webhooks per second, by type and outcome', [
        ['payments_webhooks_total', 'type, outcome', '{{type}} {{outcome}}'],
      ]),
      counters('Refunds and sign-in links (by outcome), welcome e-mails, per second', [
        ['payments_refunds_total', 'outcome', 'refund {{outcome}}'],
        ['payments_sign_in_links_total', 'outcome', 'sign-in link {{outcome}}'],
        ['payments_welcome_emails_total', undefined, 'welcome e-mails'],
      ]),
    ],
  ),
  'hhp-content': serviceDashboard('content', 'Videos and the e-mail list: reads, sign-ups and the events of both.', []),
  'hhp-voice': serviceDashboard(
    'voice',
    'Voice calls over the WebSocket: the process, and the call events it publishes.',
    [],
    PUBLISHER_ONLY,
  ),
};

// A service of the manifest (proto/src/services.ts, built by `tsc -b`) with no dashboard above gets the
// skeleton every service shares: its HTTP traffic, errors, latency and process, and its events. Write its
// own panels above once it has metrics of its own. (`npm run generate` runs this script too.)
const { SERVICES } = await import(path.join(here, '..', '..', '..', 'proto', 'dist', 'services.js'));
for (const { name } of SERVICES)
  dashboards[`hhp-${name}`] ??= serviceDashboard(name, `${name}: the panels every service shares.`, []);

/** The dashboards as they are written (in the repository's Prettier style): file name to JSON text. */
export async function renderDashboards() {
  const files = {};
  for (const [name, json] of Object.entries(dashboards)) {
    const filepath = path.join(here, 'dashboards', `${name}.json`);
    const options = { ...(await prettier.resolveConfig(filepath)), filepath };
    files[`${name}.json`] = await prettier.format(JSON.stringify(json), options);
  }
  return files;
}

// `--check`: write nothing, exit 1 when a file differs from what this script writes (the integration test).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [file, text] of Object.entries(await renderDashboards())) {
    const target = path.join(here, 'dashboards', file);
    if (check) {
      const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
      if (current !== text) {
        console.error(
          `dashboards/${file} is not what generate.mjs writes: run node ${path.relative(process.cwd(), fileURLToPath(import.meta.url))}`,
        );
        stale += 1;
      }
    } else {
      writeFileSync(target, text);
      console.log(`wrote dashboards/${file}`);
    }
  }
  process.exit(stale ? 1 : 0);
}
