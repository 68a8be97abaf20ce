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
import { embedCached, similarity, type TextEmbedder } from '@hhp/embeddings';
import { WEAK, terms } from './vocabulary.js';
import { portalPages, type Passage } from './pages.js';
import { ELSEWHERE, VISITOR_WORDS } from './visitor-words.js';

export { terms } from './vocabulary.js';
export { portalPages, type PageKind, type Passage } from './pages.js';

/** A page's subject: its title without the section it belongs to ("NAET (Treatments)" is about NAET). */
const topicOf = (passage: Passage) => passage.title.replace(/ \([^)]*\)$/, '');

export interface Hit {
  passage: Passage;
  score: number;
  /** What the page is, its lines on what the question asks, then its summary; in the page's order. */
  lines: string[];
}

interface Indexed {
  passage: Passage;
  length: number;
  /** Concepts of each line, for picking the lines that answer. */
  lineTerms: Set<string>[];
  /** Concepts of the title and the lead lines: what the page is about. */
  about: Set<string>;
  title: Set<string>;
}

/** How much a word counts in each part of a page. */
const TITLE_WEIGHT = 3;
const LEAD_WEIGHT = 1.5;
/** A word of the question in a page's title adds this many times its idf, beyond its BM25 share. */
const TITLE_BONUS = 1;
/** Weak words count this much of their weight. */
const WEAK_WEIGHT = 0.3;
/**
 * BM25's term-frequency saturation and length normalisation (weaker than the usual 0.75: a symptom category
 * is a tenth of a condition page's length).
 */
const K1 = 1.2;
const B = 0.5;

export interface SearchOptions {
  /** At most this many pages. */
  limit?: number;
  /** Pages below this BM25 score never answer. */
  minScore?: number;
  /** Share of the question's subject (by idf) that the chosen pages must cover. */
  minCoverage?: number;
  /** Further pages must score at least this share of the best. */
  relative?: number;
  /** Lines quoted per page at most. */
  linesPerPage?: number;
}

/** The treatment a question asks to be answered from ("from the nutritional perspective"), if any. */
const PERSPECTIVES: [RegExp, string][] = [
  [/\bayurved(?:a|ic)\b/, 'ayurveda'],
  [/\bchiropractic\b/, 'chiropractic'],
  [/\bnutrition(?:al)?\b|\bfood as medicine\b/, 'nutrition'],
  [/\bnaet\b/, 'naet'],
  [/\blifevessel\b/, 'lifevessel'],
  [/\blifewave\b/, 'lifewave'],
];
export function perspectiveAsked(query: string): string | undefined {
  const match = /\bfrom (?:an? |the )?([a-z ]{3,30}?) (?:perspective|point of view|view)\b/i.exec(query);
  if (!match) return undefined;
  const named = match[1]!.toLowerCase();
  return PERSPECTIVES.find(([pattern]) => pattern.test(named))?.[1];
}

/**
 * The sentence-embedding model as the library uses it: the model once it has loaded, `undefined` before or when
 * it failed (then the library ranks by words alone). `EmbeddingModel` (@hhp/embeddings) is one; `time` times a
 * use of it (its `embedding_seconds{use}` histogram).
 */
export interface EmbeddingSource {
  readonly embedder: TextEmbedder | undefined;
  time?<T>(use: string, work: () => Promise<T>): Promise<T>;
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

/** What the library embeds of a page: each unit is a line, one of its common signs, or a visitor's words for it. */
interface PassageVectors {
  /** Per page: the title and the lead lines together. */
  lead: Float32Array[];
  /** Per page: its units' vectors, each with the index of the page line it quotes (-1: a visitor's words). */
  units: { vector: Float32Array; line: number }[][];
  /** Subjects no page covers (ELSEWHERE). */
  elsewhere: Float32Array[];
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
/** A line the question's words do not name is quoted when its cosine with the question is at least this. */
const LINE_MEANING = 0.45;

/** The Symptom Explorer's requests (frontend/src/features/symptoms/texts.ts): the symptoms after the request. */
const REQUESTS = [
  /^please analy[sz]e the following symptoms\b[^:]*:\s*(\S[\s\S]*)$/i,
  /^from the [a-z ]{3,30}? perspective only\b[\s\S]*?\bmy symptoms:\s*(\S[\s\S]*)$/i,
];

/**
 * The text whose meaning the library compares with its pages: the question, or the visitor's own symptoms when
 * the Symptom Explorer wraps them in its request (whose words would otherwise match every treatment's page).
 */
export function meaningText(query: string): string {
  const trimmed = query.trim();
  for (const request of REQUESTS) {
    const symptoms = request.exec(trimmed)?.[1];
    if (symptoms) return symptoms;
  }
  return query;
}

/** The question's words scored against every page. */
interface Scored {
  subject: string[];
  scores: Float64Array;
  /** The question's words each page has. */
  matched: Set<string>[];
}

export class Library {
  private readonly docs: Indexed[];
  /** concept → [doc index, weighted frequency] */
  private readonly postings = new Map<string, [number, number][]>();
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly averageLength: number;
  private readonly lengths: number[];
  /** The pages' vectors, computed once per loaded model. */
  private vectors:
    { embedder: TextEmbedder; ready?: PassageVectors; done: Promise<PassageVectors | undefined> } | undefined;

