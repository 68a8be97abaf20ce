// The crisis net's second layer. The rules (@hhp/crisis-rules) catch what is said in so many words; this judges
// what they let pass by meaning: each part of the message (segments.ts) is embedded, and its score is how much
// nearer it lies to the labelled crisis examples than to the labelled ordinary ones (the mean similarity of the
// K nearest of each). The message's score is its highest part's; at or above its language's threshold it is a
// crisis; in the middle band below it (at or above the language's lower threshold) "possibly at risk": the visitor
// gets the ordinary answer with the crisis lines beside it, never the crisis answer in its place. The thresholds are chosen on the validation split (scripts/choose-threshold.mjs), and the held-out test
// split reports what they do (test/unit/held-out.test.ts). all-MiniLM-L6-v2 reads English well and Spanish
// poorly: a message in Spanish is read by the multilingual model (multilingual-e5-small) when it is there, against
// the Spanish examples alone, with the Spanish threshold chosen for that model.
import { crisisLanguage, type CrisisLanguage } from '@hhp/crisis-rules';
import { DIMENSIONS, defaultCacheDir, embedCached, type ModelKind, type TextEmbedder } from '@hhp/embeddings';
import { dot, groupCached } from './groups.js';
import { segments } from './segments.js';
import type { Labelled } from './labelled.js';
import { POSSIBLE_THRESHOLDS, THRESHOLDS } from './threshold.js';

/** How many nearest examples of each label a score averages. */
export const K = 5;
/**
 * Fewer words than this say too little for a sentence vector ("help", "one more?" lie near everything); the rules
 * judge them alone (they know the short forms: "kms", "want to die", "end it").
 */
export const MIN_WORDS = 3;

export type Thresholds = Record<CrisisLanguage, number>;

/**
 * Both edges per language: `crisis` (the crisis answer) and `possible`, the middle band's lower edge (the answer
 * and the crisis lines with it). One threshold per language alone: no middle band.
 */
export interface TieredThresholds {
  crisis: Thresholds;
  possible: Thresholds;
}

/** What the model's verdict says: a crisis, possibly at risk (the middle band), or neither (undefined). */
export type Tier = 'crisis' | 'possible';

const TIERED: TieredThresholds = { crisis: THRESHOLDS, possible: POSSIBLE_THRESHOLDS };

export interface Judgement {
  /** `tier === 'crisis'`. */
  isCrisis: boolean;
  /** A crisis (at or above the language's threshold), possibly at risk (the middle band below it), or neither. */
  tier: Tier | undefined;
  /** The highest part's margin (crisis nearness minus ordinary nearness). */
  score: number;
  language: CrisisLanguage;
  /** The category of the crisis example nearest to that part ("violence": the answer adds the hotline). */
  category: string | undefined;
  /**
   * The whole message's vector as MiniLM read it (its text: whitespace folded), for other uses of it (none when the
   * multilingual model read it).
   */
  embedded?: { text: string; vector: Float32Array };
}

/**
 * Examples of one label, one row of DIMENSIONS per example, grouped around centroids (spherical k-means): a search
 * compares the message with every centroid and then only with the examples of the PROBED nearest groups, about a
 * sixth of them, which is most of the time of a judgement saved (BENCHMARKS.md, "The crisis model").
 */
interface Examples {
  vectors: Float32Array;
  count: number;
  categories: string[];
  centroids: Float32Array;
  groups: Int32Array[];
}

/** Groups searched per label. */
export const PROBED = 12;

/** One model and the labelled examples as that model reads them. */
interface Reader {
  embedder: TextEmbedder;
  crisis: Examples;
  ordinary: Examples;
  /** The most parts of a message it reads (the whole message first). */
  maxParts: number;
}

/**
 * The multilingual model costs about 30 ms a part (MiniLM about 4): it reads the whole message and its first
 * parts, so that a long message in Spanish still gets its verdict well within the judge's deadline (250 ms).
 */
const SPANISH_MAX_PARTS = 5;
/**
 * Texts the multilingual model may have waiting before a message in Spanish is given no verdict at once (one: about
 * 30 ms of work ahead of it). A burst of Spanish beyond what the model reads gets the rules' verdict without waiting
 * for the judge's deadline, and the model's thread takes no more of the CPU the English messages need: measured
 * at 200 messages/s of the rules' corpus (27% Spanish), p99 251 ms with no limit, 115 ms with three, 51 ms with
 * one (BENCHMARKS.md, "The crisis model").
 */
export const SPANISH_MAX_BACKLOG = 1;

/** A model to build a reader with: its embedder, and where its vectors of the examples are cached. */
export interface ReaderModel {
  embedder: TextEmbedder;
  cache?: { modelDir: string; cacheDir?: string; kind?: ModelKind };
}

export class CrisisClassifier {
  private constructor(
    private readonly english: Reader,
    /** Messages in Spanish, when a multilingual model is there (else the English reader, and its threshold). */
    private readonly spanish: Reader | undefined,
    readonly thresholds: TieredThresholds,
  ) {}

