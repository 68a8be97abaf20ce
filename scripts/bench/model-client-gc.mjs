// What one model call leaves to the young-generation garbage collector (BENCHMARKS.md): each way of calling
// the local stub runs in a child process of its own under V8's --trace-gc-nvp, 4 calls in flight, after 300
// unmeasured ones; the stub runs in this process, so the child's heap holds only the client's objects.
// Printed per way: scavenges, their total and longest pause, and the share of the bytes allocated between
// two scavenges that survived them (what a scavenge has to copy).
//   npx node scripts/bench/model-client-gc.mjs [--calls 20000]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { undiciFetch } from '../../services/ai-query/dist/model/fetch.js';
import { ModelClient } from '../../services/ai-query/dist/model/llm.js';
import { startStubModel } from './lib/stub-model.mjs';
import { benchOptions } from './lib/options.mjs';

const values = benchOptions({ calls: '20000', child: undefined, 'base-url': undefined });
const calls = Number(values.calls);

// A system prompt and passages of about the size ai-query sends.
const messages = [
  { role: 'system', content: 'x'.repeat(3000) },
  { role: 'user', content: 'What helps with bloating?' },
];

/** The SDK as it comes, over fetch.ts; the SDK as ai-query makes it (llm.ts ModelClient). */
const sdk = (baseURL) => new OpenAI({ apiKey: 'sk-bench', baseURL, maxRetries: 0, fetch: undiciFetch() });
const modelClient = (baseURL) => new ModelClient({ apiKey: 'sk-bench', baseURL, maxRetries: 0 });
/** One call with the request's AbortSignal: its answer whole, or streamed and read to the end. */
const whole = (client) => () =>
  client.chat.completions.create({ model: 'm', messages }, { signal: new AbortController().signal });
const streamed = (client) => async () => {
  const stream = await client.chat.completions.create(
    { model: 'm', messages, stream: true },
    { signal: new AbortController().signal },
  );
  for await (const chunk of stream) void chunk;
};

const WAYS = {
  'SDK over fetch.ts': (baseURL) => whole(sdk(baseURL)),
  'SDK over fetch.ts, as ai-query calls it (llm.ts ModelClient)': (baseURL) => whole(modelClient(baseURL)),
  'SDK over fetch.ts, streamed': (baseURL) => streamed(sdk(baseURL)),
  'SDK over fetch.ts, streamed, as ai-query calls it (llm.ts ModelClient)': (baseURL) => streamed(modelClient(baseURL)),
  /** The same request and answer without the SDK. */
  'fetch.ts alone': (baseURL) => {
    const fetch = undiciFetch();
    return async () => {
      const response = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages }),
        signal: new AbortController().signal,
      });
      return response.json();
    };
  },
};

if (values.child) {
  const call = WAYS[values.child](values['base-url']);
  for (let i = 0; i < 300; i++) await call();
  console.log('--- measured');
  let started = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (started++ < calls) await call();
    }),
  );
  process.exit(0);
}

/** Pause, kind, allocated and survived bytes of each collection after the '--- measured' line. */
function collections(output) {
  const measured = output.slice(output.indexOf('--- measured'));
  return [...measured.matchAll(/pause=([\d.]+) .*?gc=(\w+) .*?allocated=(\d+) .*?new_space_survived=(\d+)/g)].map(
    ([, pause, kind, allocated, survived]) => ({
      pause: Number(pause),
      kind,
      allocated: Number(allocated),
      survived: Number(survived),
    }),
  );
}

const stub = await startStubModel();
const script = fileURLToPath(import.meta.url);
console.log(
  `| way (${calls} calls, 4 in flight) | scavenges | total pause | longest | survived of allocated | mark-compacts |`,
);
console.log('|---|---|---|---|---|---|');
for (const way of Object.keys(WAYS)) {
  const child = spawn(
    process.execPath,
    ['--trace-gc-nvp', script, '--child', way, '--base-url', stub.baseUrl, '--calls', String(calls)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${way}: the child exited with ${code}`);
  const all = collections(output);
  const scavenges = all.filter((c) => c.kind === 's');
  const sum = (list, key) => list.reduce((total, c) => total + c[key], 0);
  const survived = sum(scavenges, 'survived') / sum(scavenges, 'allocated');
  console.log(
    `| ${way} | ${scavenges.length} | ${sum(scavenges, 'pause').toFixed(0)} ms | ${Math.max(...scavenges.map((c) => c.pause)).toFixed(1)} ms | ${(survived * 100).toFixed(2)}% | ${all.filter((c) => c.kind === 'mc').length} |`,
  );
}
await stub.close();
