// The calendar feed's routes. The three a staff member uses from the console (see hers, make a new one, revoke it)
// are behind her session, and the two that change state behind the Origin check first, like every route of the
// console. The feed itself is fetched by a calendar application, which has no session: its secret is its key. It
// answers 404 for any secret that opens no live feed (unknown, replaced, revoked, its owner revoked: one answer),
// is limited per client address, and may be cached privately for five minutes.
//
// Audit: making and revoking a feed are staff actions and are logged. A fetch is not: calendars poll every few
// minutes to hours, for months, and each would add an entry nobody acted for; the feed keeps its last fetch's time
// instead, which the console shows (a fetch long after she stopped using it says the address is known elsewhere).
import { Router, type RequestHandler } from 'express';
import { HttpError, parse } from '@hhp/kit';
import {
  CalendarFeedParams,
  FEED_DAYS_AHEAD,
  FEED_DAYS_BACK,
  PRACTICE_API,
  PracticeFeedResponse,
  RpcSubjects,
  type CalendarFeedCreated,
  type SessionType,
} from '@hhp/proto';
import { bounded } from '../http/deadline.js';
import { sessionOf } from '../http/guard.js';
import { actorOf, askedFor, type StaffRequestDeps } from '../http/staff-request.js';
import type { CalendarFeeds } from './feeds.js';
import { feedCalendar } from './feed-ics.js';

export const FEED_PATH = `${PRACTICE_API}/feed`;
export const FEED_FILE_PATH = `${FEED_PATH}/:secret.ics`;

/** The feed's address: a calendar application fetches it without a session. */
export const FEED_PUBLIC_ROUTES = [`GET ${FEED_FILE_PATH}`] as const;
/** Any staff member's, for her own feed. */
export const FEED_STAFF_ROUTES = [`GET ${FEED_PATH}`, `POST ${FEED_PATH}`, `DELETE ${FEED_PATH}`] as const;

export const NO_FEED = 'There is no calendar feed at this address.';
export const FEED_UNAVAILABLE = 'The calendar feed cannot be read right now. Please try again later.';

/** The sessions a feed lists: the consultations, the sessions a practitioner holds (AI sessions need no one). */
const FEED_TYPES: SessionType[] = ['dr-helen'];
const DAY_MS = 86_400_000;
/** How long a calendar (or a proxy for one user) may keep an answer. */
const FEED_CACHE = 'private, max-age=300';

export interface FeedRouterDeps extends StaffRequestDeps {
  /** How long booking has to answer the feed's request. */
  bookingTimeoutMs: number;
  feeds: CalendarFeeds;
  publicUrl: string;
  now: () => Date;
  origin: RequestHandler;
  staff: RequestHandler;
  limit: RequestHandler;
}

export function feedRouter(deps: FeedRouterDeps): Router {
  const { timeoutMs, feeds, audit, origin, staff, now } = deps;
  const router = Router();

  router.get(
    FEED_PATH,
    ...bounded(timeoutMs, staff, async (req, res) => {
      res.json(await feeds.status(sessionOf(req).staff._id));
    }),
  );
  router.post(
    FEED_PATH,
    ...bounded(timeoutMs, origin, staff, async (req, res) => {
      const { secret, createdAt } = await feeds.create(sessionOf(req).staff._id);
      await audit.record(req, actorOf(req), 'calendar-feed-created');
      const url = new URL(`${FEED_PATH}/${secret}.ics`, deps.publicUrl);
      const created: CalendarFeedCreated = {
        url: url.href,
        webcalUrl: url.href.replace(/^https?:/, 'webcal:'),
        createdAt: createdAt.toISOString(),
      };
      res.json(created);
    }),
  );
  router.delete(
    FEED_PATH,
    ...bounded(timeoutMs, origin, staff, async (req, res) => {
      const had = await feeds.revoke(sessionOf(req).staff._id);
      await audit.record(req, actorOf(req), 'calendar-feed-revoked', had ? undefined : 'none existed');
      res.json({ message: 'Revoked' });
    }),
  );

  router.get(
    FEED_FILE_PATH,
    // The database's budget for the limit and the secret, then booking's own for the sessions.
    ...bounded(timeoutMs, deps.limit, async (req, _res, next) => {
      const { secret } = parse(CalendarFeedParams, req.params);
      if (!(await feeds.open(secret))) throw new HttpError(404, NO_FEED);
      next();
    }),
    ...bounded(deps.bookingTimeoutMs + 500, async (req, res) => {
      const at = now();
      let answer: PracticeFeedResponse;
      try {
        answer = await deps.bus.request(
          RpcSubjects.practiceFeed,
          {
            from: new Date(at.getTime() - FEED_DAYS_BACK * DAY_MS).toISOString(),
            to: new Date(at.getTime() + FEED_DAYS_AHEAD * DAY_MS).toISOString(),
            types: FEED_TYPES,
          },
          { response: PracticeFeedResponse, ...askedFor(req, deps.bookingTimeoutMs) },
        );
      } catch (err) {
        res.set('Retry-After', '60');
        throw new HttpError(503, FEED_UNAVAILABLE, { cause: err });
      }
      res
        .set('Cache-Control', FEED_CACHE)
        .set('Content-Disposition', 'inline; filename="practice.ics"')
        .type('text/calendar; charset=utf-8')
        .send(feedCalendar(answer, at));
    }),
  );
  return router;
}
