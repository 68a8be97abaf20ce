// Chooses the crisis model's thresholds, one per language, on the validation split, and writes them to
// src/threshold.ts. The rule: the lowest threshold (the most crises caught) at which the rules OR the model raise no
// more false alarms than 3% of the split's ordinary messages of that language (hard negatives, mostly), and no more
// than 2% of ordinary traffic: ai-query's labelled visitor questions (English); the threshold goes halfway between
// the last ordinary score it lets pass and the next crisis score. A split too small to resolve 3% (fewer than 34
// ordinary lines: the Spanish one has 24, where one line is 4.2%) lets the model raise one false alarm of its own.
// Messages in Spanish are scored by the multilingual model (multilingual-e5-small) when it is installed, as the
// services do.
// The second threshold, per language, is the lower edge of the middle band ("possibly at risk": the ordinary answer
// with the crisis lines beside it, never the crisis answer in its place): the highest one at which the rules or the
// model put every validation crisis of that language at or above it, halfway between the lowest crisis score and
// the next ordinary score below it (rounded down). It prints, per language, what each threshold costs and the share
// of ordinary validation lines and of visitor questions that fall in the middle band. The test split is not read.
//
//   npx tsc -b && node services/crisis-model/scripts/choose-threshold.mjs [--dry-run]
import { readFileSync, writeFileSync } from 'node:fs';
import { crisisLanguage, detectCrisis } from '@hhp/crisis-rules';
import { E5Embedder, Embedder, embeddingModelDir } from '@hhp/embeddings';
import { CrisisClassifier, readLabelled, trainingExamples } from '@hhp/crisis-model';

const MAX_FALSE_POSITIVE_RATE = 0.03;
const MAX_TRAFFIC_FALSE_POSITIVE_RATE = 0.02;

const modelDir = embeddingModelDir();
const spanishDir = embeddingModelDir(process.env, 'e5');
const embedder = await Embedder.load({ dir: modelDir });
const spanish = await E5Embedder.load({ dir: spanishDir });
const examples = trainingExamples();
const classifier = await CrisisClassifier.build({ embedder, cache: { modelDir } }, examples, undefined, {
  embedder: spanish,
  cache: { modelDir: spanishDir, kind: 'e5' },
});
const scored = [];
for (const example of readLabelled('validation')) {
  const { score } = await classifier.judge(example.text);
  // The threshold that applies is the one of the language the message reads as (what the service does).
  scored.push({
    ...example,
    language: crisisLanguage(example.text),
    rules: detectCrisis(example.text).isCrisis,
    score,
  });
}

// Ordinary traffic: the visitor questions ai-query's retrieval is measured on.
const traffic = [];
for (const name of ['retrieval-set.json', 'retrieval-paraphrase-set.json']) {
  const { questions } = JSON.parse(readFileSync(new URL(`../../ai-query/test/${name}`, import.meta.url), 'utf8'));
  for (const { q } of questions) {
    traffic.push({
      language: crisisLanguage(q),
      rules: detectCrisis(q).isCrisis,
      score: (await classifier.judge(q)).score,
    });
  }
}

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part}/${whole})`;
const thresholds = {};
const possible = {};
for (const language of ['en', 'es']) {
  const mine = scored.filter((m) => m.language === language);
  const crisis = mine.filter((m) => m.label === 'crisis');
  const ordinary = mine.filter((m) => m.label === 'ordinary');
  const unresolved = ordinary.length * MAX_FALSE_POSITIVE_RATE < 1;
  const allowed = Math.max(
    Math.floor(ordinary.length * MAX_FALSE_POSITIVE_RATE) - ordinary.filter((m) => m.rules).length,
    unresolved ? 1 : 0,
  );
  // Ordinary scores the rules let pass, highest first: the threshold must sit above the (allowed+1)-th.
  const passed = ordinary
    .filter((m) => !m.rules)
    .map((m) => m.score)
    .sort((a, b) => b - a);
  const valFloor = allowed < 0 ? Infinity : (passed[allowed] ?? -Infinity);
  const visitors = traffic.filter((m) => m.language === language);
  const trafficAllowed =
    Math.floor(visitors.length * MAX_TRAFFIC_FALSE_POSITIVE_RATE) - visitors.filter((m) => m.rules).length;
  const trafficPassed = visitors
    .filter((m) => !m.rules)
    .map((m) => m.score)
    .sort((a, b) => b - a);
  const trafficFloor = trafficAllowed < 0 ? Infinity : (trafficPassed[trafficAllowed] ?? -Infinity);
  const floor = Math.max(valFloor, visitors.length ? trafficFloor : -Infinity);
  const above = crisis
    .filter((m) => !m.rules && m.score > floor)
    .map((m) => m.score)
    .sort((a, b) => a - b);
  const threshold =
    above.length === 0 ? 1 : Number.isFinite(floor) ? Math.round(((floor + above[0]) / 2) * 1e4) / 1e4 : above[0];
  thresholds[language] = threshold;
  // The middle band's lower edge: every validation crisis the rules let pass at or above it.
  const lowest = Math.min(...crisis.filter((m) => !m.rules).map((m) => m.score));
  const below = [...ordinary, ...visitors]
    .filter((m) => !m.rules && m.score < lowest)
    .map((m) => m.score)
    .reduce((a, b) => Math.max(a, b), -Infinity);
  const low = !Number.isFinite(lowest)
    ? threshold
    : Math.min(threshold, Math.floor((Number.isFinite(below) ? (below + lowest) / 2 : lowest) * 1e4) / 1e4);
  possible[language] = low;
  for (const [name, at] of [
    ['crisis (chosen)', threshold],
    ['possible (every validation crisis)', low],
  ]) {
    const caught = crisis.filter((m) => m.rules || m.score >= at).length;
    const alarms = ordinary.filter((m) => m.rules || m.score >= at).length;
    const trafficAlarms = visitors.filter((m) => m.rules || m.score >= at).length;
    console.log(
      `${language} ${name} threshold ${at.toFixed(4)}: recall ${percent(caught, crisis.length)}, ` +
        `false positives ${percent(alarms, ordinary.length)}; visitor questions ${percent(trafficAlarms, visitors.length)}`,
    );
  }
  const band = (m) => !m.rules && m.score >= low && m.score < threshold;
  console.log(
    `${language} middle band [${low.toFixed(4)}, ${threshold.toFixed(4)}): crises ${percent(crisis.filter(band).length, crisis.length)}, ` +
      `ordinary lines ${percent(ordinary.filter(band).length, ordinary.length)}, ` +
      `visitor questions ${percent(visitors.filter(band).length, visitors.length)}`,
  );
}

if (!process.argv.includes('--dry-run')) {
  writeFileSync(
    new URL('../src/threshold.ts', import.meta.url),
    '// Written by scripts/choose-threshold.mjs from the validation split; do not edit by hand.\n' +
      `export const THRESHOLDS = { ${Object.entries(thresholds)
        .map(([language, value]) => `${language}: ${value}`)
        .join(', ')} };\n` +
      '/** The middle band\'s lower edge ("possibly at risk": the answer, and the crisis lines with it). */\n' +
      `export const POSSIBLE_THRESHOLDS = { ${Object.entries(possible)
        .map(([language, value]) => `${language}: ${value}`)
        .join(', ')} };\n`,
  );
  console.log(`wrote src/threshold.ts: ${JSON.stringify({ crisis: thresholds, possible })}`);
}
await embedder.release();
await spanish.release();
