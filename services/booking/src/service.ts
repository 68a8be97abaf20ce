import { OutboxRelay, createInbox, createMailer, type ServiceContext, type ServiceParts } from '@hhp/kit';
import type { BookingConfig } from './config.js';
import { bookingMetrics } from './metrics.js';
import { bookingRules, type BookingDeps } from './rules.js';
import { availabilityRouter } from './availability/availability.router.js';
import { AvailabilityStore } from './availability/availability-store.js';
import { availabilityReplies } from './availability/replies.js';
import { holdSweeper } from './holds/expire-holds.js';
import { pastDaysPurge } from './holds/purge-past-days.js';
import { joinRouter } from './join/join.router.js';
import { PassClaims } from './join/pass-claims.js';
import { practiceReplies } from './practice/replies.js';
import { lookupReplies } from './lookup/replies.js';
import { practiceNumbersReplies } from './numbers/practice-numbers.js';
import { changeLocks } from './manage/change-booking.js';
import { manageRouter } from './manage/manage.router.js';
import { practiceFeedReplies } from './feed/practice-feed.js';
import { consumeBookingsConfirmed } from './notifications/booking-confirmed.handler.js';
import { consumeBookingChanges } from './notifications/changes.handler.js';
import { mailDeps } from './notifications/mail-deps.js';
import { reminderDeps, reminderSender } from './notifications/send-reminders.js';
import { paymentsGate } from './payments/payments-gate.js';
import { consumePaymentsRefunded } from './payments/payment-refunded.handler.js';
import { consumePaymentsSucceeded } from './payments/payment-succeeded.handler.js';
import { consumeSubscriptionsChanged } from './payments/subscription-changed.handler.js';
import { bookingModel } from './sessions/booking.model.js';
import { Bookings } from './sessions/bookings.js';
import { sessionsRouter } from './sessions/sessions.router.js';
import { SeatClaims } from './slots/seat-claims.js';

/** The claims of past days are forgotten hourly (holds/purge-past-days.ts). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Indexes, the outbox relay, the routes, the lookup responder, the consumers (the confirmation and change
 * e-mails among them), the hold sweeper, the purge and the reminders' sender.
 */
export async function bookingService({
  config,
  mongo,
  bus,
  logger,
  metrics,
}: ServiceContext<BookingConfig>): Promise<ServiceParts> {
  const model = bookingModel(mongo.connection);
  const claims = new SeatClaims(mongo.connection);
  const availability = new AvailabilityStore(mongo.connection);
  // autoIndex is off: the indexes the queries rely on exist before the first request.
  await Promise.all([model.createIndexes(), claims.createIndexes(), availability.createIndexes()]);
  const relay = new OutboxRelay({ model, bus, logger, registry: metrics.registry }).start();
  const deps: BookingDeps = {
    rules: bookingRules(config),
    bookings: new Bookings(model, relay),
    claims,
    availability,
    payments: paymentsGate(bus, config.PAYMENTS_TIMEOUT_MS),
    metrics: bookingMetrics(metrics.registry),
    logger,
  };
  const joinDeps = config.SESSION_PASS_SECRET
    ? {
        ...deps,
        passClaims: new PassClaims(mongo.connection),
        secret: config.SESSION_PASS_SECRET,
        earlyMs: config.SESSION_JOIN_EARLY_MINUTES * 60_000,
        timeoutMs: config.DB_TIMEOUT_MS,
      }
    : undefined;
  // One lock per booking for the visitor's changes by link and staff's in the console alike.
  const locks = changeLocks();
  const manageDeps = config.BOOKING_LINK_SECRET
    ? { ...deps, locks, secret: config.BOOKING_LINK_SECRET, timeoutMs: config.DB_TIMEOUT_MS }
    : undefined;
  if (!manageDeps)
    logger.warn('no BOOKING_LINK_SECRET: e-mails carry no "Change or cancel" link, and its routes answer 503');
  if (!joinDeps) logger.warn('no SESSION_PASS_SECRET: AI Avatar Sessions get no join link, and joining answers 503');
  const inbox = createInbox(mongo);
  const replies = lookupReplies(bus, deps.bookings);
  const numbers = practiceNumbersReplies(bus, model, config.PRACTICE_TIME_ZONE);
  const practice = practiceReplies(bus, { ...deps, locks });
  const availabilityAnswers = availabilityReplies(bus, deps);
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger,
  });
  const mail = mailDeps(config, mailer, mongo.connection);
  const feedReplies = practiceFeedReplies(bus, model, mail.practice, config.PRACTICE_TIME_ZONE);
  await mail.reminders.createIndexes();
  const reminders = reminderDeps(mongo, deps.bookings, mail, logger);
  const consumers = await Promise.all([
    consumePaymentsSucceeded(deps, bus, inbox),
    consumePaymentsRefunded(deps, bus, inbox),
    consumeSubscriptionsChanged(deps, bus, inbox),
    consumeBookingsConfirmed(deps, mail, bus, inbox),
  ]);
  consumers.push(...(await consumeBookingChanges(deps, mail, bus, inbox)));
  return {
    routers: [
      availabilityRouter(deps, config.DB_TIMEOUT_MS),
      sessionsRouter(deps, config.DB_TIMEOUT_MS),
      joinRouter(joinDeps),
      manageRouter(manageDeps),
    ],
    every: [
      holdSweeper(deps, config.HOLD_SWEEP_INTERVAL_MS),
      pastDaysPurge(deps, PURGE_EVERY_MS),
      reminderSender(reminders, config.REMINDER_SWEEP_INTERVAL_MS),
    ],
    stop: [
      ['consumers', () => Promise.all(consumers.map((c) => c.stop()))],
      ['mailer', () => mailer.close()],
      ['lookup replies', () => replies.drain()],
      ['feed replies', () => feedReplies.drain()],
      ['numbers replies', () => numbers.drain()],
      ['practice replies', () => practice.drain()],
      ['availability replies', () => availabilityAnswers.drain()],
      ['outbox relay', () => relay.stop()],
    ],
  };
}
