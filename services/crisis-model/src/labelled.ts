// The team's labelled set (labelled/README.md): one message a line with its label, language and category, split
// once into train (the classifier's examples), validation (where the threshold is chosen) and test (reported,
// never tuned on).
import { readFileSync } from 'node:fs';

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
  const lines = readFileSync(new URL(`${split}.tsv`, folder), 'utf8')
    .split(/\r?\n/)
    .slice(1);
  return lines
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [label, lang, category, text] = line.split('\t');
      if ((label !== 'crisis' && label !== 'ordinary') || (lang !== 'en' && lang !== 'es') || !category || !text) {
        throw new Error(`labelled/${split}.tsv: a line is not "label<TAB>lang<TAB>category<TAB>text": ${line}`);
      }
      return { label, lang, category, text };
    });
}
