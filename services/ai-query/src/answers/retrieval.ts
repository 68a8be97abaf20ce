// Grounding: everything the portal says (the eight condition pages, the six treatments' overviews and
// benefits, the six symptom categories, the sessions and their prices) as pages of short lines, ranked for
// a question by its words and by its meaning.
// Words: BM25 over concepts: word stems folded through a small map of the words visitors use for what the
// pages say ("anxious", "nervous" and "worried" are anxiety; "migraine" is a headache; "GERD" is reflux).
// Meaning: the offline sentence-embedding model (@hhp/embeddings, all-MiniLM-L6-v2), once it has loaded: each
// page's lines, its common signs and a visitor's words for its subject (visitor-words.ts) are embedded once, and
// a page scores its nearest one's cosine with the question, plus a share of its lead's and of its BM25 score.
// Without the model (loading, failed) the words decide alone, exactly as before it came.
// A page answers only when it is near enough to what the question asks: a question whose subject is nowhere in
// the library ("vitamins for my bones") gets no pages rather than the nearest wrong one, and the answer says
// so. Each hit carries the page's lines that speak to the question, so an answer can be composed from several
// pages. What a search costs is printed by the retrieval-quality unit test (BENCHMARKS.md).
import { similarity, type TextEmbedder } from '@hhp/embeddings';
import { portalPages, type Passage } from './pages.js';
import { embedPassages, meaningOfLines, type EmbeddingSource, type PassageVectors } from './page-vectors.js';
import { meaningText, perspectiveAsked } from './question-text.js';
import { WordIndex, type SearchOptions } from './word-index.js';

export interface Hit {
  passage: Passage;
  score: number;
  /** What the page is, its lines on what the question asks, then its summary; in the page's order. */
  lines: string[];
}

/** A question's vector that the caller has already computed (the crisis check), and the text it was computed from. */
interface Embedded {
  text: string;
  /** `embedder.embed(text)`: length DIMENSIONS (384), normalised. */
  vector: Float32Array;
}

export interface FindOptions extends SearchOptions {
  /** Used instead of embedding the question again when its `text` is what the library embeds (`meaningText`). */
  embedded?: Embedded;
}

/**
 * How the meaning and the words are weighed together. A page scores its best unit's cosine with the question,
 * plus a quarter of its lead's, plus half of its BM25 score squashed into 0..1 (s / (s + 10)). The best page
 * answers when its score is at least ANSWER_ALONE (or ANSWER_WITH_WORDS where BM25 alone would answer too: its
 * page is about what the question asks), and the question is not nearer a subject no page covers (ELSEWHERE)
 * than to the library, by more than ELSEWHERE_MARGIN; otherwise nothing fits. Chosen on the labelled sets'
 * tuning halves, each threshold in the middle of the gap it separates (BENCHMARKS.md, "The offline engine:
 * retrieval quality").
 */
const LEAD_SHARE = 0.25;
const WORDS_SHARE = 0.5;
const WORDS_HALF = 10;
const ANSWER_ALONE = 0.45;
const ANSWER_WITH_WORDS = 0.35;
const ELSEWHERE_MARGIN = 0.02;
/** Further pages: BM25's further pages, and pages within this much of the best. */
const NEAR = 0.05;

export class Library {
  private readonly index: WordIndex;
  /** The pages' vectors, computed once per loaded model. */
  private vectors:
    { embedder: TextEmbedder; ready?: PassageVectors; done: Promise<PassageVectors | undefined> } | undefined;

  /**
   * `model`: the sentence-embedding model, when there is one. `cache`: where the pages' vectors are kept between
   * starts (embedCached: a restart reads them instead of spending two seconds of CPU on them).
   */
  constructor(
    private readonly passages: Passage[] = portalPages(),
    private readonly model?: EmbeddingSource,
    private readonly cache?: { modelDir: string; cacheDir?: string },
  ) {
    this.index = new WordIndex(passages);
  }

  /**
   * The pages that answer the question, best first, each with its lines that speak to it; none when the
   * library has nothing on the question's subject. Ranked by words (BM25) and meaning (the sentence-embedding
   * model) together once the model has loaded; by words alone before, or when it failed (`searchWords`).
   */
  async search(query: string, options: FindOptions = {}): Promise<Hit[]> {
    // While the pages are being embedded (a couple of seconds after the model loads), the words answer.
    const passages = this.passageVectors().ready;
    if (!passages) return this.searchWords(query, options);
    const text = meaningText(query);
    let vector: Float32Array;
    try {
      vector = options.embedded?.text === text ? options.embedded.vector : await this.embed(text);
    } catch {
      return this.searchWords(query, options);
    }
    return this.searchBoth(query, vector, passages, options);
  }

