// Grounding: everything the portal says (the eight condition pages, the six treatments' overviews and
// benefits, the six symptom categories, the sessions and their prices) as pages of short lines, ranked for
// a question with BM25 over concepts: word stems folded through a small map of the words visitors use for
// what the pages say ("anxious", "nervous" and "worried" are anxiety; "migraine" is a headache; "GERD" is
// reflux). A page answers only when it is about something the question asks (its title or lead lines say
// so) or the pages found cover most of the question: a question whose subject is nowhere in the library
// ("vitamins for my bones") gets no pages rather than the nearest wrong one, and the answer says so. Each hit
// carries the page's lines that speak to the question, so an answer can be composed from several pages.
// Built once at startup; what a search costs is printed by the retrieval-quality unit test (BENCHMARKS.md).
import {
  CONDITIONS,
  FREE_QUESTIONS_PER_DAY,
  MODALITIES,
  PLANS,
  PRACTITIONER_SLOTS,
  SYMPTOM_CATEGORIES,
  type Condition,
  type Modality,
  type SymptomCategory,
} from '@hhp/proto';

export type PageKind = 'condition' | 'treatment' | 'symptoms' | 'sessions';

export interface Passage {
  title: string;
  path: string;
  kind: PageKind;
  /** The whole page as the model reads it. */
  text: string;
  /**
   * The page's lines in reading order: `lead` lines say what the page is about; `summary` lines answer a
   * question about the page as a whole.
   */
  lines: { text: string; lead?: boolean; summary?: boolean }[];
}

export interface Hit {
  passage: Passage;
  score: number;
  /** What the page is, its lines on what the question asks, then its summary; in the page's order. */
  lines: string[];
}

// Words that carry no subject: asked of every page alike.
const STOP_WORDS = new Set(
  `a about above after again against all almost also always am an and any anyone anything are around as at be
  because been before being below between both but by can cant could did do does doing dont down during each even
  ever every for from further get gets getting got had has have having he her here hers him his how however i if
  im in into is isnt it its ive just lately let like ll me might more most much must my myself no nor not now of
  off often on once only or other our out over own per please quite rather re really recently s same she should
  so some something sometimes still such t than that thats the their them then there these they thing things this
  those though through to too under until up us very was way ways we well were what whats when where whether which
  while who whom why will with would yet you your yours yourself ve d m o y day days time times keep keeps kept
  going go goes went come comes came make makes made say says said tell know think want wants need needs seem
  seems look looks lot lots kind sort stuff anymore anyway yes ok okay hi hello thanks thank dr helen find
  found year years yr old month months week weeks one two three four five six seven eight nine ten
  analyze analyse analysis following follow perspective perspectives possible possibly root roots behind lie
  only may care caring`.split(/\s+/),
);

// Words that say what kind of answer is wanted, not what it is about: they rank pages a little, but a page
// that shares only these with the question does not answer it.
const WEAK = new Set(
  `natural naturally help helps helped helping treat treating treated treatment treatments remedy remedies cure
  cures best good better great way tip tips advice suggest suggestion recommend work works working safe try use
  using used holistic approach approaches home fix manage improve reduce relieve ease deal support cause causes
  caused reason mean means meaning explain feel feeling felt eat eating ate avoid drink drinking body health
  healthy problem problems issue issues symptom symptoms doctor question questions ask asking take taking
  page pages know learn information info new start started stop stopping change changes daily regular sign signs
  medicine medicines trouble difficulty struggle struggling hard early heal heals healing affect affects matter matters connect connected link linked related normal common`
    .split(/\s+/)
    .flatMap((word) => [word, stem(word)]),
);

