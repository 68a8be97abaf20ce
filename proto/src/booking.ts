import { z } from 'zod';
import { SESSION_TYPES } from './catalogue/plans.js';
import { EmailAddress, multiLine, singleLine } from './text.js';

export const SessionTypeSchema = z.enum(SESSION_TYPES);

/**
 * POST /api/book-session. Price and duration are the server's (from the catalogue): the fields are
 * accepted for compatibility with the specification's call and checked, never trusted.
 */
export const BookSessionRequest = z
  .object({
    userId: z.null().optional(),
    type: SessionTypeSchema,
    scheduledAt: z.iso.datetime({ offset: true, message: 'scheduledAt must be an ISO date-time' }),
    duration: z
      .string()
      .regex(/^\d{1,3}$/, 'duration must be a number of minutes')
      .optional(),
    price: z
      .string()
      .regex(/^\d{1,5}(\.\d{2})?$/, 'price must be a decimal like 9.00')
      .optional(),
    notes: multiLine({ max: 2000, tooLong: 'notes must be at most 2000 characters' }).trim().optional().default(''),
    name: singleLine({ max: 200 }).trim().min(1, 'name is required'),
    email: EmailAddress,
  })
  .strict();
export type BookSessionRequest = z.infer<typeof BookSessionRequest>;

/**
 * `holdToken`: the hold's own secret, told only to the browser that booked (the id travels in addresses and
 * to payments; the token does not). It is what POST /api/session/{id}/release asks for.
 */
export const BookSessionResponse = z.object({ id: z.string(), holdToken: z.string() });
export type BookSessionResponse = z.infer<typeof BookSessionResponse>;

/**
 * A booking's life: `pending-payment` (the slot is held until `holdExpiresAt`) → `confirmed` (paid) or
 * `expired` (the hold lapsed unpaid; a payment that still arrives confirms it if the slot is free, else
 * `refunded`); `pending-subscription` is the subscription plan's wish, which leads to /subscribe;
 * `cancelled` by the visitor.
 */
export const SESSION_STATUSES = [
  'pending-payment',
  'pending-subscription',
  'confirmed',
  'expired',
  'refunded',
  'cancelled',
] as const;
export const SessionStatus = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatus>;

/** The `{id}` of /api/session/{id} and of its POSTs (a booking id is 24 characters of A-Z, a-z, 0-9, _ and -). */
export const SessionParams = z.object({ id: singleLine({ max: 100 }) }).strict();
export type SessionParams = z.infer<typeof SessionParams>;

/** GET /api/session/{id}: everything but the visitor's name and e-mail. */
export const SessionResponse = z.object({
  id: z.string(),
  /** The catalogue's price when booked, "9.00". */
  price: z.string(),
  type: SessionTypeSchema,
  /** Minutes, "60". */
  duration: z.string(),
  /** ISO date-time, UTC. */
  scheduledAt: z.string(),
  status: SessionStatus,
  /** The practice's IANA time zone, in which the slot was offered. */
  timeZone: z.string(),
  /** While `pending-payment`: when the hold lapses (ISO date-time). */
  holdExpiresAt: z.string().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponse>;

/** GET /api/availability?type=&date=YYYY-MM-DD */
export const AvailabilityQuery = z
  .object({
    type: SessionTypeSchema,
    date: z.iso.date('date must be YYYY-MM-DD'),
  })
  .strict();
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

export const AvailabilitySlot = z.object({
  /** Wall-clock time in the practice's time zone, "09:00". */
  time: z.string(),
  endTime: z.string(),
  /** The slot's start as an ISO date-time in UTC: what the booking call sends as `scheduledAt`. */
  startsAt: z.string(),
  available: z.boolean(),
});
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;

export const AvailabilityResponse = z.object({
  date: z.string(),
  type: SessionTypeSchema,
  /** The practice's IANA time zone, in which `time` and `endTime` are written. */
  timeZone: z.string(),
  /**
   * False for a whole day the plan is closed (past, after the booking horizon, Sunday, not a Tuesday for the
   * practitioner).
   */
  open: z.boolean(),
  slots: z.array(AvailabilitySlot),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** The longest range GET /api/availability/days answers: two months, enough for any month the day grid shows. */
export const OPEN_DAYS_MAX = 62;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** GET /api/availability/days?type=&from=YYYY-MM-DD&to=YYYY-MM-DD: the practice's days `from` to `to`, both included. */
export const OpenDaysQuery = z
  .object({
    type: SessionTypeSchema,
    from: z.iso.date('from must be YYYY-MM-DD'),
    to: z.iso.date('to must be YYYY-MM-DD'),
  })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    const days = dayNumber(to) - dayNumber(from) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > OPEN_DAYS_MAX)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `to must be at most ${OPEN_DAYS_MAX} days after from` });
  });
export type OpenDaysQuery = z.infer<typeof OpenDaysQuery>;

