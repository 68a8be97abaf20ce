import { YEARS_OF_EXPERTISE } from '@hhp/proto/catalogue/practitioner';

import { upgradeTexts } from '../../shared/upgrade/texts';
import { launcherTexts } from './launcher-texts';

// The chat widget's words. Those the specification quotes (sections 2, 4 and 8) are verbatim. The
// launcher's few live in launcher-texts.ts, so that the home page's first download carries only them.
export const texts = {
  ...launcherTexts,
  ...upgradeTexts,
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
} as const;
