// The catalogue is plain data, free of zod, so the frontend can import it without the schemas.
export const SESSION_TYPES = ['ai-session', 'subscription', 'dr-helen'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export interface Plan {
  type: SessionType;
  /** Shown on the plan card; `{name}` is the practitioner's name. */
  name: string;
  summary: string;
  /** Whole cents, the only amount the server trusts. */
  priceCents: number;
  /** "9.00": the decimal string the booking call carries. */
  price: string;
  durationMinutes: number;
  interval?: 'month';
  features: string[];
}

export const PLANS: Record<SessionType, Plan> = {
  'ai-session': {
    type: 'ai-session',
    name: 'AI Avatar Session',
    summary: 'One hour with {name}\u2019s AI assistant',
    priceCents: 900,
    price: '9.00',
    durationMinutes: 60,
    features: ['60 minutes of guided AI conversation', 'Personalized holistic suggestions', 'Summary of the session'],
  },
  subscription: {
    type: 'subscription',
    name: 'Monthly Subscription',
    summary: 'Unlimited access to {name}\u2019s AI',
    priceCents: 1900,
    price: '19.00',
    durationMinutes: 60,
    interval: 'month',
    features: ['Unlimited AI questions', '60-minute sessions', 'Cancel any time'],
  },
  'dr-helen': {
    type: 'dr-helen',
    name: '{name} Consultation',
    summary: 'In-person consultation with {name}',
    priceCents: 40000,
    price: '400.00',
    durationMinutes: 90,
    features: ['90 minutes in person', 'Full holistic assessment', 'Personal treatment plan'],
  },
};

/** Practitioner consultations: Tuesdays only, 90 minutes. */
export const PRACTITIONER_WEEKDAYS = [2] as const;
export const PRACTITIONER_SLOTS = ['09:00', '11:00', '14:00'] as const;
/** Other plans: every day but Sunday, hourly. */
export const CLOSED_WEEKDAYS_OTHER_PLANS = [0] as const;
export const HOURLY_SLOTS = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'] as const;

/**
 * The booking horizon: a session can be booked up to this many calendar months ahead of the practice's today,
 * that day included. Every booking path (availability, booking, a move by the "Change or cancel" link) and the
 * booking calendar use it through `lastBookableDay`.
 */
export const BOOKING_HORIZON_MONTHS = 6;

/**
 * The last day that can be booked from `today` ("2026-03-10", the practice's calendar date): the same day of the
 * month `months` later, or that month's last day when it is shorter (31 August gives 28 or 29 February). Plain
 * date arithmetic on UTC midnights, so no time zone or daylight-saving change moves it.
 */
export function lastBookableDay(today: string, months: number = BOOKING_HORIZON_MONTHS): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const monthLength = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, monthLength))).toISOString().slice(0, 10);
}
