// The periodic sender: reminders due at `now` are sent, each once across replicas and restarts. The decision
// to send is the kit's inbox (a unique insert of `reminder:<bookingId>`, with a lease a crashed sender's
// claim runs out of); the reminder is then marked sent inside that claim. A crash between the SMTP server's
// acceptance and the mark sends it again after the lease, with the same Message-ID (from the idempotency
// key), so mail clients show it once. A reminder whose due time passed while the service was down is sent
// when it is back (the task runs at start), as long as the session has not begun.
import { InboxBusyError, createInbox, type Inbox, type Mongo, type PeriodicTask } from '@hhp/kit';
import type { BookingDeps } from '../rules.js';
import type { Bookings } from '../sessions/bookings.js';
import { bookingLinks } from './booking-links.js';
import type { MailDeps } from './mail-deps.js';
import { reminderEmail } from './reminder-email.js';
import type { ReminderDocument } from './reminders.js';

/** Reminders sent per run; the next run takes the rest. */
const BATCH = 100;

/**
 * How long a sender's claim on one reminder holds before another replica may take it over: far beyond one
 * send (the mailer gives up after 10 s per step), so only a sender that died loses it.
 */
const REMINDER_SEND_LEASE_MS = 5 * 60 * 1000;

export interface ReminderDeps {
  bookings: Pick<Bookings, 'find'>;
  mail: MailDeps;
  /** Its lease is longer than any one send (the mailer's timeouts), so no live sender is taken over. */
  inbox: Inbox;
  logger: BookingDeps['logger'];
}

/** The sender's parts, as the service wires them; its sends are decided in a collection of their own. */
export const reminderDeps = (
  mongo: Pick<Mongo, 'connection'>,
  bookings: ReminderDeps['bookings'],
  mail: MailDeps,
  logger: ReminderDeps['logger'],
): ReminderDeps => ({
  bookings,
  mail,
  inbox: createInbox(mongo, { collection: 'reminder_sends', leaseMs: REMINDER_SEND_LEASE_MS }),
  logger,
});

async function sendOne(deps: ReminderDeps, reminder: ReminderDocument, now: Date): Promise<'sent' | 'skipped'> {
  const { mail } = deps;
  const booking = await deps.bookings.find(reminder.bookingId);
  // Cancelled, refunded, past, or moved (the reminder of its new time is another): nothing to remind of.
  const startsAt = booking && new Date(booking.scheduledAt).getTime();
  const outcome =
    booking?.status === 'confirmed' &&
    startsAt! > now.getTime() &&
    startsAt === reminder.dueAt.getTime() + reminder.leadMs
      ? 'sent'
      : 'skipped';
  if (booking && outcome === 'sent') {
    const message = reminderEmail(booking, mail.practice, bookingLinks(booking, mail), now);
    await mail.mailer.send({ ...message, idempotencyKey: reminder._id });
  }
  await mail.reminders.finish(reminder._id, outcome, now);
  return outcome;
}

/** Send the reminders due at `now`; resolves to how many were sent. */
export async function sendDueReminders(deps: ReminderDeps, now = new Date(), signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const reminder of await deps.mail.reminders.due(now, BATCH)) {
    if (signal?.aborted) break;
    try {
      const outcome = await deps.inbox.once(reminder._id, () => sendOne(deps, reminder, now));
      if (outcome.applied && outcome.value === 'sent') sent += 1;
      if (outcome.applied) deps.logger.info({ bookingId: reminder.bookingId, outcome: outcome.value }, 'reminder');
    } catch (err) {
      // Another replica is sending it right now: it marks it.
      if (err instanceof InboxBusyError) continue;
      // Left scheduled: the next run tries again, until the session starts.
      deps.logger.error({ err, bookingId: reminder.bookingId }, 'reminder not sent; retried on the next run');
    }
  }
  return sent;
}

export function reminderSender(deps: ReminderDeps, everyMs: number): PeriodicTask {
  return {
    name: 'send due reminders',
    everyMs,
    runAtStart: true,
    run: (signal) => sendDueReminders(deps, new Date(), signal),
  };
}
