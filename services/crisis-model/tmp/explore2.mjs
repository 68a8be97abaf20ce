import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { Tokenizer } from '@huggingface/tokenizers';
import { detectCrisis } from '@hhp/crisis-rules';
import { embeddingModelDir } from '@hhp/embeddings';
import { readLabelled, segments } from '@hhp/crisis-model';
const dir = embeddingModelDir();
const s = await ort.InferenceSession.create(dir + '/model.onnx', { intraOpNumThreads: 1 });
const tok = new Tokenizer(JSON.parse(readFileSync(dir + '/tokenizer.json', 'utf8')), {});
const D = 384;
async function feats(text) {
  const ids = tok.encode(text).ids.slice(0, 256);
  const n = ids.length;
  const t = (a) => new ort.Tensor('int64', BigInt64Array.from(a.map(BigInt)), [1, n]);
  const out = await s.run({
    input_ids: t(ids),
    attention_mask: t(ids.map(() => 1)),
    token_type_ids: t(ids.map(() => 0)),
  });
  const h = out.last_hidden_state.data;
  const mean = new Float32Array(D),
    max = new Float32Array(D).fill(-1e9),
    cls = h.slice(0, D);
  for (let i = 0; i < n; i++)
    for (let d = 0; d < D; d++) {
      const v = h[i * D + d];
      mean[d] += v;
      if (i > 0 && i < n - 1 && v > max[d]) max[d] = v;
    }
  const norm = (v) => {
    let z = 0;
    for (const x of v) z += x * x;
    z = Math.sqrt(z) || 1;
    return v.map((x) => x / z);
  };
  return { mean: norm(mean), max: norm(max), cls: norm(cls) };
}
const train = readLabelled('train'),
  val = readLabelled('validation');
const F = async (list) => {
  const r = [];
  for (const x of list) r.push(await feats(x.text));
  return r;
};
const trainF = await F(train);
const valSeg = [];
for (const m of val) {
  const r = [];
  for (const sg of segments(m.text)) r.push(await feats(sg));
  valSeg.push(r);
}
const valWhole = await F(val);
function lr(vs, y, lambda = 1e-3, epochs = 400, lrate = 1) {
  const Dm = vs[0].length;
  const w = new Float64Array(Dm);
  let b = 0;
  const pos = y.filter((v) => v).length,
    neg = y.length - pos;
  const cw = y.map((v) => (v ? y.length / (2 * pos) : y.length / (2 * neg)));
  for (let ep = 0; ep < epochs; ep++) {
    const g = new Float64Array(Dm);
    let gb = 0;
    for (let i = 0; i < vs.length; i++) {
      let z = b;
      const v = vs[i];
      for (let d = 0; d < Dm; d++) z += w[d] * v[d];
      const p = 1 / (1 + Math.exp(-z));
      const err = (p - y[i]) * cw[i];
      for (let d = 0; d < Dm; d++) g[d] += err * v[d];
      gb += err;
    }
    for (let d = 0; d < Dm; d++) w[d] -= lrate * (g[d] / vs.length + lambda * w[d]);
    b -= (lrate * gb) / vs.length;
  }
  return (v) => {
    let z = b;
    for (let d = 0; d < Dm; d++) z += w[d] * v[d];
    return z;
  };
}
const rules = val.map((m) => detectCrisis(m.text).isCrisis);
const y = train.map((x) => (x.label === 'crisis' ? 1 : 0));
function evaluate(name, scores) {
  const left = val.map((m, i) => ({ m, s: scores[i], r: rules[i] }));
  const cl = left.filter((x) => x.m.label === 'crisis' && !x.r).sort((a, b) => a.s - b.s);
  const out = [0, 1, 2, 3].map((miss) => {
    const t = cl[miss].s - 1e-9;
    const o = left.filter((x) => x.m.label === 'ordinary');
    return `${o.filter((x) => x.r || x.s >= t).length}`;
  });
  console.log(
    name.padEnd(30),
    'FP/ordinary(' + left.filter((x) => x.m.label === 'ordinary').length + ') at misses 0..3:',
    out.join(' '),
  );
}
const cat = (f) => {
  const v = new Float32Array(2 * D);
  v.set(f.mean);
  v.set(f.max, D);
  return v;
};
for (const [name, pick] of [
  ['mean', (f) => f.mean],
  ['max', (f) => f.max],
  ['cls', (f) => f.cls],
  ['mean+max', cat],
]) {
  for (const lambda of [1e-3, 1e-2]) {
    const f = lr(trainF.map(pick), y, lambda);
    evaluate(
      `lr ${name} ${lambda} whole`,
      valWhole.map((v) => f(pick(v))),
    );
    evaluate(
      `lr ${name} ${lambda} segs`,
      valSeg.map((segs) => Math.max(...segs.map((v) => f(pick(v))))),
    );
  }
}
