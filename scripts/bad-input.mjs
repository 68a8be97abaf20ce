// The bad-input run (part of `npm test`, layer "probe"): starts a scratch stack behind nginx (payments on,
// against stripe-mock), sends every operation of proto/openapi.json the corpus of scripts/probe/corpus.mjs
// (control characters in every string of the body, query and path; malformed percent-encoding in every path
// parameter and query; every method on every route; the path's slash variants; wrong content types,
// malformed JSON, empty bodies), each variant built from one valid request (scripts/probe/operations.mjs).
// Every answer: no 5xx; under /api a JSON body (HEAD, 204 excepted), a `message` on every error, `Allow` on
// every 405. One test per operation (and one for /api paths no operation has); the failing requests are
// printed as curl commands and written to test-results/bad-input.json.
//   node scripts/bad-input.mjs [--concurrency 4] [--time-limit 150] [--max-requests 6000] [--junit <file>]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { withScratchStack } from '../infra/dist/launcher/scratch-stack.js';
import { startStripeMock } from '../infra/dist/testing/stripe-mock.js';
import { send } from './probe/http.mjs';
import { METHODS, problems, variants } from './probe/corpus.mjs';
import { bases } from './probe/operations.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '4' },
    'time-limit': { type: 'string', default: '150' },
    'max-requests': { type: 'string', default: '6000' },
    junit: { type: 'string' },
  },
});
const deadline = Date.now() + Number(values['time-limit']) * 1000;
const maxRequests = Number(values['max-requests']);

const INGEST_SECRET = randomBytes(32).toString('hex');
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const document = JSON.parse(readFileSync(path.join(root, 'proto', 'openapi.json'), 'utf8'));

/** A request as a shell command that sends the same bytes (signatures expire after a few minutes). */
function curl(url, { method, target, headers, body }) {
  const quote = (bytes) =>
    `$'${[...bytes].map((b) => (b === 0x27 || b === 0x5c ? `\\${String.fromCharCode(b)}` : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`)).join('')}'`;
  const parts = ['curl -sS --path-as-is', method === 'HEAD' ? '-I' : `-X ${method}`, `'${url}${target}'`];
  for (const [name, value] of Object.entries(headers)) parts.push(`-H '${name}: ${value}'`);
  if (body !== undefined) parts.push(`--data-binary ${quote(body)}`);
  return parts.join(' ');
}

/** An answer's start, printable (for the report). */
const excerpt = (response) =>
  `${response.status} ${response.headers['content-type'] ?? '(no type)'} ${JSON.stringify(response.body.toString('utf8').slice(0, 120))}`;

const xml = (text) =>
  String(text)
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])
    // Printable ASCII, tab and line feed stay; anything else (XML 1.0 forbids most controls) is escaped.
    .replace(/[^\t\n\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

function writeJunit(file, tests, seconds) {
  const failures = tests.filter((t) => t.failures.length).length;
  const cases = tests.map((t) => {
    const head = `<testcase classname="bad-input" name="${xml(t.name)}" time="${t.seconds.toFixed(1)}"`;
    if (!t.failures.length) return `  ${head}/>`;
    const text = t.failures.map((f) => `${f.problems.join(', ')}: ${f.what}\n${f.curl}\n-> ${f.response}`).join('\n\n');
    return `  ${head}>\n    <failure message="${xml(`${t.failures.length} bad answers`)}">${xml(text)}</failure>\n  </testcase>`;
  });
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n <testsuite name="bad-input" tests="${tests.length}" failures="${failures}" time="${seconds}">\n${cases.join('\n')}\n </testsuite>\n</testsuites>\n`,
  );
}

/** Runs `jobs` (functions) at most `limit` at a time. */
async function pool(jobs, limit) {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function probe(stack) {
  const { hostname: host, port } = new URL(stack.url);
  const target = { host, port: Number(port) };
  const call = async (method, path, body) => {
    const response = await send(target, {
      method,
      target: path,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    });
    let json;
    try {
      json = JSON.parse(response.body.toString('utf8'));
    } catch {
      json = undefined;
    }
    return { status: response.status, json, headers: response.headers };
  };
  const base = await bases(call, {
    ingestSecret: INGEST_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    origin: new URL(stack.url).origin,
  });

  // Every operation's variants, then the /api paths no operation has (every method on each).
  const suites = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${template}`;
      const documented = Object.entries(operation.responses ?? {})
        .filter(([status]) => status.startsWith('2'))
        .flatMap(([, response]) => Object.keys(response.content ?? {}));
      if (!base[name]) {
        suites.push({ name, requests: [], missing: true });
        continue;
      }
      const requests = [...variants(template, method, operation, base[name])].map((v) => ({ ...v, documented }));
      suites.push({ name, requests });
    }
  }
  const unknown = ['/api', '/api/', '/api/probe-unknown', '/api/probe-unknown/', '/apix'].flatMap((path) =>
    METHODS.map((method) => ({
      kind: 'method',
      what: `${method} ${path}`,
      request: { method, target: path, headers: {} },
    })),
  );
  suites.push({ name: '(no operation) unknown /api paths', requests: unknown });

  const total = suites.reduce((n, s) => n + s.requests.length, 0);
  console.log(`${total} requests over ${suites.length} tests, ${values.concurrency} at a time`);
  let sent = 0;
  const tests = [];
  for (const suite of suites) {
    const started = Date.now();
    const test = { name: suite.name, seconds: 0, failures: [], sent: 0, statuses: {}, accepted: [] };
    tests.push(test);
    if (suite.missing) {
      test.failures.push({
        what: 'no valid base request in scripts/probe/operations.mjs',
        problems: ['not probed'],
        curl: '',
        response: '',
      });
      continue;
    }
    const jobs = suite.requests.map(({ kind, what, request, documented }) => async () => {
      if (Date.now() > deadline || sent >= maxRequests) return;
      sent++;
      test.sent++;
      let response;
      try {
        response = await send(target, request);
      } catch (err) {
        test.failures.push({
          kind,
          what,
          problems: [`no answer (${err.message})`],
          curl: curl(stack.url, request),
          response: '',
        });
        return;
      }
      test.statuses[response.status] = (test.statuses[response.status] ?? 0) + 1;
      // Not a failure (a message to the assistant may hold a stray control character), but worth reading:
      // which bad characters an operation accepts.
      if (response.status < 300 && ['control character', 'malformed encoding'].includes(kind)) test.accepted.push(what);
      const found = problems(request, response, documented);
      if (found.length)
        test.failures.push({
          kind,
          what,
          problems: found,
          curl: curl(stack.url, request),
          response: excerpt(response),
        });
    });
    await pool(jobs, Number(values.concurrency));
    test.seconds = (Date.now() - started) / 1000;
    if (test.sent < suite.requests.length) {
      test.failures.push({
        what: `${suite.requests.length - test.sent} of ${suite.requests.length} requests not sent: the run's time or request limit was spent`,
        problems: ['incomplete'],
        curl: '',
        response: '',
      });
    }
  }
  return tests;
}

