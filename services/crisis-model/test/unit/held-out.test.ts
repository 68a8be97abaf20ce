import { readFileSync } from 'node:fs';
import { detectCrisis } from '@hhp/crisis-rules';
import { E5Embedder, Embedder, embeddingModelDir } from '@hhp/embeddings';
import {
  CrisisClassifier,
  POSSIBLE_THRESHOLDS,
  THRESHOLDS,
  readLabelled,
  trainingExamples,
  type Labelled,
} from '../../src/index.js';

// The crisis net (the rules, then the model on what they let pass) on messages the classifier never saw: the
// labelled test split (held out: the thresholds were chosen on validation), and the portal's labelled visitor
// questions (ordinary traffic: ai-query's two retrieval sets; the thresholds are chosen to alarm on at most 2% of
// them, so that figure is not held out). The figures are printed per language and recorded in BENCHMARKS.md ("The
// crisis model"); the floors below are what the net does today, so a change that makes it catch less or alarm more
// fails here. The middle band ("possibly at risk": the answer with the crisis lines beside it) is printed apart:
// recall counting a crisis or possible verdict, and how many ordinary messages get the lines; a false alarm is still
// only the crisis answer in place of an answer.

const modelDir = embeddingModelDir();
const spanishDir = embeddingModelDir(process.env, 'e5');
let embedder: Embedder;
let spanish: E5Embedder;
let classifier: CrisisClassifier;

beforeAll(async () => {
  embedder = await Embedder.load({ dir: modelDir });
  spanish = await E5Embedder.load({ dir: spanishDir });
  const thresholds = { crisis: THRESHOLDS, possible: POSSIBLE_THRESHOLDS };
  classifier = await CrisisClassifier.build({ embedder, cache: { modelDir } }, trainingExamples(), thresholds, {
    embedder: spanish,
    cache: { modelDir: spanishDir, kind: 'e5' },
  });
}, 300_000);
afterAll(() => Promise.all([embedder.release(), spanish.release()]));

interface Verdict {
  rules: boolean;
  /** The model's crisis verdict (the crisis answer). */
  model: boolean;
  /** The model's middle band (the answer, and the crisis lines with it). */
  possible: boolean;
}

async function judge(text: string): Promise<Verdict> {
  const rules = detectCrisis(text).isCrisis;
  const tier = rules ? undefined : (await classifier.judge(text)).tier;
  return { rules, model: tier === 'crisis', possible: tier === 'possible' };
}

