// The feed's text (ical-generator): one VEVENT per confirmed session, with the UID and SEQUENCE of the invites
// booking e-mails, so a calendar that has both knows them for one session. Times are UTC; X-WR-TIMEZONE names the
// practice's zone for the calendars that show a subscribed calendar in it. What each event says of the visitor is
// her first name, which booking chose to send (no e-mail address, no notes ever reach practice this way).
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { PracticeFeedResponse } from '@hhp/proto';

/** How often a calendar should fetch it again (REFRESH-INTERVAL, X-PUBLISHED-TTL): an hour. */
const REFRESH_SECONDS = 3600;

export function feedCalendar({ timeZone, sessions }: PracticeFeedResponse, now: Date): string {
  const calendar = ical({
    prodId: { company: 'Holistic Health Portal', product: 'practice feed', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: 'Holistic Health Portal: consultations',
    description: 'Confirmed sessions of the practice (the practice console’s calendar feed).',
    ttl: REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', timeZone);
  for (const session of sessions) {
    const start = new Date(session.startsAt);
    calendar.createEvent({
      id: session.uid,
      sequence: session.sequence,
      stamp: now,
      start,
      end: new Date(start.getTime() + session.durationMinutes * 60_000),
      summary: session.visitor ? `${session.title}: ${session.visitor}` : session.title,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