/**
 * The days of the range the practice's rules open for the plan (its week, its days off and extra days), within
 * the booking horizon: what the day grid offers. Whether a seat is free on one is that day's own answer.
 */
export const OpenDaysResponse = z.object({
  type: SessionTypeSchema,
  from: z.string(),
  to: z.string(),
  /** The practice's IANA time zone, whose calendar the days are. */
  timeZone: z.string(),
  /** The plan's weekly rule in force: its weekdays (Sunday 0 … Saturday 6), whatever a day off or an extra day says. */
  weekdays: z.array(z.number().int().min(0).max(6)),
  /** The open days, "YYYY-MM-DD", in order; never a past day or one after the booking horizon. */
  open: z.array(z.string()),
});
export type OpenDaysResponse = z.infer<typeof OpenDaysResponse>;

/** rpc.booking.v1.session: payments asks for a booking's authoritative price and state. */
export const BookingLookupRequest = z.object({ sessionId: singleLine({ max: 100 }).min(1) }).strict();
export type BookingLookupRequest = z.infer<typeof BookingLookupRequest>;

export const BookingLookupResponse = z.object({
  /** null: no booking has that id. */
  session: z
    .object({
      id: z.string(),
      type: SessionTypeSchema,
      /** The catalogue's price when booked, in whole cents: the only amount payments charges. */
      priceCents: z.number().int().positive(),
      status: SessionStatus,
      scheduledAt: z.string(),
      durationMinutes: z.number().int().positive(),
      timeZone: z.string(),
      name: z.string(),
      email: z.string(),
      holdExpiresAt: z.string().optional(),
    })
    .nullable(),
});
export type BookingLookupResponse = z.infer<typeof BookingLookupResponse>;

/**
 * The AI Avatar Session's pass: an HttpOnly cookie that booking sets when the confirmation's join link is
 * followed inside the session's window, and ai-query honours (unlimited questions until the session ends).
 */
export const SESSION_PASS_COOKIE = 'hhp_pass';

/** The token a link or a hold proves itself with (join, change or cancel, release). */
const Token = singleLine({ max: 128, tooLong: 'token must be at most 128 characters' }).min(1, 'token is required');

/** POST /api/session/{id}/join: the token of the join link (`/join?booking=<id>&token=<token>`). */
export const JoinSessionRequest = z.object({ token: Token }).strict();
export type JoinSessionRequest = z.infer<typeof JoinSessionRequest>;

/**
 * `active`: the pass is set (until `endsAt`); `early`: the window opens at `startsAt` (no pass yet);
 * `ended`: the session is over.
 */
export const JoinSessionResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('active'), endsAt: z.string() }),
  z.object({ status: z.literal('early'), startsAt: z.string(), timeZone: z.string() }),
  z.object({ status: z.literal('ended') }),
]);
export type JoinSessionResponse = z.infer<typeof JoinSessionResponse>;

/**
 * The confirmation's "Change or cancel" link, `/manage-booking?booking=<id>&token=<token>`: its token (an HMAC of
 * the booking id under a purpose of its own) is the only proof the manage routes accept.
 */
export const ManageSessionRequest = z.object({ token: Token }).strict();
export type ManageSessionRequest = z.infer<typeof ManageSessionRequest>;

/** POST /api/session/{id}/reschedule: another slot of the same plan (a `startsAt` of /api/availability). */
export const RescheduleSessionRequest = ManageSessionRequest.extend({
  scheduledAt: BookSessionRequest.shape.scheduledAt,
}).strict();
export type RescheduleSessionRequest = z.infer<typeof RescheduleSessionRequest>;

/** POST /api/session/{id}/cancel. */
export const CancelSessionRequest = ManageSessionRequest;
export type CancelSessionRequest = ManageSessionRequest;

/** POST /api/session/{id}/release: the `holdToken` that POST /api/book-session answered. */
export const ReleaseSessionRequest = z.object({ token: Token }).strict();
export type ReleaseSessionRequest = z.infer<typeof ReleaseSessionRequest>;

/**
 * A booking as its "Change or cancel" page shows it (POST /api/session/{id}/manage, and the answer of
 * reschedule and cancel). A confirmed session can be moved or cancelled until `changeableUntil` (24 hours
 * before it starts); `changeable` says whether it can now, and when not, `reason` says why in the visitor's words.
 */
export const ManageSessionResponse = SessionResponse.extend({
  changeable: z.boolean(),
  /** ISO date-time: the last moment a change or a cancellation is accepted. */
  changeableUntil: z.string(),
  reason: z.string().optional(),
  /** What a cancellation now gives back, "9.00" ("0.00" for a session of the subscription plan). */
  refundOnCancel: z.string(),
  /** Once cancelled: when, and the refund (`pending` until Stripe has made it). */
  cancelledAt: z.string().optional(),
  refund: z.object({ amount: z.string(), status: z.enum(['pending', 'refunded']) }).optional(),
});
export type ManageSessionResponse = z.infer<typeof ManageSessionResponse>;
