// Chooses the crisis model's threshold on the validation split, for recall: the highest threshold at which the
// rules OR the model catch every crisis message of the split, less a margin, and writes it to src/threshold.ts.
// Prints each candidate's false-positive rate, English and Spanish apart. The test split is not read.
//
//   npx tsc -b && node services/crisis-model/scripts/choose-threshold.mjs [--dry-run]
import { writeFileSync } from 'node:fs';
import { detectCrisis } from '@hhp/crisis-rules';
import { Embedder, embeddingModelDir } from '@hhp/embeddings';
import { CrisisClassifier, readLabelled } from '@hhp/crisis-model';

/** Below the lowest crisis score seen, so a paraphrase a little further out is still caught. */
const MARGIN = 0.02;

const embedder = await Embedder.load({ dir: embeddingModelDir() });
const classifier = await CrisisClassifier.build(embedder, readLabelled('train'));
const validation = readLabelled('validation');
const scored = [];
for (const example of validation) {
  const rules = detectCrisis(example.text).isCrisis;
  scored.push({ ...example, rules, score: await classifier.score(example.text) });
}

const left = scored.filter((m) => m.label === 'crisis' && !m.rules).sort((a, b) => a.score - b.score);
const lowest = left[0]?.score ?? 1;
const threshold = Math.floor((lowest - MARGIN) * 1000) / 1000;

const percent = (part, whole) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}% (${part}/${whole})`;
function report(at) {
  for (const lang of ['en', 'es']) {
    const crisis = scored.filter((m) => m.label === 'crisis' && m.lang === lang);
    const ordinary = scored.filter((m) => m.label === 'ordinary' && m.lang === lang);
    const caught = crisis.filter((m) => m.rules || m.score >= at).length;
    const alarms = ordinary.filter((m) => m.rules || m.score >= at).length;
    console.log(
      `  ${lang}: recall ${percent(caught, crisis.length)}, false positives ${percent(alarms, ordinary.length)}`,
    );
  }
}
console.log(`validation: ${left.length} crisis messages the rules let pass; the lowest scores:`);
for (const m of left.slice(0, 5)) console.log(`  ${m.score.toFixed(3)} [${m.lang} ${m.category}] ${m.text}`);
for (const at of [threshold, threshold + 0.02, threshold + 0.05]) {
  console.log(`threshold ${at.toFixed(3)}${at === threshold ? ' (chosen)' : ''}:`);
  report(at);
}
const flagged = scored.filter((m) => m.label === 'ordinary' && !m.rules && m.score >= threshold);
for (const m of flagged) console.log(`  flagged ${m.score.toFixed(3)} [${m.lang} ${m.category}] ${m.text}`);

if (!process.argv.includes('--dry-run')) {
  writeFileSync(
    new URL('../src/threshold.ts', import.meta.url),
    `// Written by scripts/choose-threshold.mjs from the validation split; do not edit by hand.\n` +
      `export const THRESHOLD = ${threshold};\n`,
  );
  console.log(`wrote src/threshold.ts: THRESHOLD = ${threshold}`);
}
await embedder.release();
