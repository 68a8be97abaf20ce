// CPU per call of the ways the services can talk to an OpenAI-compatible server (BENCHMARKS.md), against the
// local stub in this process, 20 calls in flight, after 300 unmeasured ones. The CPU is this process's: the
// client's and the stub's together, so only the differences between rows mean something.
//   npx node scripts/bench/model-client.mjs [--calls 4000]
import OpenAI from 'openai';
import { Agent, request } from 'undici';
import { undiciFetch } from '../../services/ai-query/dist/model/fetch.js';
import { openAiModeration } from '../../services/crisis/dist/detection/moderation.js';
import { startStubModel } from './lib/stub-model.mjs';
import { benchOptions } from './lib/options.mjs';

const values = benchOptions({ calls: '4000' });
const calls = Number(values.calls);
const stub = await startStubModel();

async function cpuPerCall(call) {
  for (let i = 0; i < 300; i++) await call();
  const before = process.cpuUsage();
  let started = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (started++ < calls) await call();
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / calls;
}

// A system prompt and passages of about the size ai-query sends.
const messages = [
  { role: 'system', content: 'x'.repeat(3000) },
  { role: 'user', content: 'What helps with bloating?' },
];
const overFetch = new OpenAI({ apiKey: 'sk-bench', baseURL: stub.baseUrl, maxRetries: 0 });
const overUndici = new OpenAI({ apiKey: 'sk-bench', baseURL: stub.baseUrl, maxRetries: 0, fetch: undiciFetch() });
const agent = new Agent({ keepAliveTimeout: 30_000 });
const moderationBody = JSON.stringify({ model: 'omni-moderation-latest', input: 'My shoulder is stiff' });
const crisisModeration = openAiModeration(
  {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: stub.baseUrl,
    MODERATION_MODEL: 'omni-moderation-latest',
    MODERATION_TIMEOUT_MS: 1500,
  },
  { warn: (...args) => console.error(...args) },
);

const rows = [
  [
    'chat, streamed, SDK over Node fetch',
    async () => {
      const stream = await overFetch.chat.completions.create({ model: 'm', messages, stream: true });
      for await (const chunk of stream) void chunk;
    },
  ],
  ['chat, whole answer, SDK over Node fetch', () => overFetch.chat.completions.create({ model: 'm', messages })],
  [
    'chat, whole answer, SDK over undici dispatcher (ai-query fetch.ts)',
    () => overUndici.chat.completions.create({ model: 'm', messages }),
  ],
  [
    'chat, streamed, SDK over undici dispatcher (ai-query fetch.ts)',
    async () => {
      const stream = await overUndici.chat.completions.create({ model: 'm', messages, stream: true });
      for await (const chunk of stream) void chunk;
    },
  ],
  [
    'moderation, SDK over Node fetch',
    () => overFetch.moderations.create({ model: 'omni-moderation-latest', input: 'My shoulder is stiff' }),
  ],
  [
    'moderation, undici request',
    async () => {
      const { body } = await request(`${stub.baseUrl}/moderations`, {
        method: 'POST',
        dispatcher: agent,
        headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' },
        body: moderationBody,
      });
      await body.json();
    },
  ],
  [
    'moderation, crisis moderation.ts (with its timeout and checks)',
    () => crisisModeration.moderate('My shoulder is stiff'),
  ],
];

console.log(`| call (${calls} calls, 20 in flight) | ms of CPU per call, client and stub |`);
console.log('|---|---|');
for (const [name, call] of rows) console.log(`| ${name} | ${(await cpuPerCall(call)).toFixed(3)} |`);
await stub.close();
await agent.close();
await crisisModeration.close();
process.exit(0);