  /**
   * `model`: the sentence-embedding model, when there is one. `cache`: where the pages' vectors are kept between
   * starts (embedCached: a restart reads them instead of spending two seconds of CPU on them).
   */
  constructor(
    passages: Passage[] = portalPages(),
    private readonly model?: EmbeddingSource,
    private readonly cache?: { modelDir: string; cacheDir?: string },
  ) {
    const frequencies: Map<string, number>[] = [];
    this.docs = passages.map((passage, index) => {
      const tf = new Map<string, number>();
      const add = (words: string[], weight: number) => {
        for (const word of words) tf.set(word, (tf.get(word) ?? 0) + weight);
      };
      // "NAET (Treatments)": the section the page belongs to is no subject of it.
      const titleTerms = terms(topicOf(passage));
      add(titleTerms, TITLE_WEIGHT);
      const lineTerms = passage.lines.map((line) => {
        const words = terms(line.text);
        add(words, line.lead ? LEAD_WEIGHT : 1);
        return new Set(words);
      });
      const about = new Set([
        ...titleTerms,
        ...lineTerms.filter((_, i) => passage.lines[i]!.lead).flatMap((s) => [...s]),
      ]);
      frequencies[index] = tf;
      const length = [...tf.values()].reduce((a, b) => a + b, 0);
      return { passage, length, lineTerms, about, title: new Set(titleTerms) };
    });
    const n = this.docs.length;
    frequencies.forEach((tf, index) => {
      for (const [word, count] of tf) {
        let list = this.postings.get(word);
        if (!list) this.postings.set(word, (list = []));
        list.push([index, count]);
      }
    });
    for (const [word, list] of this.postings) {
      this.idf.set(word, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
    }
    this.maxIdf = Math.log(1 + (n - 0.5) / 1.5);
    this.lengths = this.docs.map((d) => d.length);
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, n);
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
        done: this.embedPassages(embedder).then(
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

  private async embedPassages(embedder: TextEmbedder): Promise<PassageVectors> {
    const texts: string[] = [];
    const units = this.docs.map(({ passage }) => {
      // "Irritability", not "Irritability: Finding Your Calm Again": the tagline's words are no subject.
      const topic = topicOf(passage).replace(/:.*$/, '');
      const unit: { text: string; line: number }[] = [];
      passage.lines.forEach((line, i) => {
        unit.push({ text: `${topic}: ${line.text}`, line: i });
        // A symptom category's signs, each on its own: "my whole body aches" is near "Muscle aches" alone.
        const signs = /^Common signs: (.*)\.$/.exec(line.text)?.[1];
        for (const sign of signs?.split(', ') ?? []) unit.push({ text: `${topic}: ${sign}`, line: i });
      });
      for (const words of VISITOR_WORDS[passage.path] ?? []) unit.push({ text: words, line: -1 });
      texts.push(...unit.map(({ text }) => text));
      return unit;
    });
    const leads = this.docs.map(({ passage }) =>
      [topicOf(passage), ...passage.lines.filter((line) => line.lead).map((line) => line.text)].join('\n'),
    );
    const all = [...texts, ...leads, ...ELSEWHERE];
    const vectors = this.cache ? await embedCached(embedder, all, this.cache) : await embedder.embedMany(all);
    let next = 0;
    return {
      units: units.map((unit) => unit.map(({ line }) => ({ vector: vectors[next++]!, line }))),
      lead: vectors.slice(texts.length, texts.length + leads.length),
      elsewhere: vectors.slice(texts.length + leads.length),
    };
  }

  /** The question's words against every page (BM25 over concepts, a title bonus); none when it has no subject. */
  private score(query: string): Scored {
    const words = [...new Set(terms(query))];
    const subject = words.filter((w) => !WEAK.has(w));
    const scores = new Float64Array(this.docs.length);
    const matched: Set<string>[] = this.docs.map(() => new Set());
    if (subject.length === 0) return { subject, scores, matched };
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) continue;
      const idf = this.idf.get(word)! * (WEAK.has(word) ? WEAK_WEIGHT : 1);
      for (const [doc, tf] of list) {
        const norm = K1 * (1 - B + (B * this.lengths[doc]!) / this.averageLength);
        scores[doc]! += (idf * tf * (K1 + 1)) / (tf + norm) + (this.docs[doc]!.title.has(word) ? TITLE_BONUS * idf : 0);
        matched[doc]!.add(word);
      }
    }
    return { subject, scores, matched };
  }