/** Phrases folded before the words are split, so that they stay one thing. */
const PHRASES: [RegExp, string][] = [
  [/\bnervous system\b/g, 'nervoussystem'],
  [/\bblood sugar\b/g, 'bloodsugar'],
  [/\bfood as medicine\b/g, 'nutrition'],
  [/\bgut brain\b/g, 'gut brain gutbrain'],
  [/\bbrain fog\b|\bfoggy\b/g, 'fog'],
  [/\blife ?vessel\b/g, 'lifevessel'],
  [/\blife ?wave\b/g, 'lifewave'],
  [/\ballergy elimination\b/g, 'naet'],
  [/\bplant based\b|\bvegan\b|\bvegetarian\b/g, 'plant'],
  [/\bin person\b/g, 'inperson'],
  [
    /\bemotional (?:eating|eater|hunger)\b|\bstress eating\b|\beat(?:ing|s)? (?:when|because|if) (?:(?:im|i am|i get|i feel|i|we|you) )?(?:stressed|anxious|nervous|sad|bored|upset|lonely)\b/g,
    'overeating',
  ],
  [/\bnervous overeating\b/g, 'overeating'],
  [/\bshort tempered\b|\bshort fuse\b|\bsnap at\b|\blose my temper\b/g, 'irritability'],
  [/\blow mood\b|\bfeel(?:ing)? down\b|\bfeel(?:ing)? low\b/g, 'depression mood'],
  [/\bbody type\b|\bconstitution\b/g, 'dosha'],
  [/\bmood swings?\b/g, 'moodswing'],
  [/\bmuscle testing\b/g, 'muscletest'],
  [/\bweight gain\b|\bgain(?:ed|ing)? weight\b|\bput on weight\b|\bbelly fat\b/g, 'weight'],
  [/\bfall(?:ing)? asleep\b|\bstay(?:ing)? asleep\b|\bkeeps? me up\b|\bback to sleep\b/g, 'sleep'],
  [/\bbreak(?:s|ing)? out\b|\bbreakouts?\b/g, 'rash'],
  [
    /\b(?:lower|upper|mid|sore|bad|my|his|her) back\b|\bback(?= (?:pain|ache|tension|neck|problems?|spasms?)\b)/g,
    'spine',
  ],
  [/\bsitting at a desk\b|\bdesk job\b|\bat a desk\b|\bhunch(?:ed|ing)?\b|\bslouch(?:ed|ing)?\b/g, 'posture'],
  [/\bcrack(?:ed|ing)? (?:my )?(?:back|neck)\b|\bspinal manipulation\b/g, 'adjustment'],
  [/\bfree questions?\b/g, 'freequestion'],
  [/\bunlimited questions?\b/g, 'unlimited'],
];

