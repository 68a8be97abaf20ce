// The calendar feed's routes (services/practice, feed/feed.router.ts) in the OpenAPI document: a staff member sees,
// makes and revokes her feed behind her session (the two that change state behind the Origin check too); the
// feed's own address answers a calendar application without a session, its secret being its key.
import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { PRACTICE_API, PracticeOkResponse } from '../practice.js';
import { CalendarFeedCreated, CalendarFeedParams, CalendarFeedStatus } from '../practice-feed.js';
import { error, json, originRefused, SESSION } from './practice-route-shapes.js';

const FEED = `${PRACTICE_API}/feed`;
const ORIGIN_403 = originRefused('POST and DELETE');

/** A route of her own feed: any staff member, behind her session. */
const own = (method: 'get' | 'post' | 'delete', summary: string, ok: ReturnType<typeof json>): RouteConfig => ({
  method,
  path: FEED,
  tags: ['practice'],
  summary,
  responses: {
    200: ok,
    ...(method === 'get'
      ? {}
      : {
          400: error('The request is invalid; the message names what is wrong'),
          413: error('The body is too large'),
          415: error('The body is not JSON'),
        }),
    401: error('No staff session, or it ended (idle 30 min, 12 h at most, signed out, revoked)'),
    403: error(ORIGIN_403),
    503: error('A dependency is unavailable; nothing was done'),
  },
});

export const FEED_ROUTES: RouteConfig[] = [
  own('get', 'Whether she has a calendar feed, and since when', json(CalendarFeedStatus, 'Her feed, or null')),
  own(
    'post',
    'Make her calendar feed (a new secret address; the old one stops at once)',
    json(CalendarFeedCreated, 'The new address, shown this once'),
  ),
  own('delete', 'Revoke her calendar feed', json(PracticeOkResponse, 'Revoked (or there was none)')),
  {
    method: 'get',
    path: `${FEED}/{secret}.ics`,
    tags: ['practice'],
    summary: 'The calendar feed (iCalendar), for a calendar application to subscribe to',
    request: { params: CalendarFeedParams },
    responses: {
      200: {
        description:
          'The confirmed consultations from 30 days ago to 180 days ahead (RFC 5545; Cache-Control: private, max-age=300)',
        content: { 'text/calendar': { schema: z.string() } },
      },
      400: error('The path is malformed (its percent-encoding)'),
      404: error('No live feed has this secret (unknown, replaced or revoked: one answer)'),
      429: error('Too many feed requests from this client address; Retry-After says when to try again'),
      503: error('The bookings cannot be read right now; Retry-After says when to try again'),
    },
  },
];

export const FEED_OPERATIONS: Record<string, { id: string; description: string }> = {
  [`GET ${FEED}`]: {
    id: 'practiceCalendarFeedStatus',
    description: `Whether the staff member has a calendar feed, when it was made and last fetched (never its secret). ${SESSION}`,
  },
  [`POST ${FEED}`]: {
    id: 'practiceCreateCalendarFeed',
    description: `Makes the staff member's calendar feed: a new secret address, shown once (only its hash is kept); her previous one stops answering at once. Audited. ${SESSION}`,
  },
  [`DELETE ${FEED}`]: {
    id: 'practiceRevokeCalendarFeed',
    description: `Revokes the staff member's calendar feed: its address answers 404 from then on. Audited. ${SESSION}`,
  },
  [`GET ${FEED}/{secret}.ics`]: {
    id: 'practiceCalendarFeed',
    description:
      "The practice's confirmed consultations as an iCalendar feed, for Google, Apple or Outlook calendar to subscribe to. No session: the secret in the address is the key. Each event: the plan, its time (UTC), the visitor's first name; never an e-mail address or notes. Limited per client address.",
  },
};
