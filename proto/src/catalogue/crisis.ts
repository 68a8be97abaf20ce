/**
 * The browser's instant check (specification, section 5): case-insensitive substring match. The
 * crisis service's detection is broader and stricter; this list only decides when to show the banner
 * before the server has answered.
 */
export const LOCAL_CRISIS_KEYWORDS = [
  'harm',
  'hurt myself',
  'suicide',
  'suicidal',
  'end it all',
  'kill myself',
  'want to die',
  'better off dead',
  'no point living',
  'self harm',
  'cut myself',
  'overdose',
] as const;

export function matchesLocalCrisisKeyword(text: string): boolean {
  const lower = text.toLowerCase();
  return LOCAL_CRISIS_KEYWORDS.some((keyword) => lower.includes(keyword));
}

export const CRISIS_LINES = {
  phone: { number: '988', href: 'tel:988', label: '988 Suicide & Crisis Lifeline' },
  text: { number: '741741', href: 'sms:741741&body=HOME', label: 'Crisis Text Line: Text HOME to 741741' },
} as const;

/** A medical emergency (chest pain, a stroke, …): shown with an answer whose isEmergency is true. */
export const EMERGENCY_LINE = { number: '911', href: 'tel:911', label: 'Emergency services' } as const;

export const CRISIS_BANNER_TEXT = "If you're experiencing a crisis, help is available 24/7";
