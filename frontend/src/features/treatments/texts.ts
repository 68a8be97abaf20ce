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
  /** When neither the browser's voice nor the portal's can read a card: said in the card (a live region). */
  cannotSpeak:
    "This card could not be read aloud: this browser has no voice that works here, and the portal's voice did not answer. The text is on the page to read; please try Listen again later.",
  cannotPlay:
    "This card could not be read aloud: this browser could not play the portal's voice. The text is on the page to read.",
  overview: 'Overview',
  benefits: 'Benefits',
  book: (modality: string) => `Book Consultation for ${modality}`,
  scheduleTitle: 'Ready to begin?',
  scheduleText: 'Book an AI session, a monthly subscription or an in-person consultation.',
  schedule: 'Schedule Your Session',
  askTitle: 'Ask about a treatment',
} as const;
