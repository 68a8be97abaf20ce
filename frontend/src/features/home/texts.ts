import { PATIENTS_HELPED, YEARS_OF_EXPERTISE } from '@hhp/proto/catalogue/practitioner';
import { priceLabel } from '../../shared/config/prices';

// Texts the specification quotes (sections 2 and 8) are used verbatim: the "Talk to {name}'s AI" button,
// "Watch Introduction", the chat-widget and checkout toasts, the four card titles and "How It Works".
export const texts = {
  pageTitle: 'Home',
  heading: 'Holistic health, explained with care',
  avatarLabel: (name: string) => `${name}'s AI`,
  welcome: (name: string) =>
    `Welcome. ${name}'s AI assistant shares ${YEARS_OF_EXPERTISE} years of holistic practice: learn about your symptoms, ` +
    'explore Ayurveda, Chiropractic, NAET, LifeVessel, LifeWave and food as medicine, and watch short lessons in our video library.',
  talkToAi: (name: string) => `Talk to ${name}'s AI`,
  watchIntroduction: 'Watch Introduction',
  chatLoadingTitle: 'Chat widget loading',
  chatLoadingDescription: 'Please wait a moment and try again.',
  subscribe: `Subscribe - ${priceLabel('subscription')}/month`,
  subscribeNote: 'Unlimited AI access, cancel any time.',
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorFallback: 'Unable to start checkout. Please try again.',
  statsTitle: 'Trusted experience',
  stats: [
    { value: PATIENTS_HELPED, label: 'patients helped' },
    { value: String(YEARS_OF_EXPERTISE), label: 'years of expertise' },
  ],
  askTitle: (name: string) => `Ask ${name}'s AI`,
  askIntro: 'Describe what you are experiencing or ask about a natural approach. Guests get 3 free questions a day.',
  howItWorksTitle: 'How It Works',
  steps: [
    {
      title: 'Share Your Symptoms',
      text: 'Tell the AI what you are experiencing, in your own words, or browse the symptom categories.',
    },
    {
      title: 'AI Analysis',
      text: 'The AI looks at your symptoms from the holistic perspectives of Ayurveda, chiropractic and nutrition.',
    },
    {
      title: 'Personalized Treatment',
      text: 'Learn which natural approaches may help, and book a session to go deeper into your situation.',
    },
  ],
  exploreTitle: 'Explore the portal',
  // Each card's link says where it goes; the title stays a heading (a link named "Book Session" would also
  // repeat the header's button of that name).
  cards: [
    {
      to: '/symptoms',
      title: 'Symptom Explorer',
      text: 'Browse six symptom categories and get an AI analysis.',
      link: 'Explore your symptoms',
    },
    {
      to: '/treatments',
      title: 'Treatment Modalities',
      text: 'Ayurveda, Chiropractic, NAET, LifeVessel and more.',
      link: 'Read about the treatments',
    },
    {
      to: '/videos',
      title: 'Video Library',
      text: 'Short lessons on natural approaches to health.',
      link: 'Watch the lessons',
    },
    {
      to: '/book',
      title: 'Book Session',
      text: 'An AI session, a monthly subscription or an in-person visit.',
      link: 'Choose a session and a time',
    },
  ],
} as const;