const started = Date.now();
const stripeMock = await startStripeMock();
let tests;
try {
  tests = await withScratchStack(
    {
      // Past the per-address and per-guest guards, so a variant reaches the code behind them, not a 429.
      IP_NEW_GUESTS_PER_HOUR: '100000',
      MAX_LIVE_HOLDS_PER_ADDRESS: '0',
      SIGN_IN_REQUESTS_PER_ADDRESS: '0',
      // Read aloud's requests a minute, likewise (each published text is still synthesised once).
      VOICE_READ_ALOUD_PER_MINUTE: '100000',
      LOAD_TEST_ALLOWLIST: '127.0.0.1,::1',
      CONTENT_INGEST_SECRET: INGEST_SECRET,
      STRIPE_SECRET_KEY: 'sk_test_badinput',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_badinput',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeMock.url,
    },
    async (stack) => {
      console.log(`stack ready at ${stack.url} in ${(stack.readyInMs / 1000).toFixed(1)} s`);
      return probe(stack);
    },
  );
} finally {
  await stripeMock.stop();
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);

const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
writeFileSync(path.join(results, 'bad-input.json'), `${JSON.stringify(tests, null, 2)}\n`);
if (values.junit) writeJunit(values.junit, tests, seconds);

const sent = tests.reduce((n, t) => n + t.sent, 0);
const failing = tests.filter((t) => t.failures.length);
console.log(`\n${sent} requests in ${seconds} s`);
for (const test of tests) {
  const statuses = Object.entries(test.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  console.log(
    `${test.failures.length ? 'FAIL' : 'ok  '} ${test.name.padEnd(42)} ${String(test.sent).padStart(4)} sent  ${statuses}`,
  );
}
const accepting = tests.filter((t) => t.accepted.length);
if (accepting.length)
  console.log(
    '\nAnswered 2xx with a bad character or encoding (not a failure; where it is stored, it should be refused):',
  );
for (const test of accepting) {
  const byField = new Map();
  // An unknown query parameter is ignored, as it should be: only the fields an operation reads are listed.
  for (const what of test.accepted.filter((w) => !/query (probe|string)/.test(w))) {
    const [, label, field] = /^(.*?) in (.*)$/.exec(what) ?? [what, what, '(whole request)'];
    byField.set(field, [...(byField.get(field) ?? []), label]);
  }
  for (const [field, labels] of byField) console.log(`  ${test.name}: ${field}: ${labels.join(', ')}`);
}
for (const test of failing) {
  console.log(`\n--- ${test.name}: ${test.failures.length} bad answers`);
  for (const failure of test.failures) {
    console.log(`${failure.problems.join(', ')}: ${failure.what}\n  ${failure.curl}\n  -> ${failure.response}`);
  }
}
console.log(`\n${tests.length - failing.length} passed, ${failing.length} failed (test-results/bad-input.json)`);
process.exit(failing.length ? 1 : 0);
