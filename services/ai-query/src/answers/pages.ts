// Every page the portal shows (the eight condition pages, the six treatments' overviews and benefits, the
// six symptom categories, the sessions and their prices), as short lines for the library to index: built
// from proto's catalogue, so the library says what the pages say.
import {
  CONDITIONS,
  FREE_QUESTIONS_PER_DAY,
  MODALITIES,
  PLANS,
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
      text: `${name(consultation.summary)}: ${consultation.durationMinutes} minutes, ${dollars(consultation.priceCents)} (${consultation.features.join('; ')}).`,
      lead: true,
    },
    // The practice sets its days and hours in its console (a changed week, a day off, an extra day): no fixed
    // weekday or time here, which would go stale the day it changes.
    {
      text: "The usual days and hours come from the practice and can change; the Book Session page (/book) shows the days open and each day's free times.",
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
