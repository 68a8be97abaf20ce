// Texts the specification quotes (sections 2 and 8) are used verbatim: "Analyze Symptoms", "Analyzing your
// symptoms...", the three perspective buttons, "Analysis failed" and "Crisis detected".
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
  analysisFailed: 'Analysis failed',
  crisisTitle: 'Crisis detected',
  crisisDescription: 'Emergency resources have been displayed.',
  askTitle: 'Ask a question',
  /** The request of section 5: the symptoms wrapped in a request for a holistic analysis. */
  analysisRequest: (symptoms: string) =>
    `Please analyze the following symptoms from a holistic medicine perspective, and explain possible root causes and natural approaches that may help: ${symptoms}`,
} as const;

export interface Perspective {
  id: 'ayurveda' | 'nutrition' | 'chiropractic';
  label: string;
  request: (symptoms: string) => string;
}

/**
 * The three follow-ups: each asks the AI about the visitor's symptoms from that one perspective, so the answer
 * is that perspective's, not the first analysis again.
 */
export const PERSPECTIVES: Perspective[] = [
  {
    id: 'ayurveda',
    label: 'Ayurvedic View',
    request: (symptoms) =>
      `From the Ayurvedic perspective only (Ayurveda: the doshas, digestion and daily routine), what may lie behind these symptoms, and which Ayurvedic approaches may help? My symptoms: ${symptoms}`,
  },
  {
    id: 'nutrition',
    label: 'Nutritional Approach',
    request: (symptoms) =>
      `From the nutritional perspective only (food as medicine: plant-based nutrition), which foods and eating habits may help with these symptoms? My symptoms: ${symptoms}`,
  },
  {
    id: 'chiropractic',
    label: 'Chiropractic Insight',
    request: (symptoms) =>
      `From the chiropractic perspective only (chiropractic care: the spine and the nervous system), how may chiropractic care help with these symptoms? My symptoms: ${symptoms}`,
  },
];
