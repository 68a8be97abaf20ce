// The library's pages by their meaning: what of each page the sentence-embedding model embeds (its lines, a
// symptom category's signs one by one, a visitor's words for its subject, its lead), the subjects no page
// covers, and each line's nearness to a question.
import { embedCached, similarity, type TextEmbedder } from '@hhp/embeddings';
import type { Passage } from './pages.js';
import { ELSEWHERE, VISITOR_WORDS } from './visitor-words.js';
import { topicOf } from './word-index.js';

/**
 * The sentence-embedding model as the library uses it: the model once it has loaded, `undefined` before or when
 * it failed (then the library ranks by words alone). `EmbeddingModel` (@hhp/embeddings) is one; `time` times a
 * use of it (its `embedding_seconds{use}` histogram).
 */
export interface EmbeddingSource {
  readonly embedder: TextEmbedder | undefined;
  time?<T>(use: string, work: () => Promise<T>): Promise<T>;
}

/** What the library embeds of a page: each unit is a line, one of its common signs, or a visitor's words for it. */
export interface PassageVectors {
  /** Per page: the title and the lead lines together. */
  lead: Float32Array[];
  /** Per page: its units' vectors, each with the index of the page line it quotes (-1: a visitor's words). */
  units: { vector: Float32Array; line: number }[][];
  /** Subjects no page covers (ELSEWHERE). */
  elsewhere: Float32Array[];
}

/** The pages' vectors; `cache`: where they are kept between starts (embedCached). */
export async function embedPassages(
  embedder: TextEmbedder,
  passages: Passage[],
  cache?: { modelDir: string; cacheDir?: string },
): Promise<PassageVectors> {
  const texts: string[] = [];
  const units = passages.map((passage) => {
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
  const leads = passages.map((passage) =>
    [topicOf(passage), ...passage.lines.filter((line) => line.lead).map((line) => line.text)].join('\n'),
  );
  const all = [...texts, ...leads, ...ELSEWHERE];
  const vectors = cache ? await embedCached(embedder, all, cache) : await embedder.embedMany(all);
  let next = 0;
  return {
    units: units.map((unit) => unit.map(({ line }) => ({ vector: vectors[next++]!, line }))),
    lead: vectors.slice(texts.length, texts.length + leads.length),
    elsewhere: vectors.slice(texts.length + leads.length),
  };
}

/** Per page: its best unit's cosine with the question, and each line's (its best unit's; -1 where none quotes it). */
export function meaningOfLines(vector: Float32Array, passages: Passage[], vectors: PassageVectors) {
  return vectors.units.map((units, doc) => {
    const lines = new Array<number>(passages[doc]!.lines.length).fill(-1);
    let best = -1;
    for (const { vector: unit, line } of units) {
      const cosine = similarity(vector, unit);
      if (cosine > best) best = cosine;
      if (line >= 0 && cosine > lines[line]!) lines[line] = cosine;
    }
    return { best, lines };
  });
}