/** Words visitors use for what the pages say, folded to one concept (after the light stemming below). */
const CONCEPTS: Record<string, string> = {};
for (const [concept, words] of Object.entries({
  anxiety:
    'anxiety anxieti anxious anxiou nervous nervou nervousness worry worri worried worrying panic panicky jittery uneasy restless restlessness butterflies butterfly',
  stress: 'stress stressed stressful overwhelmed pressure',
  sleep: 'sleep sleeping sleepless sleeplessness asleep insomnia insomniac insomnium awake',
  headache: 'headache headach migraine migrain',
  constipation: 'constipation constipated constipat bowel bowels poop pooping bathroom stool stools',
  reflux: 'reflux heartburn gerd indigestion acid acidity',
  rash: 'rash rashes hive hives eczema itch itchy itching itchiness dermatitis',
  skin: 'skin acne complexion',
  irritability:
    'irritability irritabilit irritable irritated irritat angry anger cranky grumpy hangry impatient impatience temper',
  overeating: 'overeating overeat binge binging bingeing snacking snack snacks grazing',
  weight: 'weight overweight pounds kilos heavier obese',
  lethargy: 'lethargy lethargic tired tiredness fatigue fatigued exhausted exhaustion sluggish drained weary unrested',
  depression: 'depression depressed sad sadness unmotivated motivation gloomy',
  naet: 'naet nambudripad',
  allergy: 'allergy allergi allergies allergic sensitivity sensitiviti sensitivities sensitive intolerance intolerant',
  chiropractic: 'chiropractic chiropractor chiropractors chiro',
  adjustment: 'adjustment adjustments adjust adjusted',
  spine: 'spine spinal vertebra vertebrae',
  joint: 'joint joints knee knees hip hips',
  pain: 'pain pains ache aches aching achy sore hurt hurts hurting',
  stiff: 'stiff stiffness',
  inflammation: 'inflammation inflamed inflammatory swelling',
  ayurveda: 'ayurveda ayurvedic',
  dosha: 'dosha doshas',
  lifevessel: 'lifevessel chamber',
  lifewave: 'lifewave patch patches',
  nutrition: 'nutrition nutritional diet diets dietary food foods',
  meal: 'meal meals dinner breakfast supper',
  midday: 'midday noon lunch lunchtime',
  large: 'large largest big biggest',
  water: 'water hydration hydrate hydrated',
  caffeine: 'caffeine coffee caffeinated espresso',
  night: 'night nights nighttime nightly',
  bed: 'bed bedtime',
  racing: 'racing race races',
  gut: 'gut guts microbiome intestine intestines intestinal',
  stomach: 'stomach tummy belly',
  digestion: 'digestion digestive digest digesting',
  bloat: 'bloat bloated bloating gas gassy flatulence',
  mood: 'mood moods moody',
  emotion: 'emotion emotions emotional',
  hormone: 'hormone hormones hormonal',
  cycle: 'cycle cycles period periods menstrual menstruation pms',
  craving: 'crave craving cravings',
  sugar: 'sugar sugary sweets sweet',
  bloodsugar: 'bloodsugar glucose',
  appetite: 'appetite hunger hungry',
  metabolism: 'metabolism metabolic',
  energy: 'energy energetic energised energized vitality',
  tension: 'tension tensions tense',
  exercise: 'exercise exercising workout workouts activity active movement inactivity',
  sunlight: 'sunlight sun sunshine daylight winter',
  herb: 'herb herbs herbal',
  massage: 'massage massages abhyanga padabhyanga',
  breath: 'breath breathe breathing breathwork pranayama',
  fibre: 'fibre fiber',
  spice: 'spice spices spiced spicy',
  dairy: 'dairy cheese',
  soap: 'soap soaps detergent detergents',
  session: 'session sessions appointment appointments consultation consultations consult booking book schedule',
  price: 'price prices pricing cost costs fee fees pay paying charge expensive cheap dollar dollars afford',
  subscription: 'subscription subscribe subscribing subscriber membership monthly',
  cancel: 'cancel cancelling canceling cancellation',
  available: 'available availability tuesday tuesdays',
  mindful: 'mindful mindfully mindfulness',
})) {
  for (const word of words.split(' ')) CONCEPTS[word] = concept;
}

function normalize(text: string): string {
  let normal = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ');
  for (const [pattern, replacement] of PHRASES) normal = normal.replace(pattern, replacement);
  return normal;
}

function stem(word: string): string {
  // Plurals first (Harman's S-stemmer: "allergies" → "allergy", "routines" → "routine"), then one ending.
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('es') && !/[aeo]es$/.test(w) && w.length > 4) w = w.slice(0, -1);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w) && w.length > 3) w = w.slice(0, -1);
  for (const suffix of ['ation', 'ness', 'ing', 'ous', 'ed', 'ly']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The concepts of a text, in order: "I can't sleep, so anxious" → ["sleep", "anxiety"]. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of normalize(text).match(/[a-z][a-z0-9]*/g) ?? []) {
    if (word.length < 3 || STOP_WORDS.has(word)) continue;
    out.push(CONCEPTS[word] ?? CONCEPTS[stem(word)] ?? stem(word));
  }
  return out;
}

type Line = Passage['lines'][number];

const page = (kind: PageKind, title: string, path: string, lines: Line[]): Passage => ({
  title,
  path,
  kind,
  text: lines.map((line) => line.text).join('\n'),
  lines,
});

