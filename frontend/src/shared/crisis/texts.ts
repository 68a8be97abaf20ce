import { CRISIS_BANNER_TEXT, CRISIS_LINES } from '@hhp/proto/catalogue/crisis';

// The crisis lines as the answers present them (specification, sections 1 and 9: 988 and text 741741).
export const texts = {
  heading: CRISIS_BANNER_TEXT,
  /** Above the lines offered after an ordinary answer (the message may be at risk): an offer, not an alarm. */
  offeredHeading: 'If things feel hard right now, you can talk to someone, free and confidential, 24/7:',
  call: `Call ${CRISIS_LINES.phone.number}`,
  callLabel: CRISIS_LINES.phone.label,
  text: `Text HOME to ${CRISIS_LINES.text.number}`,
  textLabel: CRISIS_LINES.text.label,
  /** Said with the lines when a message that reads as a crisis got no answer from the AI. */
  unanswered:
    "I'm having trouble connecting, so I couldn't answer your message. Please don't wait for me: " +
    'the people at these lines are there for you right now, free and confidential, 24/7.',
  unansweredLabel: 'Crisis resources',
} as const;
