import { EMERGENCY_LINE } from '@hhp/proto/catalogue/crisis';

// Toast texts quoted by the specification (section 8), used verbatim.
export const texts = {
  label: (name: string) => `Ask ${name}'s AI a question`,
  placeholder: 'Describe a symptom or ask about a natural approach...',
  shortPlaceholder: 'Ask a question...',
  submit: 'Ask',
  pending: 'Asking…',
  failedTitle: 'Query failed',
  receivedTitle: 'Response received',
  receivedDescription: (name: string) => `${name}'s AI has provided guidance for your query.`,
  answerTitle: (name: string) => `${name}'s AI says`,
  sourcesLabel: 'Read more on this site:',
  emergencyCall: `Call ${EMERGENCY_LINE.number}`,
} as const;
