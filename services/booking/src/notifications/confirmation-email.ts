// The confirmation a visitor gets once a booking is paid: the session, its time in the practice's time zone,
// an .ics invite (its UID is the booking's, so a later update replaces the event in the calendar), and, for
// an AI Avatar Session, the "Join your session" link. Pure: the handler sends what this returns.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { html, link, type MailMessage } from '@hhp/kit';
import { PLANS } from '@hhp/proto';
import type { BookingDocument } from '../sessions/booking.model.js';

export interface Practice {
  /** The practitioner's name, for the plans' `{name}`. */
  practitionerName: string;
  /** The sender's domain: the invite's UID is `<booking id>@<domain>`. */
  domain: string;
}

export type Confirmed = Pick<
  BookingDocument,
  '_id' | 'type' | 'name' | 'email' | 'notes' | 'scheduledAt' | 'durationMinutes' | 'timeZone' | 'price' | 'sequence'
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

/** The UID of a booking's calendar event, in every invite and in the staff's calendar feed. */
export const inviteUid = (bookingId: string, practice: Practice) => `${bookingId}@${practice.domain}`;

/**
 * The booking's calendar event (ical-generator). Its UID is the booking's and its SEQUENCE the booking's count of
 * changes, so a calendar replaces the event when the session moves; a cancellation is sent with METHOD:CANCEL and
 * STATUS:CANCELLED. Times are UTC (`Z`): an instant that no calendar can read wrong across a change of daylight
 * saving time; each shows it in its own zone (the e-mail's text gives the practice's).
 */
export function invite(booking: Confirmed, practice: Practice, cancelled = false): string {
  const start = new Date(booking.scheduledAt);
  const calendar = ical({
    prodId: { company: 'Holistic Health Portal', product: 'booking', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: inviteUid(booking._id, practice),
    sequence: booking.sequence ?? 0,
    start,
    end: new Date(start.getTime() + booking.durationMinutes * 60_000),
    summary: planName(booking, practice),
    description: booking.type === 'dr-helen' ? 'In-person consultation.' : 'Online session with the AI assistant.',
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The AI Avatar Session's join link, and how many minutes before the start it opens. */
interface JoinLink {
  url: string;
  earlyMinutes: number;
}

/** The invite as an attachment (its method in the content type, as calendar clients expect). */
export function inviteAttachment(booking: Confirmed, practice: Practice, cancelled = false) {
  const method = cancelled ? 'CANCEL' : 'PUBLISH';
  return {
    filename: 'invite.ics',
    content: invite(booking, practice, cancelled),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * The "Join your session" paragraph of an AI Avatar Session, in HTML and text; empty without a link. `again`: the
 * HTML says it is the link sent before (a moved session keeps its link).
 */
export function joinParagraph(join: JoinLink | undefined, { again = false } = {}) {
  if (!join) return { html: html``, text: '' };
  const opens = `The link opens ${join.earlyMinutes} minutes before the start and works in one browser.`;
  const same = again ? ' (the same link as before)' : '';
  return {
    html: html`<p>${link(join.url, 'Join your session')}${same}<br />${opens}</p>`,
    text: `\nJoin your session: ${join.url}\n${opens}\n`,
  };
}

/** The "Change or cancel" paragraph, in HTML and text; empty without a link. */
export function manageParagraph(url: string | undefined, changeNoticeHours: number) {
  if (!url) return { html: html``, text: '' };
  const note = `You can move or cancel it up to ${changeNoticeHours} hours before it starts.`;
  return {
    html: html`<p>${link(url, 'Change or cancel')}<br />${note}</p>`,
    text: `\nChange or cancel: ${url}\n${note}\n`,
  };
}

/** The booking's links in its e-mails: joining (an AI Avatar Session) and changing or cancelling. */
export interface BookingLinks {
  join?: JoinLink;
  manage?: { url: string; changeNoticeHours: number };
}

/**
 * What each letter to the visitor about a session says of it: the plan's name, its time, and the paragraphs of its
 * links (joining, changing or cancelling).
 */
export function sessionParts(
  booking: Confirmed,
  practice: Practice,
  { join, manage }: BookingLinks,
  joinAgain = false,
) {
  return {
    plan: planName(booking, practice),
    when: whenText(booking),
    join: joinParagraph(join, { again: joinAgain }),
    change: manageParagraph(manage?.url, manage?.changeNoticeHours ?? 24),
  };
}

/** `reminderLeadMs`: how long before the start the scheduled reminder comes; undefined: none is scheduled. */
export function confirmationEmail(
  booking: Confirmed,
  practice: Practice,
  links: BookingLinks,
  reminderLeadMs?: number,
): Omit<MailMessage, 'idempotencyKey'> {
  const { plan, when, join, change } = sessionParts(booking, practice, links);
  const reminder =
    reminderLeadMs === undefined
      ? ''
      : ` We will send a reminder ${Math.round(reminderLeadMs / 3_600_000)} hours before.`;
  return {
    to: booking.email,
    subject: `Your ${plan} is confirmed`,
    preheader: when,
    html: html`<p>Dear ${booking.name},</p>
      <p>Your ${plan} is confirmed and paid.</p>
      <p><strong>${when}</strong><br />${booking.durationMinutes} minutes, $${booking.price}</p>
      ${join.html}
      <p>The invite attached adds it to your calendar.${reminder}</p>
      ${change.html}`,
    text:
      `Dear ${booking.name},\n\nYour ${plan} is confirmed and paid.\n\n${when}\n` +
      `${booking.durationMinutes} minutes, $${booking.price}\n${join.text}\n` +
      `The invite attached adds it to your calendar.${reminder}\n${change.text}`,
    attachments: [inviteAttachment(booking, practice)],
  };
}