const conditionPassage = (condition: Condition): Passage =>
  page('condition', condition.title, condition.path, [
    { text: condition.subtitle, lead: true },
    { text: condition.rootCausesIntro, lead: true },
    ...condition.rootCauses.map((c, i) => ({ text: `${c.title}: ${c.text}`, summary: i < 2 })),
    ...(condition.lists ?? []).flatMap((l) => l.items.map((item) => ({ text: `${l.title}: ${item}` }))),
    ...condition.approaches.flatMap((a) =>
      a.points.map((point, i) => ({ text: `${a.title}: ${point}`, summary: i === 0 })),
    ),
    ...condition.tips.map((tip, i) => ({ text: `Tip: ${tip}`, summary: i === 0 })),
    ...(condition.energyPatch ? [{ text: `${condition.energyPatch.title}: ${condition.energyPatch.text}` }] : []),
  ]);

const treatmentPassage = (modality: Modality): Passage =>
  page('treatment', `${modality.name} (Treatments)`, modality.path, [
    { text: modality.description, lead: true },
    // The overview, a sentence a line: "What is NAET?" is answered by all of it.
    ...(modality.overview.match(/[^.]+(?:\.|$)/g) ?? []).map((s) => ({ text: s.trim(), lead: true })),
    ...(modality.benefits ?? []).map((benefit) => ({ text: `Benefit: ${benefit}`, summary: true })),
  ]);

const symptomsPassage = (category: SymptomCategory): Passage =>
  page('symptoms', `${category.name} (Symptom Explorer)`, `/symptoms#${category.id}`, [
    { text: category.description, lead: true },
    { text: `Common signs: ${category.symptoms.join(', ')}.`, lead: true },
  ]);

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/** The booking page: the plans, prices and free questions as the catalogue states them. */
function sessionsPassage(): Passage {
  const { 'ai-session': ai, subscription, 'dr-helen': consultation } = PLANS;
  const name = (text: string) => text.replaceAll('{name}', 'the practitioner');
  return page('sessions', 'Sessions and prices (Book Session)', '/book', [
    {
      text: `Guests can ask the AI ${FREE_QUESTIONS_PER_DAY} free questions a day; a subscription or an AI session gives unlimited questions.`,
      lead: true,
    },
    {
      text: `${ai.name}: ${name(ai.summary)}, ${ai.durationMinutes} minutes, ${dollars(ai.priceCents)} (${ai.features.join('; ')}).`,
      lead: true,
    },
    {
      text: `${subscription.name}: ${name(subscription.summary)}, ${dollars(subscription.priceCents)} a month (${subscription.features.join('; ')}).`,
      lead: true,
    },
    {
      text: `${name(consultation.summary)}: ${consultation.durationMinutes} minutes, ${dollars(consultation.priceCents)}, on Tuesdays only, at ${PRACTITIONER_SLOTS.join(', ')} (${consultation.features.join('; ')}).`,
      lead: true,
    },
    { text: 'Book and pay for any session on the Book Session page (/book); subscribe at /subscribe.' },
  ]);
}

/** Every page the portal shows, as the library indexes it. */
export const portalPages = (): Passage[] => [
  ...CONDITIONS.map(conditionPassage),
  ...MODALITIES.map(treatmentPassage),
  ...SYMPTOM_CATEGORIES.map(symptomsPassage),
  sessionsPassage(),
];

interface Indexed {
  passage: Passage;
  length: number;
  /** Concepts of each line, for picking the lines that answer. */
  lineTerms: Set<string>[];
  /** Concepts of the title and the lead lines: what the page is about. */
  about: Set<string>;
  title: Set<string>;
}

/** How much a word counts in each part of a page. */
const TITLE_WEIGHT = 3;
const LEAD_WEIGHT = 1.5;
/** A word of the question in a page's title adds this many times its idf, beyond its BM25 share. */
const TITLE_BONUS = 1;
/** Weak words count this much of their weight. */
const WEAK_WEIGHT = 0.3;
/**
 * BM25's term-frequency saturation and length normalisation (weaker than the usual 0.75: a symptom category
 * is a tenth of a condition page's length).
 */
const K1 = 1.2;
const B = 0.5;