  /**
   * Embeds the examples (seconds for a few thousand; with a cache, once per machine: embedCached) and returns
   * the classifier. With `spanish`, messages in Spanish are read by that model, against the Spanish examples;
   * without it the model gives Spanish messages no verdict (MiniLM reads Spanish too poorly: the rules decide).
   * `thresholds`: both tiers' (src/threshold.ts by default), or one per language for a crisis alone.
   */
  static async build(
    english: ReaderModel,
    examples: readonly Labelled[],
    thresholds: TieredThresholds | Thresholds = TIERED,
    spanish?: ReaderModel,
  ): Promise<CrisisClassifier> {
    const tiered = 'crisis' in thresholds ? thresholds : { crisis: thresholds, possible: thresholds };
    const classifier = new CrisisClassifier(await reader(english, examples, Infinity), undefined, tiered);
    return spanish ? classifier.withSpanish(spanish, examples) : classifier;
  }

  /** This classifier, and messages in Spanish read by `spanish` against the Spanish examples. */
  async withSpanish(spanish: ReaderModel, examples: readonly Labelled[]): Promise<CrisisClassifier> {
    const spanishExamples = examples.filter((example) => example.lang === 'es');
    return new CrisisClassifier(
      this.english,
      await reader(spanish, spanishExamples, SPANISH_MAX_PARTS),
      this.thresholds,
    );
  }

  /** Whether messages in Spanish are read by a multilingual model. */
  get readsSpanish(): boolean {
    return this.spanish !== undefined;
  }

  /** The message's most crisis-like part: its score and the category of the crisis example nearest to it. */
  async judge(message: string): Promise<Judgement> {
    const language = crisisLanguage(message);
    const reader = language === 'es' ? this.spanish : this.english;
    if (reader === this.spanish && (reader?.embedder.backlog ?? 0) >= SPANISH_MAX_BACKLOG) {
      throw new Error('the multilingual model is busy: the rules decide this message in Spanish alone');
    }
    // The models read Latin-script words: other scripts are the rules' alone.
    const parts = reader && readable(message) ? segments(message).slice(0, reader.maxParts) : [];
    let score = -Infinity;
    let category: string | undefined;
    const vectors = reader && parts.length ? await reader.embedder.embedMany(parts) : [];
    for (const vector of vectors) {
      const crisis = nearest(vector, reader!.crisis);
      const margin = crisis.mean - nearest(vector, reader!.ordinary).mean;
      if (margin > score) {
        score = margin;
        category = reader!.crisis.categories[crisis.index];
      }
    }
    const tier = this.tierOf(score, language);
    return {
      isCrisis: tier === 'crisis',
      tier,
      score,
      language,
      category,
      // MiniLM's vector only: the library's pages are embedded by MiniLM.
      ...(vectors[0] && reader === this.english ? { embedded: { text: parts[0]!, vector: vectors[0] } } : {}),
    };
  }

  /** Where a score falls: at or above the crisis threshold, in the middle band below it, or under both. */
  private tierOf(score: number, language: CrisisLanguage): Tier | undefined {
    if (score >= this.thresholds.crisis[language]) return 'crisis';
    if (score >= this.thresholds.possible[language]) return 'possible';
    return undefined;
  }
}

async function reader(
  { embedder, cache }: ReaderModel,
  examples: readonly Labelled[],
  maxParts: number,
): Promise<Reader> {
  const texts = examples.map((example) => example.text);
  const vectors = cache ? await embedCached(embedder, texts, cache) : await embedder.embedMany(texts);
  const of = async (label: Labelled['label']): Promise<Examples> => {
    const rows = examples.flatMap((example, i) => (example.label === label ? [i] : []));
    const matrix = new Float32Array(rows.length * DIMENSIONS);
    rows.forEach((row, n) => matrix.set(vectors[row]!, n * DIMENSIONS));
    return {
      vectors: matrix,
      count: rows.length,
      categories: rows.map((row) => examples[row]!.category),
      ...(await groupCached(matrix, rows.length, cache && (cache.cacheDir ?? defaultCacheDir()))),
    };
  };
  return { embedder, crisis: await of('crisis'), ordinary: await of('ordinary'), maxParts };
}

/** At least MIN_WORDS words, mostly in Latin letters. */
function readable(message: string): boolean {
  const words = message.match(/\p{L}+/gu) ?? [];
  if (words.length < MIN_WORDS) return false;
  const letters = words.join('');
  const latin = letters.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return latin >= letters.length / 2;
}

/** The examples of the PROBED groups whose centroids are nearest the vector. */
function candidates(vector: Float32Array, examples: Examples): Int32Array[] {
  const { centroids, groups } = examples;
  if (groups.length <= PROBED) return groups;
  const order = groups.map((_, c) => ({ c, s: dot(vector, centroids, c) })).sort((a, b) => b.s - a.s);
  return order.slice(0, PROBED).map(({ c }) => groups[c]!);
}

/** The mean similarity of the K examples nearest to the vector (of those searched), and the nearest. */
function nearest(vector: Float32Array, examples: Examples): { mean: number; index: number } {
  const best = new Array<number>(K).fill(-1);
  let index = -1;
  const { vectors } = examples;
  for (const members of candidates(vector, examples)) {
    for (const n of members) {
      const s = dot(vector, vectors, n);
      if (s <= best[K - 1]!) continue;
      if (s > best[0]!) index = n;
      let i = K - 1;
      while (i > 0 && best[i - 1]! < s) {
        best[i] = best[i - 1]!;
        i--;
      }
      best[i] = s;
    }
  }
  return { mean: best.reduce((sum, s) => sum + s, 0) / K, index };
}
