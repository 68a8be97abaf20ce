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

/**
 * A link that opens the messaging app with the number and the first word already typed. Android reads the
 * body from the query (`?body=`), iOS from `&body=` after the number; `sms:741741&body=HOME` alone makes
 * Android address "741741&body=HOME". `sms:741741?&body=HOME` is read by both: Android sees a query whose
 * second parameter is the body, iOS sees `&body=`. Every text link is built here, once.
 */
export function smsHref(number: string, body: string): string {
  return `sms:${number}?&body=${encodeURIComponent(body)}`;
}

/**
 * The crisis lines. Each has a Spanish service (`spanish`): 988 answers in Spanish when the caller presses 2
 * or texts AYUDA to 988; the Crisis Text Line when AYUDA is texted to 741741.
 */
export const CRISIS_LINES = {
  phone: {
    number: '988',
    href: 'tel:988',
    label: '988 Suicide & Crisis Lifeline',
    spanish: {
      label: 'Línea 988 de Prevención del Suicidio y Crisis',
      press: '2',
      keyword: 'AYUDA',
      textHref: smsHref('988', 'AYUDA'),
    },
  },
  text: {
    number: '741741',
    href: smsHref('741741', 'HOME'),
    label: 'Crisis Text Line: Text HOME to 741741',
    spanish: { keyword: 'AYUDA', href: smsHref('741741', 'AYUDA') },
  },
} as const;

/**
 * For a crisis of violence at home (a partner who hurts or threatens): the National Domestic Violence
 * Hotline, given with the crisis lines. Free, confidential, 24/7, with advocates who speak Spanish.
 */
export const DOMESTIC_VIOLENCE_LINE = {
  number: '1-800-799-7233',
  href: 'tel:+18007997233',
  label: 'National Domestic Violence Hotline',
  text: { number: '88788', keyword: 'START', href: smsHref('88788', 'START') },
} as const;

/** A medical emergency (chest pain, a stroke, …): shown with an answer whose isEmergency is true. */
export const EMERGENCY_LINE = { number: '911', href: 'tel:911', label: 'Emergency services' } as const;

export const CRISIS_BANNER_TEXT = "If you're experiencing a crisis, help is available 24/7";
