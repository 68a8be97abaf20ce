import { PATIENTS_HELPED, YEARS_OF_EXPERTISE } from '@hhp/proto/catalogue/practitioner';

export const texts = {
  pageTitle: 'Home',
  heading: 'Holistic health, explained with care',
  welcome: (name: string) =>
    `Welcome. ${name}'s AI assistant shares ${YEARS_OF_EXPERTISE} years of holistic practice: learn about your symptoms, ` +
    'explore Ayurveda, Chiropractic, NAET, LifeVessel, LifeWave and food as medicine, and watch short lessons in our video library.',
  watchIntroduction: 'Watch Introduction',
  stats: [
    { value: PATIENTS_HELPED, label: 'patients helped' },
    { value: String(YEARS_OF_EXPERTISE), label: 'years of expertise' },
  ],
} as const;
