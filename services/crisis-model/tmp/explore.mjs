import { readFileSync } from 'node:fs';
import { detectCrisis } from '@hhp/crisis-rules';
import { Embedder, embeddingModelDir, similarity } from '@hhp/embeddings';
import { readLabelled, segments } from '@hhp/crisis-model';
const e = await Embedder.load({ dir: embeddingModelDir() });
const corpus = (f, label) =>
  readFileSync(`../../crisis-rules/corpus/${f}`, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#') && !l.includes('\\u{'))
    .map((text) => ({ label, lang: 'en', category: 'corpus', text }));
const train = readLabelled('train'),
  val = readLabelled('validation');
const extra = [...corpus('crisis.txt', 'crisis'), ...corpus('ordinary.txt', 'ordinary')];
async function vecs(list) {
  return e.embedMany(list.map((x) => x.text));
}
const trainV = await vecs(train),
  extraV = await vecs(extra);
const valSeg = [];
for (const m of val) valSeg.push(await e.embedMany(segments(m.text)));
function knn(exs, vs, k) {
  const c = vs.filter((_, i) => exs[i].label === 'crisis'),
    o = vs.filter((_, i) => exs[i].label === 'ordinary');
  const near = (v, set) =>
    set
      .map((x) => similarity(v, x))
      .sort((a, b) => b - a)
      .slice(0, k)
      .reduce((a, b) => a + b, 0) / k;
  return (v) => near(v, c) - near(v, o);
}
function lr(exs, vs, lambda = 1e-3, epochs = 300, lrate = 0.5) {
  const D = 384;
  const w = new Float64Array(D);
  let b = 0;
  const y = exs.map((x) => (x.label === 'crisis' ? 1 : 0));
  const pos = y.filter((v) => v).length,
    neg = y.length - pos;
  const cw = y.map((v) => (v ? y.length / (2 * pos) : y.length / (2 * neg)));
  for (let ep = 0; ep < epochs; ep++) {
    const g = new Float64Array(D);
    let gb = 0;
    for (let i = 0; i < vs.length; i++) {
      let z = b;
      const v = vs[i];
      for (let d = 0; d < D; d++) z += w[d] * v[d];
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - y[i]) * cw[i];
      for (let d = 0; d < D; d++) g[d] += err * v[d];
      gb += err;
    }
    for (let d = 0; d < D; d++) w[d] -= lrate * (g[d] / vs.length + lambda * w[d]);
    b -= (lrate * gb) / vs.length;
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
  const left = val.map((m, i) => ({ m, s: s[i], r: rules[i] }));
  const crisisLeft = left.filter((x) => x.m.label === 'crisis' && !x.r).sort((a, b) => a.s - b.s);
  const out = [];
  // threshold at k-th lowest crisis: 100%, and allowing 1,2 misses
  for (const miss of [0, 1, 2]) {
    const t = crisisLeft[miss].s - 1e-9;
    const parts = ['en', 'es'].map((lang) => {
      const o = left.filter((x) => x.m.label === 'ordinary' && x.m.lang === lang);
      const fp = o.filter((x) => x.r || x.s >= t).length;
      return `${lang} FP ${fp}/${o.length}`;
    });
    out.push(`miss ${miss}: ${parts.join(' ')}`);
  }
  console.log(
    name.padEnd(28),
    out.join(' | '),
    ' hardest:',
    crisisLeft
      .slice(0, 2)
      .map((x) => x.m.text.slice(0, 50))
      .join(' / '),
  );
}
evaluate('knn3 train', knn(train, trainV, 3));
evaluate('knn1 train', knn(train, trainV, 1));
evaluate('knn5 train', knn(train, trainV, 5));
evaluate('knn3 train+corpus', knn([...train, ...extra], [...trainV, ...extraV], 3));
for (const lambda of [1e-4, 1e-3, 1e-2]) {
  evaluate(`lr ${lambda} train`, lr(train, trainV, lambda));
  evaluate(`lr ${lambda} train+corpus`, lr([...train, ...extra], [...trainV, ...extraV], lambda));
}
