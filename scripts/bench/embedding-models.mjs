// The two sentence-embedding models' cost (services/embeddings/README.md, "Cost"; BENCHMARKS.md, "The crisis
// model"): CPU per short text of each model in its worker thread, one text at a time; and the resident memory of a
// process that runs the crisis model as the services do (loadCrisisModel), with and without the multilingual one
// (each measured in a child process of its own, after a few judgements).
//   npx tsc -b && node scripts/bench/embedding-models.mjs
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WorkerEmbedder, embeddingModelDir } from '../../services/embeddings/dist/index.js';

const TEXTS = {
  minilm: 'i gave my cat to my neighbour, she will look after him better than me',
  e5: 'ya le dejé mis cosas a mi hermana, ella sabrá cuidarlas',
};
const ROUNDS = 40;

if (process.argv[2] === '--rss') {
  const { Registry } = await import('prom-client');
  const { loadCrisisModel } = await import('../../services/crisis-model/dist/index.js');
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const { judge, embeddings, spanish } = loadCrisisModel({ registry: new Registry(), logger: quiet });
  await judge.ready;
  await spanish.ready;
  // Spanish joins after readiness: wait until it reads Spanish, then judge both languages a few times.
  for (let i = 0; i < 600 && spanish.embedder && !judge.readsSpanish; i++) await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 5; i++) for (const text of Object.values(TEXTS)) await judge.judge(text);
  console.log(JSON.stringify({ rssMB: Math.round(process.memoryUsage().rss / 1e6), readsSpanish: judge.readsSpanish }));
  await Promise.all([embeddings.close(), spanish.close()]);
  process.exit(0);
}

const cpu = {};
for (const kind of ['minilm', 'e5']) {
  const worker = await WorkerEmbedder.load({ dir: embeddingModelDir(process.env, kind), kind });
  for (let i = 0; i < 5; i++) await worker.embed(TEXTS[kind]);
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await worker.embed(TEXTS[kind]);
  const used = process.cpuUsage(before);
  cpu[kind] = Number(((used.user + used.system) / 1000 / ROUNDS).toFixed(1));
  await worker.release();
}
const self = fileURLToPath(import.meta.url);
const rss = (env) =>
  JSON.parse(execFileSync(process.execPath, [self, '--rss'], { env: { ...process.env, ...env } }).toString());
console.log(
  JSON.stringify(
    {
      cpuMsPerShortText: cpu,
      withE5: rss({}),
      withoutE5: rss({ MULTILINGUAL_MODEL_DIR: '/nonexistent' }),
    },
    null,
    2,
  ),
);
