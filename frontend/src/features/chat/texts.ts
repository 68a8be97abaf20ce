import { PLANS } from '@hhp/proto/catalogue/plans';
import { YEARS_OF_EXPERTISE } from '@hhp/proto/catalogue/practitioner';

import { launcherTexts } from './launcher-texts';

// The chat widget's words. Those the specification quotes (sections 2, 4 and 8) are verbatim. The
// launcher's few live in launcher-texts.ts, so that the home page's first download carries only them.
export const texts = {
  ...launcherTexts,
  panelTitle: (name: string) => `${name}'s AI`,
  questionsLeft: (left: number, allowed: number) => `${left} of ${allowed} free questions left`,
  unlimited: 'Unlimited Access ✨',
  /** While an AI Avatar Session's pass holds (the words). */
  sessionMinutesLeft: (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left in your session`,
  usedToday: (used: number, allowed: number) => `${used}/${allowed} free questions used today`,

  welcome: (name: string) =>
    `Hello, I'm ${name}'s AI assistant, drawing on ${YEARS_OF_EXPERTISE} years of holistic medicine expertise. ` +
    'Ask me about your symptoms or natural approaches, for example: "What can help with constipation?", ' +
    '"How can I calm anxiety naturally?" or "Why do I wake up at night and how can I sleep better?"',
  conversation: 'Conversation',
  you: 'You',
  typing: (name: string) => `${name}'s AI is typing`,
  apology: "I'm having trouble connecting. Please try again.",
  interrupted: 'The answer stopped when the chat was closed. Your question was not counted; please ask again.',
  sourcesHeading: 'Read more on the portal',
  answered: (name: string, text: string) => `${name}'s AI: ${text}`,

  inputLabel: (name: string) => `Your question for ${name}'s AI`,
  placeholder: 'Type your question...',
  send: 'Send',

  limitTitle: '3 Free Questions Used',
  limitSubtext: 'Get more guidance - choose an option below',
  upgradeOptions: (name: string) =>
    [
      {
        title: 'One Hour AI Session',
        detail: 'Single consultation',
        price: `$${PLANS['ai-session'].price}`,
        to: '/book',
      },
      {
        title: `${name} Consultation`,
        detail: `${PLANS['dr-helen'].durationMinutes} minutes in person`,
        price: `$${PLANS['dr-helen'].price}`,
        to: '/book',
      },
      {
        title: 'Monthly Subscription',
        detail: 'Unlimited access',
        price: `$${PLANS.subscription.price}/month`,
        to: '/subscribe',
      },
    ] as const,
} as const;