  /**
   * Embeds the pages now if the model has loaded (else the first search starts it): true once they are.
   * A failure leaves the library ranking by words alone.
   */
  async prepare(): Promise<boolean> {
    return (await this.passageVectors().done) !== undefined;
  }

  /** The pages' vectors for the model loaded now: `ready` once they are computed, `done` when they will be. */
  private passageVectors(): { ready?: PassageVectors; done: Promise<PassageVectors | undefined> } {
    const embedder = this.model?.embedder;
    if (!embedder) return { done: Promise.resolve(undefined) };
    if (this.vectors?.embedder !== embedder) {
      const vectors: NonNullable<typeof this.vectors> = {
        embedder,
        done: embedPassages(embedder, this.passages, this.cache).then(
          (passages) => (vectors.ready = passages),
          () => undefined,
        ),
      };
      this.vectors = vectors;
    }
    return this.vectors;
  }

  private embed(text: string): Promise<Float32Array> {
    const embedder = this.model!.embedder!;
    const work = () => embedder.embed(text);
    return this.model!.time ? this.model!.time('retrieval', work) : work();
  }

  /** "From the Ayurvedic perspective …" (the Symptom Explorer's follow-ups): that treatment's page, if asked. */
  private perspectivePage(query: string): number {
    const asked = perspectiveAsked(query);
    return asked === undefined ? -1 : this.passages.findIndex((passage) => passage.path === `/treatments#${asked}`);
  }

  /** The chosen pages as hits: the first page (or the perspective's) quotes more lines than the others. */
  private hits(
    chosen: number[],
    first: number,
    subject: string[],
    linesPerPage: number,
    score: ArrayLike<number>,
    near?: (doc: number) => number[],
  ): Hit[] {
    return chosen.map((doc) => ({
      passage: this.passages[doc]!,
      score: score[doc]!,
      lines: this.index.linesFor(doc, subject, doc === first ? linesPerPage : Math.ceil(linesPerPage / 2), near?.(doc)),
    }));
  }

  /** The pages that answer the question by its words alone (BM25): what `search` does without the model. */
  searchWords(query: string, options: SearchOptions = {}): Hit[] {
    const { limit = 3, linesPerPage = 6 } = options;
    const scored = this.index.score(query);
    if (scored.subject.length === 0) return [];
    const { chosen, answers } = this.index.chooseByWords(scored, options);
    if (chosen.length === 0) return [];
    const own = this.perspectivePage(query);
    if (own >= 0) {
      const first = [own, ...chosen.filter((doc) => doc !== own).slice(0, limit - 1)];
      return this.hits(first, own, scored.subject, linesPerPage, scored.scores);
    }
    if (!answers) return [];
    return this.hits(chosen, chosen[0]!, scored.subject, linesPerPage, scored.scores);
  }

  /** Words and meaning together (the model has loaded and the pages are embedded). */
  private searchBoth(query: string, vector: Float32Array, passages: PassageVectors, options: SearchOptions): Hit[] {
    const { limit = 3, linesPerPage = 6 } = options;
    const scored = this.index.score(query);
    const byWords = this.index.chooseByWords(scored, options);
    // Each line's cosine with the question (its best unit's), and each page's score.
    const lineMeaning = meaningOfLines(vector, this.passages, passages);
    const fused = this.passages.map((_, doc) => {
      const words = scored.scores[doc]!;
      return (
        lineMeaning[doc]!.best +
        LEAD_SHARE * similarity(vector, passages.lead[doc]!) +
        (WORDS_SHARE * words) / (words + WORDS_HALF)
      );
    });
    const ranked = [...fused.keys()].sort((x, y) => fused[y]! - fused[x]!);
    const best = ranked[0]!;
    const chosen = [best];
    for (const doc of ranked.slice(1)) {
      if (chosen.length >= limit) break;
      if (byWords.chosen.includes(doc) || fused[doc]! >= fused[best]! - NEAR) chosen.push(doc);
    }
    const linesNear = (doc: number) => lineMeaning[doc]!.lines;
    const own = this.perspectivePage(query);
    if (own >= 0) {
      const first = [own, ...chosen.filter((doc) => doc !== own)].slice(0, limit);
      return this.hits(first, own, scored.subject, linesPerPage, fused, linesNear);
    }
    const near = Math.max(...lineMeaning.map(({ best }) => best));
    const elsewhere = Math.max(...passages.elsewhere.map((subject) => similarity(vector, subject)));
    const answers =
      (fused[best]! >= ANSWER_ALONE || (byWords.answers && fused[best]! >= ANSWER_WITH_WORDS)) &&
      near >= elsewhere - ELSEWHERE_MARGIN;
    if (!answers) return [];
    return this.hits(chosen, best, scored.subject, linesPerPage, fused, linesNear);
  }
}
