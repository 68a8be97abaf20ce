// booking.v1.rescheduled and booking.v1.cancelled, each applied once through the inbox: the seat left behind
// is given back (again: the change gave it back already unless it crashed), the reminder follows the new
// time or is dropped, and the visitor gets the e-mail with the updated or cancelled invite (the practitioner a
// copy for a consultation). The Message-IDs come from the events' ids, so a send repeated after a crash
// between sending and the inbox's mark carries the same id.
import { consumeOnce, type EventBus, type Inbox, type Subscription } from '@hhp/kit';
import { BookingCancelledEvent, BookingRescheduledEvent, Subjects } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import type { BookingDocument } from '../sessions/booking.model.js';
import type { MailDeps } from './mail-deps.js';
import { bookingLinks } from './booking-links.js';
import { cancelledEmail, practitionerChangeEmail, rescheduledEmail } from './change-email.js';
import type { Confirmed } from './confirmation-email.js';

type ChangeDeps = Pick<BookingDeps, 'bookings' | 'claims' | 'logger'>;

/** The booking an event is about; one not found is logged, and there is nothing to do. */
async function bookingOf(deps: ChangeDeps, bookingId: string, change: 'rescheduled' | 'cancelled') {
  const booking = await deps.bookings.find(bookingId);
  if (!booking) deps.logger.warn({ bookingId }, `${change} booking not found; nothing to do`);
  return booking;
}

/** The practitioner's copy, of a consultation only, when PRACTITIONER_EMAIL is set. */
async function practitionerCopy(
  mail: MailDeps,
  booking: Confirmed,
  change: Parameters<typeof practitionerChangeEmail>[2],
  key: string,
) {
  if (booking.type !== 'dr-helen' || !mail.practitionerEmail) return;
  const message = practitionerChangeEmail(booking, mail.practice, change);
  await mail.mailer.send({ ...message, to: mail.practitionerEmail, idempotencyKey: key });
}

export async function bookingRescheduled(
  deps: ChangeDeps,
  mail: MailDeps,
  event: BookingRescheduledEvent,
  now = new Date(),
): Promise<void> {
  const booking = await bookingOf(deps, event.data.bookingId, 'rescheduled');
  if (!booking) return;
  for (const seat of booking.movedFrom ?? []) await deps.claims.giveBack(seat, now);
  // The e-mail is of this move (a later one sends its own), with the booking's visitor and links.
  const moved: Confirmed & Pick<BookingDocument, 'status'> = {
    ...booking,
    scheduledAt: new Date(event.data.scheduledAt),
    sequence: event.data.sequence,
  };
  const current = booking.status === 'confirmed' && booking.sequence === event.data.sequence;
  const reminder = current ? await mail.reminders.schedule(moved, now) : undefined;
  if (current) await mail.reminders.skipOthers(booking._id, reminder?._id, now);
  const previous = new Date(event.data.previousScheduledAt);
  await mail.mailer.send({
    ...rescheduledEmail(moved, mail.practice, previous, current ? bookingLinks(booking, mail) : {}),
    idempotencyKey: `rescheduled:${event.id}`,
  });
  const change = { cancelled: false, previousScheduledAt: previous } as const;
  await practitionerCopy(mail, moved, change, `rescheduled-practitioner:${event.id}`);
}

export async function bookingCancelled(
  deps: ChangeDeps,
  mail: MailDeps,
  event: BookingCancelledEvent,
  now = new Date(),
): Promise<void> {
  const booking = await bookingOf(deps, event.data.bookingId, 'cancelled');
  if (!booking) return;
  if (booking.claim) await deps.claims.giveBack(booking.claim, now);
  await mail.reminders.skipOthers(booking._id, undefined, now);
  const cancelled = { ...booking, sequence: event.data.sequence };
  await mail.mailer.send({
    ...cancelledEmail(cancelled, mail.practice, event.data.amountCents),
    idempotencyKey: `cancelled:${event.id}`,
  });
  await practitionerCopy(mail, cancelled, { cancelled: true }, `cancelled-practitioner:${event.id}`);
}

export function consumeBookingChanges(
  deps: ChangeDeps,
  mail: MailDeps,
  bus: EventBus,
  inbox: Inbox,
): Promise<Subscription[]> {
  return Promise.all([
    consumeOnce(
      { bus, inbox },
      { subject: Subjects.bookingRescheduled, durable: 'booking-reschedules', schema: BookingRescheduledEvent },
      (event) => bookingRescheduled(deps, mail, event),
    ),
    consumeOnce(
      { bus, inbox },
      { subject: Subjects.bookingCancelled, durable: 'booking-cancellations', schema: BookingCancelledEvent },
      (event) => bookingCancelled(deps, mail, event),
    ),
  ]);
}
