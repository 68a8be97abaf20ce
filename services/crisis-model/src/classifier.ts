// The crisis net's second layer. The rules (@hhp/crisis-rules) catch what is said in so many words; this judges
// what they let pass by meaning: each part of the message (segments.ts) is embedded, and its score is how much
// nearer it lies to the labelled crisis examples than to the labelled ordinary ones (the mean similarity of the
// K nearest of each). The message's score is its highest part's; at or above its language's threshold it is a
// crisis. The thresholds are chosen on the validation split (scripts/choose-threshold.mjs), and the held-out test
// split reports what they do (test/unit/held-out.test.ts).
import { crisisLanguage, type CrisisLanguage } from '@hhp/crisis-rules';
import { DIMENSIONS, embedCached, type TextEmbedder } from '@hhp/embeddings';
import { segments } from './segments.js';
import type { Labelled } from './labelled.js';
import { THRESHOLDS } from './threshold.js';

/** How many nearest examples of each label a score averages. */
export const K = 5;
/**
 * Fewer words than this say too little for a sentence vector ("help", "one more?" lie near everything); the rules
 * judge them alone (they know the short forms: "kms", "want to die", "end it").
 */
export const MIN_WORDS = 3;

export type Thresholds = Record<CrisisLanguage, number>;

export interface Judgement {
  isCrisis: boolean;
  /** The highest part's margin (crisis nearness minus ordinary nearness). */
  score: number;
  language: CrisisLanguage;
  /** The category of the crisis example nearest to that part ("violence": the answer adds the hotline). */
  category: string | undefined;
  /** The whole message's vector as the model read it (its text: whitespace folded), for other uses of it. */
  embedded?: { text: string; vector: Float32Array };
}

/** Examples of one label, one row of DIMENSIONS per example. */
interface Examples {
  vectors: Float32Array;
  count: number;
  categories: string[];
}

export class CrisisClassifier {
  private constructor(
    private readonly embedder: TextEmbedder,
    private readonly crisis: Examples,
    private readonly ordinary: Examples,
    readonly thresholds: Thresholds,
  ) {}

  /**
   * Embeds the examples (seconds for a few thousand; with `cache`, once per machine: embedCached) and returns
   * the classifier.
   */
  static async build(
    embedder: TextEmbedder,
    examples: readonly Labelled[],
    thresholds: Thresholds = THRESHOLDS,
    cache?: { modelDir: string; cacheDir?: string },
  ): Promise<CrisisClassifier> {
    const texts = examples.map((example) => example.text);
    const vectors = cache ? await embedCached(embedder, texts, cache) : await embedder.embedMany(texts);
    const of = (label: Labelled['label']): Examples => {
      const rows = examples.flatMap((example, i) => (example.label === label ? [i] : []));
      const matrix = new Float32Array(rows.length * DIMENSIONS);
      rows.forEach((row, n) => matrix.set(vectors[row]!, n * DIMENSIONS));
      return { vectors: matrix, count: rows.length, categories: rows.map((row) => examples[row]!.category) };
    };
    return new CrisisClassifier(embedder, of('crisis'), of('ordinary'), thresholds);
  }

  /** The message's most crisis-like part: its score and the category of the crisis example nearest to it. */
  async judge(message: string): Promise<Judgement> {
    const language = crisisLanguage(message);
    // The model reads English (and, weakly, Spanish) words: other scripts are the rules' alone.
    const parts = readable(message) ? segments(message) : [];
    let score = -Infinity;
    let category: string | undefined;
    const vectors = parts.length ? await this.embedder.embedMany(parts) : [];
    for (const vector of vectors) {
      const crisis = nearest(vector, this.crisis);
      const margin = crisis.mean - nearest(vector, this.ordinary).mean;
      if (margin > score) {
        score = margin;
        category = this.crisis.categories[crisis.index];
      }
    }
    return {
      isCrisis: score >= this.thresholds[language],
      score,
      language,
      category,
      ...(vectors[0] ? { embedded: { text: parts[0]!, vector: vectors[0] } } : {}),
    };
  }
}

/** At least MIN_WORDS words, mostly in Latin letters. */
function readable(message: string): boolean {
  const words = message.match(/\p{L}+/gu) ?? [];
  if (words.length < MIN_WORDS) return false;
  const letters = words.join('');
  const latin = letters.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return latin >= letters.length / 2;
}

/** The mean similarity of the K examples nearest to the vector (cosine: the vectors have length 1), and the nearest. */
function nearest(vector: Float32Array, examples: Examples): { mean: number; index: number } {
  const best = new Array<number>(K).fill(-1);
  let index = -1;
  const { vectors, count } = examples;
  for (let n = 0; n < count; n++) {
    let s = 0;
    const offset = n * DIMENSIONS;
    for (let d = 0; d < DIMENSIONS; d++) s += vector[d]! * vectors[offset + d]!;
    if (s <= best[K - 1]!) continue;
    if (s > best[0]!) index = n;
    let i = K - 1;
    while (i > 0 && best[i - 1]! < s) {
      best[i] = best[i - 1]!;
      i--;
    }
    best[i] = s;
  }
  return { mean: best.reduce((sum, s) => sum + s, 0) / K, index };
}
