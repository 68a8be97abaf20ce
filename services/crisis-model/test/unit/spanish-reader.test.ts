import { DIMENSIONS, type TextEmbedder } from '@hhp/embeddings';
import { CrisisClassifier, SPANISH_MAX_BACKLOG, type Labelled } from '../../src/index.js';

// Which model reads which message, with stand-in models (a vector per word count), so that what is checked is the
// classifier's routing and its limit, not a model's judgement.

class StandIn implements TextEmbedder {
  backlog = 0;
  readonly read: string[] = [];
  async embed(text: string): Promise<Float32Array> {
    this.read.push(text);
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
  { label: 'crisis', lang: 'es', category: 'goodbye', text: 'ya me despedí de todos' },
  { label: 'ordinary', lang: 'es', category: 'symptoms', text: 'me duele la rodilla' },
];
const thresholds = { en: 0, es: 0 };

describe('the crisis classifier with a multilingual model', () => {
  test('when a message is in Spanish, then the multilingual model reads it; otherwise MiniLM', async () => {
    const english = new StandIn();
    const spanish = new StandIn();
    const classifier = await CrisisClassifier.build({ embedder: english }, examples, thresholds, { embedder: spanish });
    english.read.length = 0;
    spanish.read.length = 0;
    await classifier.judge('no puedo más con esta vida, ya lo decidí todo');
    await classifier.judge('what helps with a stiff neck in the morning');
    expect(spanish.read).toEqual(['no puedo más con esta vida, ya lo decidí todo']);
    expect(english.read).toEqual(['what helps with a stiff neck in the morning']);
    // Only the Spanish examples were given to the multilingual model.
    expect(classifier.readsSpanish).toBe(true);
  });

  test('when the multilingual model has work waiting, then a message in Spanish gets no verdict at once (the rules decide)', async () => {
    const spanish = new StandIn();
    const classifier = await CrisisClassifier.build({ embedder: new StandIn() }, examples, thresholds, {
      embedder: spanish,
    });
    spanish.backlog = SPANISH_MAX_BACKLOG;
    await expect(classifier.judge('no puedo más con esta vida, ya lo decidí todo')).rejects.toThrow(/busy/);
    await expect(classifier.judge('what helps with a stiff neck in the morning')).resolves.toMatchObject({
      language: 'en',
    });
  });

  test('when there is no multilingual model, then a message in Spanish gets no score from MiniLM', async () => {
    const english = new StandIn();
    const classifier = await CrisisClassifier.build({ embedder: english }, examples, thresholds);
    english.read.length = 0;
    const judgement = await classifier.judge('no puedo más con esta vida, ya lo decidí todo');
    expect(judgement).toMatchObject({ isCrisis: false, language: 'es' });
    expect(english.read).toEqual([]);
  });
});
