// The calendar feed (issue 30, point 4): a secret, revocable `.ics` address per staff member that Google, Apple or
// Outlook calendar subscribes to, listing the practice's confirmed consultations. Practice keeps the secret (its
// sha256 only) and serves the routes; booking, which owns the bookings, answers rpc.booking.v1.practice-feed with
// what a feed may show of each session and checks the request again with the same schema. No visitor's e-mail
// address, full name or notes leaves booking this way: the visitor's first name only.
import { z } from 'zod';
import { SESSION_TYPES } from './catalogue/plans.js';
import { SessionTypeSchema } from './booking.js';
import { singleLine } from './text.js';

/** The days before and after now that a feed lists. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
/** The longest window one rpc may ask for, in days. */
export const FEED_MAX_DAYS = 366;
/** Sessions in one answer at most (180 days of consultations are about 80). */
export const FEED_MAX_SESSIONS = 2000;

/** rpc.booking.v1.practice-feed: the confirmed sessions of `types` that start at `from` or later and before `to`. */
export const PracticeFeedRequest = z
  .object({
    from: z.iso.datetime({ message: 'must be an ISO date-time' }),
    to: z.iso.datetime({ message: 'must be an ISO date-time' }),
    types: z.array(SessionTypeSchema).min(1).max(SESSION_TYPES.length),
  })
  .strict()
  .superRefine(({ from, to }, ctx) => {
    const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (!(days > 0)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (days > FEED_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${FEED_MAX_DAYS} days after from` });
  });
export type PracticeFeedRequest = z.infer<typeof PracticeFeedRequest>;

/** One session as a feed shows it. */
export const PracticeFeedSession = z.object({
  /** The event's UID: the one its e-mailed invites carry (`<booking id>@<the sender's domain>`). */
  uid: z.string().min(1),
  type: SessionTypeSchema,
  /** The plan's name, "Dr. Helen Consultation". */
  title: z.string().min(1),
  /** ISO date-time, UTC. */
  startsAt: z.iso.datetime(),
  durationMinutes: z.number().int().positive(),
  /** The visitor's first name (the first word of the name given when booking), nothing more. */
  visitor: z.string(),
  /** How many times it was changed: the invites' SEQUENCE. */
  sequence: z.number().int().min(0),
});
export type PracticeFeedSession = z.infer<typeof PracticeFeedSession>;

export const PracticeFeedResponse = z.object({
  /** The practice's IANA time zone (the feed's X-WR-TIMEZONE; its times are UTC). */
  timeZone: z.string().min(1),
  sessions: z.array(PracticeFeedSession).max(FEED_MAX_SESSIONS),
});
export type PracticeFeedResponse = z.infer<typeof PracticeFeedResponse>;

/** GET /api/practice/feed: whether the signed-in staff member has a feed, and since when (never its secret). */
export const CalendarFeedStatus = z.object({
  feed: z
    .object({
      /** ISO date-time. */
      createdAt: z.string(),
      /** The last time a calendar fetched it, ISO date-time; absent: never. */
      lastFetchedAt: z.string().optional(),
    })
    .nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** POST /api/practice/feed: the new feed's address, shown this once (only its hash is kept). */
export const CalendarFeedCreated = z.object({
  /** `<portal>/api/practice/feed/<secret>.ics`. */
  url: z.string(),
  /** The same address as `webcal://` (Apple Calendar and Outlook subscribe from it). */
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

/** The `{secret}` of GET /api/practice/feed/{secret}.ics: anything not a secret the service made is answered 404. */
export const CalendarFeedParams = z.object({ secret: singleLine({ max: 1000 }) }).strict();
