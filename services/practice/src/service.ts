import { addressLimit, createMailer, DbSlotStore, type ServiceContext, type ServiceParts } from '@hhp/kit';
import type { PracticeConfig } from './config.js';
import { openStore } from './store.js';
import { Sessions } from './sessions/sessions.js';
import { AuditLog } from './audit/audit-log.js';
import { inviteFirstAdmin } from './staff/invites.js';
import { practiceRouter } from './practice.router.js';
import { practiceMetrics } from './metrics.js';
import { dashboard } from './numbers/dashboard.js';
import { emailListRouter } from './list/email-list.js';
import { staffOnly } from './http/guard.js';
import { calendarRouter } from './calendar/calendar.router.js';
import { calendarFeed } from './feed/calendar-feed.js';
import { availabilityRouter } from './availability/availability.router.js';

export interface PracticeOptions {
  /** The clock (tests move it to expire sessions and invites). */
  now?: () => Date;
}

const MINUTE_MS = 60_000;

export const TOO_MANY_SIGN_INS = 'Too many sign-in attempts from here. Please try again later.';

/** The collections and their indexes, the first admin's invite, the routes, and the sweeps of expired rows. */
export async function practiceService(
  { config, mongo, bus, logger, metrics: kitMetrics }: ServiceContext<PracticeConfig>,
  { now = () => new Date() }: PracticeOptions = {},
): Promise<ServiceParts> {
  const store = await openStore(mongo.connection);
  const publicUrl = new URL(config.PUBLIC_URL);
  const rp = { id: publicUrl.hostname, origin: publicUrl.origin, name: 'Holistic Health Portal' };
  const sessions = new Sessions(store, {
    idleMs: config.PRACTICE_SESSION_IDLE_MINUTES * MINUTE_MS,
    absoluteMs: config.PRACTICE_SESSION_ABSOLUTE_HOURS * 60 * MINUTE_MS,
    secure: publicUrl.protocol === 'https:',
    now,
  });
  const audit = new AuditLog(store, now);
  const metrics = practiceMetrics(kitMetrics.registry, () => sessions.countAlive());
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger,
    timeoutMs: config.PRACTICE_MAIL_TIMEOUT_MS,
  });
  const invites = {
    store,
    mailer,
    metrics,
    mailTimeoutMs: config.PRACTICE_MAIL_TIMEOUT_MS,
    publicUrl: config.PUBLIC_URL,
    now,
    logger,
  };
  // The service starts even when the e-mail cannot go out: the next start invites her then.
  const first = await inviteFirstAdmin(invites, config.PRACTICE_FIRST_ADMIN_EMAIL).catch((err: unknown) => {
    logger.error({ err }, 'the first admin could not be invited: the next start tries again');
    return 'failed' as const;
  });
  if (first === 'pending') logger.info('the first admin has an unused invite: see the e-mail sent to her');
  if (first === 'unset') logger.info('no staff is invited at start: PRACTICE_FIRST_ADMIN_EMAIL is not set');

  const slots = new DbSlotStore(mongo.connection, {
    collection: 'sign_in_slots',
    keepMs: 2 * config.PRACTICE_SIGN_IN_WINDOW_SECONDS * 1000,
  });
  await slots.createIndexes();
  // Sign-in and registration calls per client address and window (options and verify each count).
  const signInLimit = addressLimit(slots, {
    scope: 'sign-in',
    message: TOO_MANY_SIGN_INS,
    perAddress: config.PRACTICE_SIGN_INS_PER_ADDRESS,
    windowSeconds: config.PRACTICE_SIGN_IN_WINDOW_SECONDS,
    allowlist: config.LOAD_TEST_ALLOWLIST,
    logger,
    now,
  });

  const feed = await calendarFeed({ config, connection: mongo.connection, store, sessions, audit, bus, logger, now });
  const numbers = await dashboard({ config, connection: mongo.connection, sessions, audit, bus, logger, now });
  const list = emailListRouter({
    timeoutMs: config.DB_TIMEOUT_MS,
    pageTimeoutMs: config.PRACTICE_LIST_TIMEOUT_MS,
    bus,
    audit,
    admin: staffOnly(sessions),
    now,
    logger,
  });

  return {
    routers: [
      practiceRouter({
        timeoutMs: config.DB_TIMEOUT_MS,
        metrics,
        passkeys: { store, rp, now },
        invites,
        sessions,
        audit,
        signInLimit,
      }),
      numbers.router,
      feed.router,
      list,
      availabilityRouter({ timeoutMs: config.DB_TIMEOUT_MS, bus, sessions, audit, origin: rp.origin }),
      calendarRouter({ timeoutMs: config.DB_TIMEOUT_MS, bus, sessions, audit, origin: rp.origin }),
    ],
    every: [
      {
        name: 'practice sweep',
        everyMs: 10 * MINUTE_MS,
        run: () =>
          Promise.all([
            sessions.purge(),
            slots.purge(now()),
            store.challenges.deleteMany({ expiresAt: { $lt: now() } }),
            numbers.purge(),
            feed.purge(),
          ]),
      },
    ],
    stop: [
      ['numbers consumers', () => numbers.stop()],
      ['mailer', () => mailer.close()],
    ],
  };
}
