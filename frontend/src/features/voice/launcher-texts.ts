// The words of the voice launcher button, part of every page's first download (texts.ts has the rest).
export const launcherTexts = {
  open: 'Voice chat',
  inCall: 'Voice chat (call in progress)',
} as const;
