// "Read More", "Book Consultation for {modality}" and "Schedule Your Session" are the specification's words.
export const texts = {
  pageTitle: 'Treatment Modalities',
  intro:
    'Read how Ayurveda, Chiropractic, NAET, LifeVessel, LifeWave and food as medicine approach the body, and what each may offer you.',
  modalitiesTitle: 'Six natural approaches',
  readMore: 'Read More',
  showLess: 'Show Less',
  listen: 'Listen',
  stop: 'Stop',
  listenLabel: (modality: string) => `Listen to ${modality}`,
  stopLabel: (modality: string) => `Stop reading ${modality}`,
  /** What a card's listen button reads, part by part: the card's name and words, then its panel's. */
  readAloud: (modality: { name: string; description: string; overview: string; benefits?: string[] }) => [
    modality.name,
    modality.description,
    modality.overview,
    ...(modality.benefits ?? []),
  ],
  overview: 'Overview',
  benefits: 'Benefits',
  book: (modality: string) => `Book Consultation for ${modality}`,
  scheduleTitle: 'Ready to begin?',
  scheduleText: 'Book an AI session, a monthly subscription or an in-person consultation.',
  schedule: 'Schedule Your Session',
  askTitle: 'Ask about a treatment',
} as const;
