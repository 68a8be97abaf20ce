import { launcherTexts } from './launcher-texts';

// The voice-chat widget's words. Those the specification quotes (sections 2, 4 and 8) are verbatim: the four
// toasts' titles and descriptions.
export const texts = {
  ...launcherTexts,
  panelTitle: (name: string) => `Talk with ${name}'s AI`,
  close: 'Close voice chat',
  start: 'Start voice chat',
  end: 'End voice chat',
  links: 'Explore the portal',
  linkItems: [
    { to: '/symptoms', label: 'Symptoms' },
    { to: '/treatments', label: 'Treatments' },
    { to: '/book', label: 'Book a session' },
  ],

  /** The call's state (specification, section 4: idle, connected and listening, closed). */
  status: {
    idle: 'Press start and speak: the assistant answers aloud.',
    connecting: 'Connecting...',
    connected: 'Connected and listening',
    closed: 'Voice chat ended',
  },
  /** What the assistant is doing while connected (the service's `state`). */
  activity: {
    listening: 'Listening',
    thinking: 'Thinking',
    speaking: 'Speaking',
  },
  captions: 'Captions',
  you: 'You',
  assistant: (name: string) => `${name}'s AI`,

  connected: { title: 'Voice chat connected' },
  ended: { title: 'Voice chat ended' },
  connectionError: { title: 'Connection error', description: 'Failed to connect to voice chat service.' },
  failed: { title: 'Voice chat failed', description: 'Unable to access microphone or connect to service.' },
} as const;
