import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { crisisLanguage, detectCrisis } from '@hhp/crisis-rules';
import { Embedder, embeddingModelDir, embedCached } from '@hhp/embeddings';
import { readLabelled, trainingExamples } from '@hhp/crisis-model';
import { segments } from '@hhp/crisis-model';

const WORK = process.env.WORK ?? '/tmp/crisis-experiments';
mkdirSync(WORK, { recursive: true });
const modelDir = embeddingModelDir();
const embedder = await Embedder.load({ dir: modelDir });
const sets = { train: trainingExamples(), validation: readLabelled('validation'), test: readLabelled('test') };
const traffic = [];
for (const name of ['retrieval-set.json', 'retrieval-paraphrase-set.json', 'retrieval-holdout-set.json']) {
  try {
    const { questions } = JSON.parse(readFileSync(new URL(`../../../ai-query/test/${name}`, import.meta.url), 'utf8'));
    for (const { q } of questions)
      traffic.push({ label: 'ordinary', lang: 'en', category: 'traffic:' + name, text: q });
  } catch (e) {
    console.error(name, e.message);
  }
}
sets.traffic = traffic;
const meta = [];
const texts = [];
for (const [set, rows] of Object.entries(sets)) {
  for (const row of rows) {
    const parts = set === 'train' ? [row.text.replace(/\s+/g, ' ').trim()] : segments(row.text);
    meta.push({
      set,
      ...row,
      language: crisisLanguage(row.text),
      rules: detectCrisis(row.text).isCrisis,
      first: texts.length,
      n: parts.length,
    });
    texts.push(...parts);
  }
}
const vectors = await embedCached(embedder, texts, { modelDir, cacheDir: `${WORK}/cache` });
const out = new Float32Array(vectors.length * 384);
vectors.forEach((v, i) => out.set(v, i * 384));
writeFileSync(`${WORK}/vectors.f32`, Buffer.from(out.buffer));
writeFileSync(`${WORK}/meta.json`, JSON.stringify(meta));
writeFileSync(`${WORK}/texts.json`, JSON.stringify(texts));
console.log(Object.fromEntries(Object.entries(sets).map(([k, v]) => [k, v.length])), texts.length);
