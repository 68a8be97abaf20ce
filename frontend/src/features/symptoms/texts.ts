import type { SymptomPerspective } from '@hhp/proto';

// Texts the specification quotes (sections 2 and 8) are used verbatim: "Analyze Symptoms", "Analyzing your
// symptoms...", the three perspective buttons, "Analysis failed" and "Crisis detected". The request that wraps
// the symptoms (section 5) is the service's (services/ai-query/src/analyses/requests.ts).
export const texts = {
  pageTitle: 'Symptom Explorer',
  intro: (name: string) =>
    `Browse six symptom categories, from digestive issues to hormonal imbalance, and describe what you are experiencing to receive an educational analysis from ${name}'s AI.`,
  categoriesTitle: 'Symptom categories',
  commonSymptoms: 'Common symptoms',
  describeFor: (category: string) => `Describe my ${category.toLowerCase()}`,
  analyzerTitle: 'Describe your symptoms',
  textareaLabel: 'Your symptoms',
  textareaHelp: 'For example: how long you have had them, when they get better or worse, and what you have tried.',
  placeholder: 'I have been feeling bloated after meals and tired in the afternoons...',
  analyze: 'Analyze Symptoms',
  voice: 'Describe by voice',
  voiceNote: (name: string) => `Talk with ${name}'s AI in the voice chat: it asks for your microphone.`,
  responseTitle: (name: string) => `${name}'s AI analysis`,
  analyzing: 'Analyzing your symptoms...',
  perspectivesLabel: 'Explore from another perspective',
  /** Said before a perspective is pressed: it is part of the analysis, not another question. */
  perspectivesNote: 'These are part of this analysis: they do not use a free question.',
  analysisFailed: 'Analysis failed',
  crisisTitle: 'Crisis detected',
  crisisDescription: 'Emergency resources have been displayed.',
  askTitle: 'Ask a question',
} as const;

/**
 * The three follow-ups on an analysis. What each asks the AI (that perspective on the analysed symptoms) is
 * written by the service (services/ai-query/src/analyses/requests.ts): the button sends only the analysis's id
 * and the perspective's.
 */
export const PERSPECTIVES: { id: SymptomPerspective; label: string }[] = [
  { id: 'ayurveda', label: 'Ayurvedic View' },
  { id: 'nutrition', label: 'Nutritional Approach' },
  { id: 'chiropractic', label: 'Chiropractic Insight' },
];

export type Perspective = (typeof PERSPECTIVES)[number];
