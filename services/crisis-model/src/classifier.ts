// The crisis net's second layer. The rules (@hhp/crisis-rules) catch what is said in so many words; this judges
// what they let pass by meaning: each part of the message (segments.ts) is embedded, and its score is how much
// nearer it lies to the labelled crisis examples than to the labelled ordinary ones (the mean similarity of the
// K nearest of each). The message's score is its highest part's; at or above THRESHOLD it is a crisis. The
// threshold is chosen on the validation split for recall (scripts/choose-threshold.mjs), and the held-out test
// split reports what it does (test/unit/held-out.test.ts).
import { similarity, type Embedder } from '@hhp/embeddings';
import { segments } from './segments.js';
import type { Labelled } from './labelled.js';
import { THRESHOLD } from './threshold.js';

/** How many nearest examples of each label a score averages. */
export const K = 3;

export interface Judgement {
  isCrisis: boolean;
  /** The highest part's margin (crisis nearness minus ordinary nearness). */
  score: number;
}

export class CrisisClassifier {
  private constructor(
    private readonly embedder: Embedder,
    private readonly crisis: Float32Array[],
    private readonly ordinary: Float32Array[],
    readonly threshold: number,
  ) {}

  /** Embeds the examples (about a second for the train split) and returns the classifier. */
  static async build(
    embedder: Embedder,
    examples: readonly Labelled[],
    threshold: number = THRESHOLD,
  ): Promise<CrisisClassifier> {
    const vectors = await embedder.embedMany(examples.map((example) => example.text));
    const of = (label: Labelled['label']) => vectors.filter((_, i) => examples[i]!.label === label);
    return new CrisisClassifier(embedder, of('crisis'), of('ordinary'), threshold);
  }

  /** The message's score: its most crisis-like part's. */
  async score(message: string): Promise<number> {
    const parts = segments(message);
    if (parts.length === 0) return -1;
    const vectors = await this.embedder.embedMany(parts);
    return Math.max(...vectors.map((vector) => this.margin(vector)));
  }

  async judge(message: string): Promise<Judgement> {
    const score = await this.score(message);
    return { isCrisis: score >= this.threshold, score };
  }

  private margin(vector: Float32Array): number {
    return nearest(vector, this.crisis) - nearest(vector, this.ordinary);
  }
}

/** The mean similarity of the K examples nearest to the vector. */
function nearest(vector: Float32Array, examples: readonly Float32Array[]): number {
  const best = new Array<number>(K).fill(-1);
  for (const example of examples) {
    const s = similarity(vector, example);
    if (s <= best[K - 1]!) continue;
    let i = K - 1;
    while (i > 0 && best[i - 1]! < s) {
      best[i] = best[i - 1]!;
      i--;
    }
    best[i] = s;
  }
  return best.reduce((sum, s) => sum + s, 0) / K;
}
