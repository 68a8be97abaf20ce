// The library's pages ranked by a question's words: BM25 over concepts (vocabulary.ts folds the words visitors
// use into what the pages say), a bonus for a word of the title, and the choice of the pages that answer and of
// each page's lines that speak to the question.
import { WEAK, terms } from './vocabulary.js';
import type { Passage } from './pages.js';

/** A page's subject: its title without the section it belongs to ("NAET (Treatments)" is about NAET). */
export const topicOf = (passage: Passage) => passage.title.replace(/ \([^)]*\)$/, '');

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
/** A line the question's words do not name is quoted when its cosine with the question is at least this. */
const LINE_MEANING = 0.45;

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

/** The question's words scored against every page. */
export interface Scored {
  subject: string[];
  scores: Float64Array;
  /** The question's words each page has. */
  matched: Set<string>[];
}

export class WordIndex {
  private readonly docs: Indexed[];
  /** concept → [doc index, weighted frequency] */
  private readonly postings = new Map<string, [number, number][]>();
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly averageLength: number;
  private readonly lengths: number[];

  constructor(passages: Passage[]) {
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

  /** The question's words against every page (BM25 over concepts, a title bonus); none when it has no subject. */
  score(query: string): Scored {
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
  chooseByWords({ subject, scores, matched }: Scored, options: SearchOptions) {
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

  /**
   * The page's lines for this question, in page order: what the page is, the lines on what the question
   * asks that the page mentions in passing (coffee on the insomnia page), then its summary (its main causes,
   * one point of each approach, a tip; a treatment's benefits) as room allows.
   */
  linesFor(doc: number, subject: string[], max: number, meaning?: number[]): string[] {
    const { passage, lineTerms, about } = this.docs[doc]!;
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
