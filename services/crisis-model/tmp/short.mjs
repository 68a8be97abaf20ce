import { Embedder, embeddingModelDir } from '@hhp/embeddings';
import { CrisisClassifier, trainingExamples, readLabelled } from '@hhp/crisis-model';
const dir = embeddingModelDir();
const e = await Embedder.load({ dir });
const c = await CrisisClassifier.build(e, trainingExamples(), undefined, { modelDir: dir });
for (const t of [
  'One more?',
  'One more question',
  'ending my subscription',
  'And with headaches?',
  'hi',
  'thanks',
  'ok',
  'What about for kids?',
  'is it safe?',
  'how much does it cost',
  'I keep counting the pills',
  'tell me more',
  'yes',
  'no',
  'help',
  'help me',
  'what is naet',
  '漢字漢字漢字',
  'asdf qwer zxcv',
  'How do I get unlimited questions?',
  "What's the weather going to be tomorrow?",
]) {
  const j = await c.judge(t);
  console.log(j.score.toFixed(3), j.isCrisis ? 'CRISIS' : '', t);
}
const val = readLabelled('validation');
const short = val.filter((x) => x.text.split(/\s+/).length < 4);
console.log(
  'val lines under 4 words:',
  short.map((x) => x.label + ' ' + x.text),
);