export interface SearchOptions {
  /** At most this many pages. */
  limit?: number;
  /** Pages below this BM25 score never answer. */
  minScore?: number;
  /** Share of the question's subject (by idf) that the chosen pages must cover. */
  minCoverage?: number;
  /** Further pages must score at least this share of the best. */
  relative?: number;
  /** Lines quoted per page at most. */
  linesPerPage?: number;
}

/** The treatment a question asks to be answered from ("from the nutritional perspective"), if any. */
const PERSPECTIVES: [RegExp, string][] = [
  [/\bayurved(?:a|ic)\b/, 'ayurveda'],
  [/\bchiropractic\b/, 'chiropractic'],
  [/\bnutrition(?:al)?\b|\bfood as medicine\b/, 'nutrition'],
  [/\bnaet\b/, 'naet'],
  [/\blifevessel\b/, 'lifevessel'],
  [/\blifewave\b/, 'lifewave'],
];
export function perspectiveAsked(query: string): string | undefined {
  const match = /\bfrom (?:an? |the )?([a-z ]{3,30}?) (?:perspective|point of view|view)\b/i.exec(query);
  if (!match) return undefined;
  const named = match[1]!.toLowerCase();
  return PERSPECTIVES.find(([pattern]) => pattern.test(named))?.[1];
}

export class Library {
  private readonly docs: Indexed[];
  /** concept → [doc index, weighted frequency] */
  private readonly postings = new Map<string, [number, number][]>();
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly averageLength: number;
  private readonly lengths: number[];

