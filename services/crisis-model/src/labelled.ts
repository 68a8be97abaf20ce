// The team's labelled set (labelled/README.md): one message a line with its label, language and category, split
// once into train (the classifier's examples), validation (where the threshold is chosen) and test (reported,
// never tuned on); and extra training lines (extra-*.tsv), written apart from the pool, so they never overlap
// validation or test.
import { readFileSync, readdirSync } from 'node:fs';

export type Split = 'train' | 'validation' | 'test';

export interface Labelled {
  label: 'crisis' | 'ordinary';
  lang: 'en' | 'es';
  category: string;
  text: string;
}

const folder = new URL('../labelled/', import.meta.url);

/** One split's lines, in file order. */
export function readLabelled(split: Split): Labelled[] {
  return readTsv(`${split}.tsv`);
}

/** The classifier's examples: the train split, then the extra training files. */
export function trainingExamples(): Labelled[] {
  const extras = readdirSync(folder)
    .filter((name) => /^extra-[a-z0-9]+\.tsv$/.test(name))
    .sort();
  return [...readLabelled('train'), ...extras.flatMap(readTsv)];
}

function readTsv(name: string): Labelled[] {
  const lines = readFileSync(new URL(name, folder), 'utf8').split(/\r?\n/).slice(1);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [label, lang, category, text] = line.split('\t');
      if ((label !== 'crisis' && label !== 'ordinary') || (lang !== 'en' && lang !== 'es') || !category || !text) {
        throw new Error(`labelled/${name}: a line is not "label<TAB>lang<TAB>category<TAB>text": ${line}`);
      }
      return { label, lang, category, text };
    });
}
