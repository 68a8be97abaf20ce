// The confirmation a visitor gets once a booking is paid: the session, its time in the practice's time zone,
// an .ics invite (its UID is the booking's, so a later update replaces the event in the calendar), and, for
// an AI Avatar Session, the "Join your session" link. Pure: the handler sends what this returns.
import { createEvent } from 'ics';
import { html, link, type MailMessage } from '@hhp/kit';
import { PLANS } from '@hhp/proto';
import type { BookingDocument } from '../sessions/booking.model.js';

export interface Practice {
  /** The practitioner's name, for the plans' `{name}`. */
  practitionerName: string;
  /** The sender's domain: the invite's UID is `<booking id>@<domain>`. */
  domain: string;
}

type Confirmed = Pick<
  BookingDocument,
  '_id' | 'type' | 'name' | 'email' | 'notes' | 'scheduledAt' | 'durationMinutes' | 'timeZone' | 'price'
>;

export const planName = (booking: Pick<BookingDocument, 'type'>, practice: Practice) =>
  PLANS[booking.type].name.replace('{name}', practice.practitionerName);

/** "Tuesday, December 8, 2026, 9:00 AM – 10:30 AM Eastern Standard Time". */
export function whenText(booking: Pick<Confirmed, 'scheduledAt' | 'durationMinutes' | 'timeZone'>): string {
  const start = new Date(booking.scheduledAt);
  const end = new Date(start.getTime() + booking.durationMinutes * 60_000);
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: booking.timeZone }).format(start);
  const time = (d: Date, zone = false) =>
    new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: booking.timeZone,
      ...(zone ? { timeZoneName: 'long' } : {}),
    }).format(d);
  return `${day}, ${time(start)} – ${time(end, true)}`;
}

export function invite(booking: Confirmed, practice: Practice): string {
  const { error, value } = createEvent({
    uid: `${booking._id}@${practice.domain}`,
    start: new Date(booking.scheduledAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: booking.durationMinutes },
    title: planName(booking, practice),
    description: booking.type === 'dr-helen' ? 'In-person consultation.' : 'Online session with the AI assistant.',
    status: 'CONFIRMED',
    sequence: 0,
  });
  if (error || !value) throw new Error(`the invite could not be made: ${error?.message ?? 'no value'}`);
  return value;
}

/** The AI Avatar Session's join link, and how many minutes before the start it opens. */
export interface JoinLink {
  url: string;
  earlyMinutes: number;
}

/** `reminderLeadMs`: how long before the start the scheduled reminder comes; undefined: none is scheduled. */
export function confirmationEmail(
  booking: Confirmed,
  practice: Practice,
  join: JoinLink | undefined,
  reminderLeadMs?: number,
): Omit<MailMessage, 'idempotencyKey'> {
  const plan = planName(booking, practice);
  const when = whenText(booking);
  const reminder =
    reminderLeadMs === undefined
      ? ''
      : ` We will send a reminder ${Math.round(reminderLeadMs / 3_600_000)} hours before.`;
  const opens = join && `The link opens ${join.earlyMinutes} minutes before the start and works in one browser.`;
  const joinText = join ? `\nJoin your session: ${join.url}\n${opens}\n` : '';
  return {
    to: booking.email,
    subject: `Your ${plan} is confirmed`,
    preheader: when,
    html: html`<p>Dear ${booking.name},</p>
      <p>Your ${plan} is confirmed and paid.</p>
      <p><strong>${when}</strong><br />${booking.durationMinutes} minutes, $${booking.price}</p>
      ${join ? html`<p>${link(join.url, 'Join your session')}<br />${opens}</p>` : ''}
      <p>The invite attached adds it to your calendar.${reminder}</p>`,
    text:
      `Dear ${booking.name},\n\nYour ${plan} is confirmed and paid.\n\n${when}\n` +
      `${booking.durationMinutes} minutes, $${booking.price}\n${joinText}\n` +
      `The invite attached adds it to your calendar.${reminder}\n`,
    attachments: [{ filename: 'invite.ics', content: invite(booking, practice), contentType: 'text/calendar' }],
  };
}
