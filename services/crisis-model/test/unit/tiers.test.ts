import { DIMENSIONS, type TextEmbedder } from '@hhp/embeddings';
import { CrisisClassifier, type Labelled } from '../../src/index.js';

// The two tiers of the model's verdict, with a stand-in model (a vector per word count: a message of as many words as
// the crisis example lies on it, one of as many as the ordinary example on that), so that what is checked is where
// the thresholds put a score, not a model's judgement. With one example of each label and K = 5, a message of 5
// words scores 0.2, one of 4 or 6 words 0, one of 3 words -0.2.

class StandIn implements TextEmbedder {
  backlog = 0;
  async embed(text: string): Promise<Float32Array> {
    const vector = new Float32Array(DIMENSIONS);
    vector[text.split(' ').length % DIMENSIONS] = 1;
    return vector;
  }
  async embedMany(texts: readonly string[]): Promise<Float32Array[]> {
    return Promise.all(texts.map((text) => this.embed(text)));
  }
  async release(): Promise<void> {}
}

const examples: Labelled[] = [
  { label: 'crisis', lang: 'en', category: 'goodbye', text: 'i said goodbye to everyone' },
  { label: 'ordinary', lang: 'en', category: 'symptoms', text: 'my knee hurts' },
];
const tiered = { crisis: { en: 0.1, es: 0.1 }, possible: { en: -0.1, es: -0.1 } };

describe('the crisis classifier in two tiers', () => {
  test('when a score is at or above the crisis threshold, then the verdict is a crisis', async () => {
    const classifier = await CrisisClassifier.build({ embedder: new StandIn() }, examples, tiered);
    await expect(classifier.judge('i gave my dog away')).resolves.toMatchObject({ isCrisis: true, tier: 'crisis' });
  });

  test('when a score is in the middle band, then the verdict is possibly at risk and not a crisis', async () => {
    const classifier = await CrisisClassifier.build({ embedder: new StandIn() }, examples, tiered);
    await expect(classifier.judge('i gave things away')).resolves.toMatchObject({ isCrisis: false, tier: 'possible' });
  });

  test('when a score is below the middle band, then the verdict has no tier', async () => {
    const classifier = await CrisisClassifier.build({ embedder: new StandIn() }, examples, tiered);
    const judgement = await classifier.judge('my back hurts');
    expect(judgement).toMatchObject({ isCrisis: false });
    expect(judgement.tier).toBeUndefined();
  });

  test('when given one threshold per language, then there is no middle band (a crisis or nothing)', async () => {
    const classifier = await CrisisClassifier.build({ embedder: new StandIn() }, examples, { en: 0.1, es: 0.1 });
    const judgement = await classifier.judge('i gave things away');
    expect(judgement.isCrisis).toBe(false);
    expect(judgement.tier).toBeUndefined();
  });
});
