import { Embedder, embeddingModelDir } from '@hhp/embeddings';
import { CrisisClassifier, trainingExamples } from '@hhp/crisis-model';
import { detectCrisis } from '@hhp/crisis-rules';
const dir = embeddingModelDir();
const e = await Embedder.load({ dir });
const c = await CrisisClassifier.build(e, trainingExamples(), undefined, { modelDir: dir });
for (const t of process.argv.slice(2)) {
  const j = await c.judge(t);
  console.log(
    j.score.toFixed(3),
    j.isCrisis ? 'CRISIS' : '      ',
    detectCrisis(t).isCrisis ? 'RULES' : '     ',
    j.category,
    '|',
    t,
  );
}
