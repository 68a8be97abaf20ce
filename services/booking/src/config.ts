import { z } from 'zod';
import { practitionerName, serviceConfig, signingSecrets } from '@hhp/kit';
import { servicePort } from '@hhp/proto/services';

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const capacity = z.coerce.number().int().min(1).max(100).default(1);

export const BookingConfig = serviceConfig('booking', servicePort('booking')).extend({
  /** The practice's IANA time zone: slots are its wall-clock times, and its calendar says which day it is. */
  PRACTICE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
    .default('America/New_York'),
  /** How long an unpaid booking holds its slot. Fractions are allowed (tests hold for a second or two). */
  BOOKING_HOLD_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(15),
  /** Visitors per slot of the AI sessions' calendar (ai-session and subscription share it). */
  SLOT_CAPACITY_AI: capacity,
  /** Visitors per slot of the practitioner's calendar (dr-helen). */
  SLOT_CAPACITY_PRACTITIONER: capacity,
  /** How often lapsed holds are expired and their `booking.v1.expired` published. */
  HOLD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** How often due reminders are looked for and sent (also once at start: those due while it was down). */
  REMINDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * Unpaid holds one client address may have at once (0: no limit), so that one address cannot hold every
   * slot of a week; beyond it a booking is refused with 429 and Retry-After.
   */
  MAX_LIVE_HOLDS_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(5),
  /**
   * Signs the AI Avatar Session's join links and the session pass their visitors get (ai-query verifies the
   * pass with the same secret). Without it, POST /api/session/:id/join answers 503 and no link is made.
   */
  SESSION_PASS_SECRET: signingSecrets.optional(),
  /**
   * Signs the "Change or cancel" links of the booking e-mails. Without it no such link is sent, and the manage
   * routes answer 503.
   */
  BOOKING_LINK_SECRET: signingSecrets.optional(),
  /** How long before the start a confirmed session can still be moved or cancelled (and a card payment refunded). */
  BOOKING_CHANGE_NOTICE_HOURS: z.coerce
    .number()
    .min(0)
    .max(30 * 24)
    .default(24),
  /** How long before an AI Avatar Session's start its join link opens the session (it closes at its end). */
  SESSION_JOIN_EARLY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 60)
    .default(10),
  /** The portal's address, for the links in e-mails (`npm start` sets it to where nginx listens). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** The practitioner's name, in the plans' names of e-mails and invites. */
  PRACTITIONER_NAME: practitionerName,
  /** Where the practitioner gets a copy of each consultation's confirmation; unset: no copy. */
  PRACTITIONER_EMAIL: z.email().optional(),
  /**
   * How long a booking waits for payments to say whether it can take a payment (rpc.payments.v1.status); a
   * silent payments service is answered 503 and nothing is held.
   */
  PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /** How long a request waits for the database before it is answered 503. */
  DB_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
});
export type BookingConfig = z.infer<typeof BookingConfig>;
