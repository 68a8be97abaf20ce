// The e-mails of a visitor's change: the session moved (its new time, and the invite with the same UID and a
// higher SEQUENCE, so the calendar moves the event) or cancelled (the refund, and the invite's cancellation).
// Pure: the handler sends what these return. `practitioner`: the practitioner's copy, which names the visitor.
import { html, type MailMessage } from '@hhp/kit';
import {
  inviteAttachment,
  planName,
  sessionParts,
  whenText,
  type BookingLinks,
  type Confirmed,
  type Practice,
} from './confirmation-email.js';

type Message = Omit<MailMessage, 'idempotencyKey'>;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function rescheduledEmail(
  booking: Confirmed,
  practice: Practice,
  previousScheduledAt: Date,
  links: BookingLinks,
): Message {
  const { plan, when, join, change } = sessionParts(booking, practice, links, true);
  const before = whenText({ ...booking, scheduledAt: previousScheduledAt });
  return {
    to: booking.email,
    subject: `Your ${plan} has moved`,
    preheader: when,
    html: html`<p>Dear ${booking.name},</p>
      <p>Your ${plan} has moved to:</p>
      <p><strong>${when}</strong><br />${booking.durationMinutes} minutes</p>
      <p>It was: ${before}.</p>
      ${join.html}
      <p>The invite attached updates the event in your calendar.</p>
      ${change.html}`,
    text:
      `Dear ${booking.name},\n\nYour ${plan} has moved to:\n\n${when}\n${booking.durationMinutes} minutes\n\n` +
      `It was: ${before}.\n${join.text}` +
      `\nThe invite attached updates the event in your calendar.\n${change.text}`,
    attachments: [inviteAttachment(booking, practice)],
  };
}

/** `refundCents`: what is given back to the card (0: a session of the subscription plan). */
export function cancelledEmail(booking: Confirmed, practice: Practice, refundCents: number): Message {
  const plan = planName(booking, practice);
  const when = whenText(booking);
  const refund =
    refundCents > 0
      ? `${dollars(refundCents)} is being refunded to the card you paid with; banks usually show it within 5 to 10 business days.`
      : 'Nothing was charged for it beyond your subscription, so there is nothing to refund.';
  return {
    to: booking.email,
    subject: `Your ${plan} is cancelled`,
    preheader: when,
    html: html`<p>Dear ${booking.name},</p>
      <p>Your ${plan} on <strong>${when}</strong> is cancelled, as you asked.</p>
      <p>${refund}</p>
      <p>The invite attached removes it from your calendar. You are welcome to book again at any time.</p>`,
    text:
      `Dear ${booking.name},\n\nYour ${plan} on ${when} is cancelled, as you asked.\n\n${refund}\n\n` +
      'The invite attached removes it from your calendar. You are welcome to book again at any time.\n',
    attachments: [inviteAttachment(booking, practice, true)],
  };
}

/** The practitioner's copy of a change: who, what, and the updated or cancelled invite. */
export function practitionerChangeEmail(
  booking: Confirmed,
  practice: Practice,
  change: { cancelled: true } | { cancelled: false; previousScheduledAt: Date },
): Message {
  const plan = planName(booking, practice);
  const who = `${booking.name} <${booking.email}>`;
  const when = whenText(booking);
  const what = change.cancelled
    ? `cancelled their ${plan} on ${when}.`
    : `moved their ${plan} from ${whenText({ ...booking, scheduledAt: change.previousScheduledAt })} to ${when}.`;
  return {
    to: '',
    subject: change.cancelled ? `Cancelled: ${plan} with ${who}` : `Moved: ${plan} with ${who}`,
    preheader: when,
    html: html`<p>${who} ${what}</p>`,
    text: `${who} ${what}\n`,
    attachments: [inviteAttachment(booking, practice, change.cancelled)],
  };
}
