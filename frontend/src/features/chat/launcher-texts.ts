// The words of the launcher button, part of every page's first download (texts.ts has the rest).
export const launcherTexts = {
  launcherTooltip: (name: string) => `Ask ${name}'s AI - 3 Free Questions`,
  launcherBadge: (left: number) => `${left} free ${left === 1 ? 'question' : 'questions'} left`,
  close: 'Close chat',
  loadFailed: 'The chat could not be loaded. Please check your connection and try again.',
} as const;