const rate = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part}/${whole})`;

function figures(rows: (Labelled & Verdict)[]) {
  const crisis = rows.filter((r) => r.label === 'crisis');
  const ordinary = rows.filter((r) => r.label === 'ordinary');
  const caughtByRules = crisis.filter((r) => r.rules).length;
  const caught = crisis.filter((r) => r.rules || r.model).length;
  const alarms = ordinary.filter((r) => r.rules || r.model).length;
  const reached = crisis.filter((r) => r.rules || r.model || r.possible).length;
  const lines = ordinary.filter((r) => r.possible).length;
  return {
    recall: caught / Math.max(1, crisis.length),
    recallWithBand: reached / Math.max(1, crisis.length),
    rulesRecall: caughtByRules / Math.max(1, crisis.length),
    falsePositives: alarms / Math.max(1, ordinary.length),
    text:
      `recall ${rate(caught, crisis.length)} (rules alone ${rate(caughtByRules, crisis.length)}), ` +
      `false positives ${rate(alarms, ordinary.length)} (rules alone ${rate(ordinary.filter((r) => r.rules).length, ordinary.length)})\n` +
      `    with the middle band: recall (crisis or possible) ${rate(reached, crisis.length)}, ` +
      `false alarms (the crisis answer) ${rate(alarms, ordinary.length)}, ` +
      `ordinary messages given the crisis lines beside the answer ${rate(lines, ordinary.length)}`,
  };
}

describe('the crisis net on the held-out test split', () => {
  let rows: (Labelled & Verdict)[];
  beforeAll(async () => {
    rows = [];
    for (const example of readLabelled('test')) rows.push({ ...example, ...(await judge(example.text)) });
    const missed = rows.filter((r) => r.label === 'crisis' && !r.rules && !r.model);
    const alarms = rows.filter((r) => r.label === 'ordinary' && (r.rules || r.model));
    const unreached = missed.filter((r) => !r.possible);
    console.log(
      [
        `crisis model, held-out test split (thresholds ${JSON.stringify(THRESHOLDS)}, middle band from ${JSON.stringify(POSSIBLE_THRESHOLDS)}):`,
        `  English: ${figures(rows.filter((r) => r.lang === 'en')).text}`,
        `  Spanish: ${figures(rows.filter((r) => r.lang === 'es')).text}`,
        `  missed by category: ${JSON.stringify(count(missed.map((r) => `${r.lang} ${r.category}`)))}`,
        `  missed even by the middle band: ${JSON.stringify(count(unreached.map((r) => `${r.lang} ${r.category}`)))}`,
        `  false alarms by category: ${JSON.stringify(count(alarms.map((r) => `${r.lang} ${r.category}`)))}`,
      ].join('\n'),
    );
  }, 120_000);

  it('catches more English crises than the rules alone, with few false alarms', () => {
    const english = figures(rows.filter((r) => r.lang === 'en'));
    // Measured on this split (2026-11-27, thresholds as committed): recall 90.2% (rules alone 35.3%), false
    // positives 7.8% (rules alone 4.9%). The issue's targets (recall 100%, false positives at most 3%) are not met:
    // BENCHMARKS.md, "The crisis model".
    expect(english.recall).toBeGreaterThanOrEqual(0.88);
    expect(english.recall - english.rulesRecall).toBeGreaterThanOrEqual(0.5);
    expect(english.falsePositives).toBeLessThanOrEqual(0.09);
    // With the middle band (2026-11-27): 99.0% of the crises get the crisis answer or the lines beside the answer.
    expect(english.recallWithBand).toBeGreaterThanOrEqual(0.98);
  });

  it('catches most Spanish crises the rules miss, read by the multilingual model, with few false alarms', () => {
    const spanish = figures(rows.filter((r) => r.lang === 'es'));
    // Measured on this split (2026-11-27, multilingual-e5-small for Spanish, thresholds as committed): recall 82.1%
    // (rules alone 33.3%), false positives 2.8% (rules alone 2.8%). The issue's target (100%) is not met.
    expect(spanish.recall).toBeGreaterThanOrEqual(0.8);
    expect(spanish.recall - spanish.rulesRecall).toBeGreaterThanOrEqual(0.4);
    expect(spanish.falsePositives).toBeLessThanOrEqual(0.06);
    // With the middle band (2026-11-27): 100% (39/39).
    expect(spanish.recallWithBand).toBeGreaterThanOrEqual(0.97);
  });
});

describe('the crisis net on ordinary traffic', () => {
  it('rarely takes a visitor question about health for a crisis (the labelled questions of ai-query)', async () => {
    const sets = ['retrieval-set.json', 'retrieval-paraphrase-set.json'].flatMap(
      (name) =>
        (
          JSON.parse(readFileSync(new URL(`../../../ai-query/test/${name}`, import.meta.url), 'utf8')) as {
            questions: { q: string }[];
          }
        ).questions,
    );
    const alarms: string[] = [];
    let lines = 0;
    for (const { q } of sets) {
      const verdict = await judge(q);
      if (verdict.rules || verdict.model) alarms.push(q);
      if (verdict.possible) lines++;
    }
    console.log(
      `crisis model, visitor questions: false positives ${rate(alarms.length, sets.length)}: ${JSON.stringify(alarms)}; ` +
        `given the crisis lines beside the answer (middle band) ${rate(lines, sets.length)}`,
    );
    expect(alarms.length / sets.length).toBeLessThanOrEqual(0.02);
  }, 60_000);
});

function count(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