  constructor(passages: Passage[] = portalPages()) {
    const frequencies: Map<string, number>[] = [];
    this.docs = passages.map((passage, index) => {
      const tf = new Map<string, number>();
      const add = (words: string[], weight: number) => {
        for (const word of words) tf.set(word, (tf.get(word) ?? 0) + weight);
      };
      // "NAET (Treatments)": the section the page belongs to is no subject of it.
      const titleTerms = terms(passage.title.replace(/ \([^)]*\)$/, ''));
      add(titleTerms, TITLE_WEIGHT);
      const lineTerms = passage.lines.map((line) => {
        const words = terms(line.text);
        add(words, line.lead ? LEAD_WEIGHT : 1);
        return new Set(words);
      });
      const about = new Set([
        ...titleTerms,
        ...lineTerms.filter((_, i) => passage.lines[i]!.lead).flatMap((s) => [...s]),
      ]);
      frequencies[index] = tf;
      const length = [...tf.values()].reduce((a, b) => a + b, 0);
      return { passage, length, lineTerms, about, title: new Set(titleTerms) };
    });
    const n = this.docs.length;
    frequencies.forEach((tf, index) => {
      for (const [word, count] of tf) {
        let list = this.postings.get(word);
        if (!list) this.postings.set(word, (list = []));
        list.push([index, count]);
      }
    });
    for (const [word, list] of this.postings) {
      this.idf.set(word, Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5)));
    }
    this.maxIdf = Math.log(1 + (n - 0.5) / 1.5);
    this.lengths = this.docs.map((d) => d.length);
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, n);
  }

  /**
   * The pages that answer the question, best first, each with its lines that speak to it; none when the
   * library has nothing on the question's subject.
   */
  search(query: string, options: SearchOptions = {}): Hit[] {
    const { limit = 3, minScore = 1, minCoverage = 0.6, relative = 0.5, linesPerPage = 6 } = options;
    const words = [...new Set(terms(query))];
    const subject = words.filter((w) => !WEAK.has(w));
    if (subject.length === 0) return [];
    const scores = new Float64Array(this.docs.length);
    const matched: Set<string>[] = this.docs.map(() => new Set());
    for (const word of words) {
      const list = this.postings.get(word);
      if (!list) continue;
      const idf = this.idf.get(word)! * (WEAK.has(word) ? WEAK_WEIGHT : 1);
      for (const [doc, tf] of list) {
        const norm = K1 * (1 - B + (B * this.lengths[doc]!) / this.averageLength);
        scores[doc]! += (idf * tf * (K1 + 1)) / (tf + norm) + (this.docs[doc]!.title.has(word) ? TITLE_BONUS * idf : 0);
        matched[doc]!.add(word);
      }
    }
    // A word the library never uses weighs as much as one that only one page uses: likely the subject.
    const weightOf = (word: string) => this.idf.get(word) ?? this.maxIdf;
    const total = subject.reduce((sum, word) => sum + weightOf(word), 0);
    const ranked = [...scores.keys()]
      .filter((doc) => scores[doc]! >= minScore && subject.some((word) => matched[doc]!.has(word)))
      .sort((x, y) => scores[y]! - scores[x]!);
    if (ranked.length === 0) return [];
    const best = scores[ranked[0]!]!;
    // The best page, then pages nearly as good or that cover a part of the question it does not.
    const chosen = [ranked[0]!];
    const covered = new Set(subject.filter((word) => matched[ranked[0]!]!.has(word)));
    for (const doc of ranked.slice(1)) {
      if (chosen.length >= limit) break;
      const adds = subject.filter((word) => matched[doc]!.has(word) && !covered.has(word));
      const about = subject.some((word) => matched[doc]!.has(word) && this.docs[doc]!.about.has(word));
      if ((about && scores[doc]! >= relative * best) || (adds.length > 0 && scores[doc]! >= (relative / 2) * best)) {
        chosen.push(doc);
        for (const word of adds) covered.add(word);
      }
    }
    // "From the Ayurvedic perspective …" (the Symptom Explorer's follow-ups): that treatment speaks first.
    const asked = perspectiveAsked(query);
    const own = asked === undefined ? -1 : this.docs.findIndex((d) => d.passage.path === `/treatments#${asked}`);
    if (own >= 0) {
      chosen.splice(0, chosen.length, own, ...chosen.filter((doc) => doc !== own).slice(0, limit - 1));
      return chosen.map((doc) => ({
        passage: this.docs[doc]!.passage,
        score: scores[doc]!,
        lines: this.linesFor(this.docs[doc]!, subject, doc === own ? linesPerPage : Math.ceil(linesPerPage / 2)),
      }));
    }
    // The best page is about something the question asks, or the pages cover most of what it asks.
    const top = this.docs[ranked[0]!]!;
    const onTopic = subject.some((word) => matched[ranked[0]!]!.has(word) && top.about.has(word));
    const coverage = [...covered].reduce((sum, word) => sum + weightOf(word), 0) / total;
    if (!onTopic && coverage < minCoverage) return [];
    return chosen.map((doc) => ({
      passage: this.docs[doc]!.passage,
      score: scores[doc]!,
      lines: this.linesFor(this.docs[doc]!, subject, doc === chosen[0] ? linesPerPage : Math.ceil(linesPerPage / 2)),
    }));
  }

  /**
   * The page's lines for this question, in page order: what the page is, the lines on what the question
   * asks that the page mentions in passing (coffee on the insomnia page), then its summary (its main causes,
   * one point of each approach, a tip; a treatment's benefits) as room allows.
   */
  private linesFor(doc: Indexed, subject: string[], max: number): string[] {
    const { passage, lineTerms, about } = doc;
    const specific = subject.filter((word) => !about.has(word));
    const weigh = (i: number) =>
      specific.reduce((sum, word) => sum + (lineTerms[i]!.has(word) ? this.idf.get(word)! : 0), 0);
    const found = passage.lines
      .map((_, i) => ({ i, weight: weigh(i) }))
      .filter(({ weight }) => weight > 0)
      .sort((x, y) => y.weight - x.weight)
      .map(({ i }) => i);
    const leads = passage.lines.flatMap((line, i) => (line.lead ? [i] : []));
    const summary = passage.lines.flatMap((line, i) => (line.summary ? [i] : []));
    // A treatment says what it is first; a condition page its subtitle, then what was asked.
    const head = passage.kind === 'condition' ? leads.slice(0, 1) : leads;
    const picked = [...head, ...found.slice(0, 3), ...summary];
    return [...new Set(picked)]
      .slice(0, Math.max(max, head.length))
      .sort((x, y) => x - y)
      .map((i) => passage.lines[i]!.text);
  }
}
