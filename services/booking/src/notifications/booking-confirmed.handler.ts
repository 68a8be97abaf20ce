// booking.v1.confirmed → the booking's reminder is scheduled (reminders.ts), then the visitor's confirmation
// e-mail is sent (and, for a consultation, a copy to the practitioner when PRACTITIONER_EMAIL is set). Sent once per confirmation through the inbox; the Message-ID
// comes from the event's id, so a send repeated after a crash between sending and the inbox's done mark
// carries the same id and mail clients show it once.
import { consumeOnce, type EventBus, type Inbox, type Subscription } from '@hhp/kit';
import { BookingConfirmedEvent, Subjects } from '@hhp/proto';
import type { BookingDeps } from '../rules.js';
import { bookingLinks } from './booking-links.js';
import { confirmationEmail, planName } from './confirmation-email.js';
import type { MailDeps } from './mail-deps.js';

export async function sendConfirmation(
  deps: Pick<BookingDeps, 'bookings' | 'logger'>,
  mail: MailDeps,
  event: BookingConfirmedEvent,
): Promise<void> {
  const booking = await deps.bookings.find(event.data.bookingId);
  if (!booking) {
    deps.logger.warn({ bookingId: event.data.bookingId }, 'confirmed booking not found; no e-mail');
    return;
  }
  // Before the e-mail, which promises the reminder that was scheduled (a redelivery finds the same one).
  const reminder = await mail.reminders.schedule(booking, new Date());
  const message = confirmationEmail(booking, mail.practice, bookingLinks(booking, mail), reminder?.leadMs);
  await mail.mailer.send({ ...message, idempotencyKey: `confirmation:${event.id}` });
  if (booking.type === 'dr-helen' && mail.practitionerEmail) {
    // The practitioner's copy names the visitor, and has neither the join link (there is none for a
    // consultation) nor the visitor's change-or-cancel link.
    await mail.mailer.send({
      ...confirmationEmail(booking, mail.practice, {}, reminder?.leadMs),
      to: mail.practitionerEmail,
      subject: `New booking: ${planName(booking, mail.practice)} with ${booking.name} <${booking.email}>`,
      idempotencyKey: `confirmation-practitioner:${event.id}`,
    });
  }
}

export function consumeBookingsConfirmed(
  deps: BookingDeps,
  mail: MailDeps,
  bus: EventBus,
  inbox: Inbox,
): Promise<Subscription> {
  return consumeOnce(
    { bus, inbox },
    { subject: Subjects.bookingConfirmed, durable: 'booking-mail', schema: BookingConfirmedEvent },
    (event) => sendConfirmation(deps, mail, event),
  );
}
