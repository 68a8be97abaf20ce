// The ask-box placeholder and the two call-to-action buttons: the specification's words (prices from PLANS).
import { priceLabel } from '../../shared/config/prices';

export const texts = {
  askPlaceholder: (name: string) => `Ask ${name} about any treatment modality - I'll explain...`,
  askPlaceholderShort: 'Ask about a treatment...',
  askLabel: (name: string) => `Ask ${name}'s AI about this condition`,
  avatarLabel: (name: string) => `${name}'s AI`,
  welcome: (name: string, symptom: string) =>
    `Hello, I'm ${name}'s AI assistant. If you are living with ${symptom}, you are not alone. ` +
    `Let's look at what may be behind it and at natural approaches that can help, then ask me anything below.`,
  rootCausesTitle: 'Understanding the Root Causes',
  approachesTitle: 'Holistic Approaches',
  learnMore: (modality: string) => `Learn about ${modality}`,
  tipsTitle: 'Helpful Tips',
  ctaTitle: 'Get personalized guidance',
  ctaText: 'Talk through your situation in a one-hour AI session, or subscribe for unlimited AI access.',
  bookSession: `Book AI Session - ${priceLabel('ai-session')}/hour`,
  subscribe: `Subscribe - ${priceLabel('subscription')}/month`,
} as const;
