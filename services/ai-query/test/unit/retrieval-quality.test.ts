import { readFileSync } from 'node:fs';
import { Library } from '../../src/answers/retrieval.js';

// The labelled visitor questions (test/retrieval-set.json): each with the pages that may rightly answer it
// first, or none when no page of the library fits. A third were held out while the engine was tuned; the
// figures are printed for each part (BENCHMARKS.md, "The offline engine: retrieval quality").
interface Labelled {
  q: string;
  pages: string[];
  holdout: boolean;
}

const { questions } = JSON.parse(readFileSync(new URL('../retrieval-set.json', import.meta.url), 'utf8')) as {
  questions: Labelled[];
};
const library = new Library();
const results = questions.map((question) => ({ ...question, top: library.search(question.q)[0]?.passage.path }));

const percent = (part: number, whole: number) =>
  `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part}/${whole})`;

function figures(part: typeof results) {
  const answerable = part.filter((r) => r.pages.length > 0);
  const right = answerable.filter((r) => r.top !== undefined && r.pages.includes(r.top));
  const saidNothing = part.filter((r) => r.top === undefined);
  const nothingFits = part.filter((r) => r.pages.length === 0);
  const rightlyNothing = saidNothing.filter((r) => r.pages.length === 0);
  return {
    top1: right.length / answerable.length,
    precision: rightlyNothing.length / Math.max(1, saidNothing.length),
    recall: rightlyNothing.length / nothingFits.length,
    text:
      `top-1 accuracy ${percent(right.length, answerable.length)}, ` +
      `"nothing fits" precision ${percent(rightlyNothing.length, saidNothing.length)}, ` +
      `recall ${percent(rightlyNothing.length, nothingFits.length)}`,
  };
}

/**
 * Microseconds per search over the whole set, after a warm-up: wall time, and CPU time (which moves less
 * with the other work on a shared machine).
 */
function microsecondsPerSearch(): { wall: number; cpu: number } {
  for (let i = 0; i < 50; i++) for (const { q } of questions) library.search(q);
  const searches = 200 * questions.length;
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < 200; i++) for (const { q } of questions) library.search(q);
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1000) / searches, cpu: (used.user + used.system) / searches };
}

describe('the offline engine on the labelled visitor questions', () => {
  const all = figures(results);
  const tuned = figures(results.filter((r) => !r.holdout));
  const heldOut = figures(results.filter((r) => r.holdout));
  const speed = microsecondsPerSearch();

  beforeAll(() => {
    const wrong = results.filter((r) => (r.pages.length === 0 ? r.top !== undefined : !r.pages.includes(r.top ?? '')));
    console.log(
      [
        `retrieval set (${questions.length} questions, ${questions.filter((q) => q.pages.length === 0).length} that no page fits):`,
        `  all:      ${all.text}`,
        `  tuned:    ${tuned.text}`,
        `  held out: ${heldOut.text}`,
        `  search: ${speed.cpu.toFixed(1)} µs of CPU, ${speed.wall.toFixed(1)} µs wall time per question (${questions.length} questions × 200)`,
        ...wrong.map(
          (r) => `  wrong${r.holdout ? ' (held out)' : ''}: ${JSON.stringify(r.q)} -> ${r.top ?? 'nothing'}`,
        ),
      ].join('\n'),
    );
  });

  test('when the set is asked, then at least 90% of the answerable questions get a right page first', () => {
    expect(all.top1).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.top1).toBeGreaterThanOrEqual(0.9);
  });

  test('when the engine says nothing fits, then at least 90% of the time nothing does, and it says so for most such questions', () => {
    expect(all.precision).toBeGreaterThanOrEqual(0.9);
    expect(heldOut.precision).toBeGreaterThanOrEqual(0.9);
    expect(all.recall).toBeGreaterThanOrEqual(0.8);
  });

  test('when a question is searched, then it takes well under 0.2 ms', () => {
    // A loose bound for a shared machine; the printed figure is the measure.
    expect(speed.cpu).toBeLessThan(200);
  });
});
