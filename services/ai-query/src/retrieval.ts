// Grounding: the portal's own pages (the eight condition pages, the six modalities) as passages,
// ranked for a question with BM25. Small enough to index in memory at startup (< 1 ms a query).
import { CONDITIONS, MODALITIES, type Condition, type Modality } from '@hhp/proto';

export interface Passage {
  title: string;
  path: string;
  /** What the answer may quote or summarise. */
  text: string;
  /** Short bullet points for the offline answer. */
  highlights: string[];
}

export interface Hit {
  passage: Passage;
  score: number;
}

const STOP_WORDS = new Set(
  [
    'a an and are as at be but by can do does for from have how i if in is it its me my of on or so that the their',
    'this to what when which with you your am was were been has had feel feeling get getting really very much about',
    'any some lately recently often always people thing things just also still lot help helps helped',
  ]
    .join(' ')
    .split(' '),
);

/** Lower-case word stems: "sleeping", "sleeps" and "sleep" meet; so do "anxious" and "anxiety" (anxi). */
export function terms(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .match(/[a-z]+/g) ?? []
  )
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  for (const suffix of ['ation', 'ness', 'ing', 'ety', 'ous', 'ies', 'ed', 'es', 'ly', 's', 'y']) {
    if (word.length - suffix.length >= 4 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Words people use that the pages say differently. */
const SYNONYMS: Record<string, string> = {
  sleep: 'insomnia',
  sleepless: 'insomnia',
  awake: 'insomnia',
  heartburn: 'reflux',
  indigestion: 'reflux',
  itch: 'rash',
  eczema: 'rash',
  skin: 'rash',
  fatigue: 'lethargy',
  exhaust: 'lethargy',
  sad: 'depression',
  low: 'depression',
  bloat: 'constipation',
  weight: 'weight',
  binge: 'overeating',
  stress: 'anxiety',
  worry: 'anxiety',
  angry: 'irritability',
  irritable: 'irritability',
  back: 'spine',
  neck: 'spine',
  spinal: 'spine',
  allergy: 'naet',
  allerg: 'naet',
  worri: 'anxiety',
  tired: 'lethargy',
  food: 'nutrition',
  diet: 'nutrition',
};

function expand(queryTerms: string[]): string[] {
  const expanded = [...queryTerms];
  for (const term of queryTerms) {
    const synonym = SYNONYMS[term];
    if (synonym) expanded.push(...terms(synonym));
  }
  return expanded;
}

function conditionPassage(condition: Condition): Passage {
  const approaches = condition.approaches.map((a) => `${a.title}: ${a.points.join('; ')}`);
  return {
    title: condition.title,
    path: condition.path,
    text: [
      condition.name,
      condition.symptom,
      condition.subtitle,
      ...condition.rootCauses.map((c) => `${c.title}. ${c.text}`),
      ...(condition.lists ?? []).flatMap((l) => [l.title, ...l.items]),
      ...approaches,
      ...condition.tips,
      condition.energyPatch ? `${condition.energyPatch.title}. ${condition.energyPatch.text}` : '',
    ].join('\n'),
    highlights: [
      ...condition.rootCauses.slice(0, 2).map((c) => `${c.title}: ${c.text}`),
      ...condition.approaches.map((a) => `${a.title}: ${a.points.slice(0, 2).join('; ')}`),
      ...condition.tips.slice(0, 2),
    ],
  };
}

function modalityPassage(modality: Modality): Passage {
  return {
    title: modality.name,
    path: modality.path,
    text: [modality.name, modality.description, modality.overview, ...(modality.benefits ?? [])].join('\n'),
    highlights: [modality.description, ...(modality.benefits ?? []).slice(0, 3)],
  };
}

interface Indexed {
  passage: Passage;
  frequencies: Map<string, number>;
  length: number;
}

export class Library {
  private readonly docs: Indexed[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(passages: Passage[] = [...CONDITIONS.map(conditionPassage), ...MODALITIES.map(modalityPassage)]) {
    this.docs = passages.map((passage) => {
      // The title counts three times: a question naming a page's subject should find that page first.
      const words = [...terms(passage.text), ...Array(3).fill(terms(passage.title)).flat()];
      const frequencies = new Map<string, number>();
      for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
      for (const word of frequencies.keys())
        this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1);
      return { passage, frequencies, length: words.length };
    });
    this.averageLength = this.docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, this.docs.length);
  }

  /**
   * The best `limit` passages, best first: those scoring at least `minScore` and at least `relative` times
   * the best one's score. Pages that share only a word or two with the question are not cited beside the
   * page it is about (a sleep question's sources are the insomnia page, not the rash page).
   */
  search(query: string, { limit = 3, minScore = 1, relative = 0.4 } = {}): Hit[] {
    const queryTerms = [...new Set(expand(terms(query)))];
    const k1 = 1.2;
    const b = 0.75;
    const n = this.docs.length;
    return this.docs
      .map(({ passage, frequencies, length }) => {
        let score = 0;
        for (const term of queryTerms) {
          const tf = frequencies.get(term);
          if (!tf) continue;
          const df = this.documentFrequency.get(term) ?? 0;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * length) / this.averageLength));
        }
        return { passage, score };
      })
      .filter((hit) => hit.score >= minScore)
      .sort((a, b) => b.score - a.score)
      .filter((hit, _, [best]) => hit.score >= relative * best!.score)
      .slice(0, limit);
  }
}
