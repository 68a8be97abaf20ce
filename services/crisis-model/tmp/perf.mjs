import { Embedder, embeddingModelDir, similarity } from '@hhp/embeddings';
import { CrisisClassifier, trainingExamples } from '@hhp/crisis-model';
const dir = embeddingModelDir();
const e = await Embedder.load({ dir });
const ex = trainingExamples(); console.log('examples', ex.length);
const c = await CrisisClassifier.build(e, ex, undefined, { modelDir: dir });
const qs = ['What helps with bloating?', 'I wake up at 3am every night and cannot get back to sleep', 'is chiropractic safe during pregnancy? my back hurts a lot since the second trimester'];
for (const q of qs) {
  for (let i = 0; i < 20; i++) await c.judge(q);
  let t = process.cpuUsage(); for (let i = 0; i < 200; i++) await e.embed(q); let u = process.cpuUsage(t);
  const emb = (u.user + u.system) / 1000 / 200;
  t = process.cpuUsage(); for (let i = 0; i < 200; i++) await c.judge(q); u = process.cpuUsage(t);
  console.log(`embed ${emb.toFixed(2)} ms, judge ${((u.user + u.system) / 1000 / 200).toFixed(2)} ms | ${q}`);
}
