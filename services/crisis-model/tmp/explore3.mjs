import { detectCrisis } from '@hhp/crisis-rules';
import { Embedder, embeddingModelDir, embedCached, similarity } from '@hhp/embeddings';
import { readLabelled, trainingExamples, segments } from '@hhp/crisis-model';
const dir = embeddingModelDir();
const e = await Embedder.load({ dir });
import { readFileSync as rf } from 'node:fs';
const corpus = (f, label) =>
  rf(`../../crisis-rules/corpus/${f}`, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#') && !l.includes('\\u{'))
    .map((text) => ({ label, lang: 'en', category: 'corpus', text }));
const train = [
    ...trainingExamples(),
    ...(process.env.CORPUS ? [...corpus('crisis.txt', 'crisis'), ...corpus('ordinary.txt', 'ordinary')] : []),
  ],
  val = readLabelled('validation');
console.log('train', train.length, 'val', val.length);
const trainV = await embedCached(
  e,
  train.map((x) => x.text),
  { modelDir: dir },
);
const valSeg = [];
for (const m of val) valSeg.push(await e.embedMany(segments(m.text)));
function knn(k) {
  const c = trainV.filter((_, i) => train[i].label === 'crisis'),
    o = trainV.filter((_, i) => train[i].label === 'ordinary');
  const near = (v, set) => {
    const s = set.map((x) => similarity(v, x)).sort((a, b) => b - a);
    let t = 0;
    for (let i = 0; i < k; i++) t += s[i];
    return t / k;
  };
  return (v) => near(v, c) - near(v, o);
}
function lr(lambda = 1e-3, epochs = 300, lrate = 1) {
  const D = 384;
  const w = new Float64Array(D);
  let b = 0;
  const y = train.map((x) => (x.label === 'crisis' ? 1 : 0));
  const pos = y.filter((v) => v).length,
    neg = y.length - pos;
  const cw = y.map((v) => (v ? y.length / (2 * pos) : y.length / (2 * neg)));
  for (let ep = 0; ep < epochs; ep++) {
    const g = new Float64Array(D);
    let gb = 0;
    for (let i = 0; i < trainV.length; i++) {
      let z = b;
      const v = trainV[i];
      for (let d = 0; d < D; d++) z += w[d] * v[d];
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - y[i]) * cw[i];
      for (let d = 0; d < D; d++) g[d] += err * v[d];
      gb += err;
    }
    for (let d = 0; d < D; d++) w[d] -= lrate * (g[d] / trainV.length + lambda * w[d]);
    b -= (lrate * gb) / trainV.length;
  }
  return (v) => {
    let z = b;
    for (let d = 0; d < D; d++) z += w[d] * v[d];
    return z;
  };
}
const rules = val.map((m) => detectCrisis(m.text).isCrisis);
function evaluate(name, f) {
  const s = valSeg.map((segs) => Math.max(...segs.map(f)));
  const rows = val.map((m, i) => ({ m, s: s[i], r: rules[i] }));
  const res = [];
  for (const lang of ['en', 'es']) {
    const cl = rows.filter((x) => x.m.lang === lang && x.m.label === 'crisis' && !x.r).sort((a, b) => a.s - b.s);
    const o = rows.filter((x) => x.m.lang === lang && x.m.label === 'ordinary');
    const fps = [0, 1, 2, 4].map((miss) => o.filter((x) => x.r || x.s >= cl[miss].s - 1e-9).length);
    // recall at FP<=3%
    const os = o
      .filter((x) => !x.r)
      .map((x) => x.s)
      .sort((a, b) => b - a);
    const allowed = Math.floor(o.length * 0.03) - o.filter((x) => x.r).length;
    const t = allowed >= 0 ? (os[allowed] ?? -9) + 1e-9 : Infinity;
    const all = rows.filter((x) => x.m.lang === lang && x.m.label === 'crisis');
    const rec = all.filter((x) => x.r || x.s >= t).length;
    res.push(`${lang}: FP@miss0,1,2,4 ${fps.join('/')} of ${o.length}; recall@FP3% ${rec}/${all.length}`);
  }
  console.log(name.padEnd(16), res.join(' | '));
}
for (const k of [1, 3, 5, 10]) evaluate(`knn${k}`, knn(k));
for (const l of [1e-3, 1e-2]) evaluate(`lr${l}`, lr(l));
// plain health questions: FP at each threshold
import { readFileSync } from 'node:fs';
const qs = [
  ...JSON.parse(readFileSync('../../ai-query/test/retrieval-set.json')).questions,
  ...JSON.parse(readFileSync('../../ai-query/test/retrieval-paraphrase-set.json')).questions,
].map((q) => q.q);
const qSeg = [];
for (const q of qs) qSeg.push(await e.embedMany(segments(q)));
const f5 = knn(Number(process.env.K ?? 5));
const vs = valSeg.map((s) => Math.max(...s.map(f5)));
const cl = val
  .map((m, i) => ({ m, s: vs[i], r: rules[i] }))
  .filter((x) => x.m.lang === 'en' && x.m.label === 'crisis' && !x.r)
  .sort((a, b) => a.s - b.s);
const qsS = qSeg.map((s) => Math.max(...s.map(f5)));
for (const miss of [0, 1, 2, 4]) {
  const t = cl[miss].s - 0.0;
  console.log(
    'knn5 t',
    t.toFixed(3),
    'miss',
    miss,
    'health-question FP',
    qsS.filter((s) => s >= t).length,
    '/',
    qs.length,
  );
}
console.log(qs.filter((q, i) => qsS[i] >= cl[0].s).slice(0, 10));
