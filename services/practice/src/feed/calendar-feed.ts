// The calendar feed's parts, wired once: its collection, its limit's counters, its router and what the sweep drops.
import type { Connection } from 'mongoose';
import { addressLimit, DbSlotStore, type EventBus, type Logger } from '@hhp/kit';
import type { PracticeConfig } from '../config.js';
import type { AuditLog } from '../audit/audit-log.js';
import { originCheck, staffOnly } from '../http/guard.js';
import type { Sessions } from '../sessions/sessions.js';
import type { PracticeStore } from '../store.js';
import { CalendarFeeds } from './feeds.js';
import { feedRouter } from './feed.router.js';

export const TOO_MANY_FEED_FETCHES = 'Too many calendar feed requests from here. Please try again later.';

/** How long booking has to answer a feed's request. */
const BOOKING_TIMEOUT_MS = 2000;

export interface CalendarFeedDeps {
  config: PracticeConfig;
  connection: Connection;
  store: PracticeStore;
  sessions: Sessions;
  audit: AuditLog;
  bus: EventBus;
  logger: Logger;
  now: () => Date;
}

export async function calendarFeed({ config, connection, store, sessions, audit, bus, logger, now }: CalendarFeedDeps) {
  const feeds = new CalendarFeeds(connection, store, now);
  const slots = new DbSlotStore(connection, {
    collection: 'feed_slots',
    keepMs: 2 * config.PRACTICE_FEED_WINDOW_SECONDS * 1000,
  });
  await Promise.all([feeds.createIndexes(), slots.createIndexes()]);
  // A calendar application asks every few minutes to hours, so the limit per client address is generous; it stops a
  // loop or a scan from costing a database read and a booking request each time. Unknown secrets count as much as
  // known ones.
  const limit = addressLimit(slots, {
    scope: 'feed',
    message: TOO_MANY_FEED_FETCHES,
    perAddress: config.PRACTICE_FEED_FETCHES_PER_ADDRESS,
    windowSeconds: config.PRACTICE_FEED_WINDOW_SECONDS,
    allowlist: config.LOAD_TEST_ALLOWLIST,
    logger,
    now,
  });
  const router = feedRouter({
    timeoutMs: config.DB_TIMEOUT_MS,
    bookingTimeoutMs: BOOKING_TIMEOUT_MS,
    feeds,
    bus,
    audit,
    publicUrl: config.PUBLIC_URL,
    now,
    origin: originCheck(new URL(config.PUBLIC_URL).origin),
    staff: staffOnly(sessions, 'practitioner'),
    limit,
  });
  return { router, purge: () => slots.purge(now()) };
}
