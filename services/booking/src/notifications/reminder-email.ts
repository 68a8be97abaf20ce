// The reminder a visitor gets before a confirmed session: when it is (in the practice's time zone), the join
// link of an AI Avatar Session, and the same invite as the confirmation (same UID, so a calendar keeps one
// event). Pure: the sender sends what this returns.
import { html, type MailMessage } from '@hhp/kit';
import {
  inviteAttachment,
  sessionParts,
  type BookingLinks,
  type Confirmed,
  type Practice,
} from './confirmation-email.js';

type Reminded = Confirmed;

/** The calendar day of `at` in `timeZone`, as days since the epoch. */
function dayNumber(at: Date, timeZone: string): number {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(at)
    .split('-')
    .map(Number);
  return Math.round(Date.UTC(ymd[0]!, ymd[1]! - 1, ymd[2]!) / 86_400_000);
}

/**
 * "is today", "is tomorrow", or "is on Tuesday, December 8": from the day it is sent, which for a reminder
 * sent late (the service was down at its due time) is not the day it was due.
 */
export function whenFromNow(booking: Pick<Reminded, 'scheduledAt' | 'timeZone'>, now: Date): string {
  const start = new Date(booking.scheduledAt);
  const days = dayNumber(start, booking.timeZone) - dayNumber(now, booking.timeZone);
  if (days === 0) return 'is today';
  if (days === 1) return 'is tomorrow';
  const day = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: booking.timeZone,
  }).format(start);
  return `is on ${day}`;
}

export function reminderEmail(
  booking: Reminded,
  practice: Practice,
  links: BookingLinks,
  now: Date,
): Omit<MailMessage, 'idempotencyKey'> {
  const { plan, when, join, change } = sessionParts(booking, practice, links);
  return {
    to: booking.email,
    subject: `Reminder: your ${plan} ${whenFromNow(booking, now)}`,
    preheader: when,
    html: html`<p>Dear ${booking.name},</p>
      <p>A reminder of your ${plan}:</p>
      <p><strong>${when}</strong><br />${booking.durationMinutes} minutes</p>
      ${join.html}
      <p>The invite attached adds it to your calendar, if it is not there yet.</p>
      ${change.html}`,
    text:
      `Dear ${booking.name},\n\nA reminder of your ${plan}:\n\n${when}\n` +
      `${booking.durationMinutes} minutes\n${join.text}\n` +
      `The invite attached adds it to your calendar, if it is not there yet.\n${change.text}`,
    attachments: [inviteAttachment(booking, practice)],
  };
}