  /**
   * The pages BM25 alone chooses, best first, and whether they answer: the best page is about something the
   * question asks, or the pages cover most of what it asks.
   */
  private chooseByWords({ subject, scores, matched }: Scored, options: SearchOptions) {
    const { limit = 3, minScore = 1, minCoverage = 0.6, relative = 0.5 } = options;
    const ranked = [...scores.keys()]
      .filter((doc) => scores[doc]! >= minScore && subject.some((word) => matched[doc]!.has(word)))
      .sort((x, y) => scores[y]! - scores[x]!);
    if (ranked.length === 0) return { chosen: [], answers: false };
    const best = scores[ranked[0]!]!;
    // The best page, then pages nearly as good or that cover a part of the question it does not.
    const chosen = [ranked[0]!];
    const covered = new Set(subject.filter((word) => matched[ranked[0]!]!.has(word)));
    for (const doc of ranked.slice(1)) {
      if (chosen.length >= limit) break;
      const adds = subject.filter((word) => matched[doc]!.has(word) && !covered.has(word));
      const about = subject.some((word) => matched[doc]!.has(word) && this.docs[doc]!.about.has(word));
      if ((about && scores[doc]! >= relative * best) || (adds.length > 0 && scores[doc]! >= (relative / 2) * best)) {
        chosen.push(doc);
        for (const word of adds) covered.add(word);
      }
    }
    // A word the library never uses weighs as much as one that only one page uses: likely the subject.
    const weightOf = (word: string) => this.idf.get(word) ?? this.maxIdf;
    const total = subject.reduce((sum, word) => sum + weightOf(word), 0);
    const top = this.docs[ranked[0]!]!;
    const onTopic = subject.some((word) => matched[ranked[0]!]!.has(word) && top.about.has(word));
    const coverage = [...covered].reduce((sum, word) => sum + weightOf(word), 0) / total;
    return { chosen, answers: onTopic || coverage >= minCoverage };
  }

  /** "From the Ayurvedic perspective …" (the Symptom Explorer's follow-ups): that treatment's page, if asked. */
  private perspectivePage(query: string): number {
    const asked = perspectiveAsked(query);
    return asked === undefined ? -1 : this.docs.findIndex((d) => d.passage.path === `/treatments#${asked}`);
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
      passage: this.docs[doc]!.passage,
      score: score[doc]!,
      lines: this.linesFor(
        this.docs[doc]!,
        subject,
        doc === first ? linesPerPage : Math.ceil(linesPerPage / 2),
        near?.(doc),
      ),
    }));
  }

  /** The pages that answer the question by its words alone (BM25): what `search` does without the model. */
  searchWords(query: string, options: SearchOptions = {}): Hit[] {
    const { limit = 3, linesPerPage = 6 } = options;
    const scored = this.score(query);
    if (scored.subject.length === 0) return [];
    const { chosen, answers } = this.chooseByWords(scored, options);
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
    const scored = this.score(query);
    const byWords = this.chooseByWords(scored, options);
    // Each line's cosine with the question (its best unit's), and each page's score.
    const lineMeaning = passages.units.map((units, doc) => {
      const lines = new Array<number>(this.docs[doc]!.passage.lines.length).fill(-1);
      let best = -1;
      for (const { vector: unit, line } of units) {
        const cosine = similarity(vector, unit);
        if (cosine > best) best = cosine;
        if (line >= 0 && cosine > lines[line]!) lines[line] = cosine;
      }
      return { best, lines };
    });
    const fused = this.docs.map((_, doc) => {
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

  /**
   * The page's lines for this question, in page order: what the page is, the lines on what the question
   * asks that the page mentions in passing (coffee on the insomnia page), then its summary (its main causes,
   * one point of each approach, a tip; a treatment's benefits) as room allows.
   */
  private linesFor(doc: Indexed, subject: string[], max: number, meaning?: number[]): string[] {
    const { passage, lineTerms, about } = doc;
    const specific = subject.filter((word) => !about.has(word));
    const weigh = (i: number) =>
      specific.reduce((sum, word) => sum + (lineTerms[i]!.has(word) ? this.idf.get(word)! : 0), 0);
    const byWords = passage.lines
      .map((_, i) => ({ i, weight: weigh(i) }))
      .filter(({ weight }) => weight > 0)
      .sort((x, y) => y.weight - x.weight)
      .map(({ i }) => i);
    // Then the lines nearest the question in meaning ("lying awake until 4am": the racing mind's line).
    const byMeaning = (meaning ?? [])
      .map((cosine, i) => ({ i, cosine }))
      .filter(({ i, cosine }) => cosine >= LINE_MEANING && !byWords.includes(i))
      .sort((x, y) => y.cosine - x.cosine)
      .map(({ i }) => i);
    const found = [...byWords, ...byMeaning];
    const leads = passage.lines.flatMap((line, i) => (line.lead ? [i] : []));
    const summary = passage.lines.flatMap((line, i) => (line.summary ? [i] : []));
    // A treatment says what it is first; a condition page its subtitle, then what was asked.
    const head = passage.kind === 'condition' ? leads.slice(0, 1) : leads;
    const picked = [...head, ...found.slice(0, 3), ...summary];
    return [...new Set(picked)]
      .slice(0, Math.max(max, head.length))
      .sort((x, y) => x - y)
      .map((i) => passage.lines[i]!.text);
  }
}
