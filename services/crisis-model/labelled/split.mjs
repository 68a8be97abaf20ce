// Splits pool.tsv into train.tsv, validation.tsv and test.tsv, stratified by (label, lang, category).
//
//   node services/crisis-model/labelled/split.mjs          writes the three files and prints the counts
//   node services/crisis-model/labelled/split.mjs --check  writes nothing; exits 1 if the files differ from pool.tsv
//
// The rule: within each stratum the lines are taken in pool order, in blocks of ten. Each block gets its own
// seeded shuffle of the pattern 5 train, 2 validation, 3 test, and the n-th line of the block takes the n-th
// place of the pattern. So the split depends only on a line's stratum and its place among the lines of that
// stratum: a line appended at the end of pool.tsv never moves a line already split, and running the script
// twice gives identical files. Plain Node, no dependencies.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const HEADER = 'label\tlang\tcategory\ttext';
const SEED = 'hhp-crisis-labelled-v1';
const PATTERN = ['train', 'train', 'train', 'train', 'train', 'validation', 'validation', 'test', 'test', 'test'];
const SPLITS = ['train', 'validation', 'test'];
const LABELS = new Set(['crisis', 'ordinary']);
const LANGS = new Set(['en', 'es']);

/** FNV-1a, 32 bits: the seed of one block's shuffle. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffledPattern(stratum, block) {
  const random = generator(hash(`${SEED}|${stratum}|${block}`));
  const pattern = [...PATTERN];
  for (let i = pattern.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [pattern[i], pattern[j]] = [pattern[j], pattern[i]];
  }
  return pattern;
}

function readPool() {
  const lines = readFileSync(join(HERE, 'pool.tsv'), 'utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines[0] !== HEADER) throw new Error(`pool.tsv: the first line must be the header "${HEADER}"`);
  const seen = new Map();
  const rows = [];
  lines.slice(1).forEach((line, index) => {
    const where = `pool.tsv line ${index + 2}`;
    const fields = line.split('\t');
    if (fields.length !== 4) throw new Error(`${where}: ${fields.length} fields, expected 4 (a tab inside the text?)`);
    const [label, lang, category, text] = fields;
    if (!LABELS.has(label)) throw new Error(`${where}: label "${label}" is not crisis or ordinary`);
    if (!LANGS.has(lang)) throw new Error(`${where}: lang "${lang}" is not en or es`);
    if (!/^[a-z]+(?:-[a-z]+)*$/.test(category)) throw new Error(`${where}: category "${category}" is not kebab-case`);
    if (text.trim() === '' || text !== text.trim()) throw new Error(`${where}: empty text or spaces around it`);
    const key = text.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) throw new Error(`${where}: duplicate of line ${seen.get(key)} (case-insensitive)`);
    seen.set(key, index + 2);
    rows.push({ label, lang, category, text, line });
  });
  return rows;
}

function split(rows) {
  const perStratum = new Map();
  const out = { train: [], validation: [], test: [] };
  for (const row of rows) {
    const stratum = `${row.label}|${row.lang}|${row.category}`;
    const position = perStratum.get(stratum) ?? 0;
    perStratum.set(stratum, position + 1);
    const part = shuffledPattern(stratum, Math.floor(position / PATTERN.length))[position % PATTERN.length];
    out[part].push(row);
  }
  return out;
}

function counts(parts) {
  const table = new Map();
  for (const part of SPLITS) {
    for (const row of parts[part]) {
      const key = `${row.label}\t${row.lang}\t${row.category}`;
      const entry = table.get(key) ?? { train: 0, validation: 0, test: 0 };
      entry[part] += 1;
      table.set(key, entry);
    }
  }
  const lines = ['label\tlang\tcategory\ttrain\tvalidation\ttest\ttotal'];
  const totals = new Map();
  for (const key of [...table.keys()].sort()) {
    const entry = table.get(key);
    lines.push(
      `${key}\t${entry.train}\t${entry.validation}\t${entry.test}\t${entry.train + entry.validation + entry.test}`,
    );
    const group = key.split('\t').slice(0, 2).join('\t');
    const total = totals.get(group) ?? { train: 0, validation: 0, test: 0 };
    for (const part of SPLITS) total[part] += entry[part];
    totals.set(group, total);
  }
  for (const [group, total] of [...totals].sort()) {
    lines.push(
      `${group}\t(all)\t${total.train}\t${total.validation}\t${total.test}\t${total.train + total.validation + total.test}`,
    );
  }
  return lines.join('\n');
}

const parts = split(readPool());
const check = process.argv.includes('--check');
let stale = [];
for (const part of SPLITS) {
  const file = join(HERE, `${part}.tsv`);
  const content = [HEADER, ...parts[part].map((row) => row.line)].join('\n') + '\n';
  if (!check) writeFileSync(file, content);
  else {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== content) stale.push(`${part}.tsv`);
  }
}
console.log(counts(parts));
if (stale.length > 0) {
  console.error(`stale: ${stale.join(', ')} (run node services/crisis-model/labelled/split.mjs)`);
  process.exit(1);
}
