import { confirmationEmail } from '../../src/notifications/confirmation-email.js';
import { reminderEmail, whenFromNow } from '../../src/notifications/reminder-email.js';
import { reminderDue, REMINDER_LEAD_MS, SHORT_REMINDER_LEAD_MS } from '../../src/notifications/reminders.js';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);
const start = at('2026-03-10T13:00:00Z'); // Tuesday 10 March 2026, 9:00 in New York
const booking = {
  _id: 'abcdefghijklmnopqrstuvwx',
  type: 'dr-helen' as const,
  name: 'Ada Visitor',
  email: 'ada@example.com',
  notes: '',
  scheduledAt: start,
  durationMinutes: 90,
  timeZone: NY,
  price: '400.00',
};
const practice = { practitionerName: 'Dr. Helen', domain: 'holistichealth.example' };

describe('when a reminder is due', () => {
  test('when a booking is confirmed 24 hours ahead or more, then its reminder is due 24 hours before', () => {
    expect(reminderDue(start, at('2026-03-01T00:00:00Z'))).toEqual({
      dueAt: at('2026-03-09T13:00:00Z'),
      leadMs: REMINDER_LEAD_MS,
    });
    expect(reminderDue(start, at('2026-03-09T13:00:00Z'))?.leadMs).toBe(REMINDER_LEAD_MS);
  });

  test('when it is confirmed less than 24 hours ahead, then 2 hours before, if that is 30 minutes away or more', () => {
    expect(reminderDue(start, at('2026-03-09T13:00:01Z'))).toEqual({
      dueAt: at('2026-03-10T11:00:00Z'),
      leadMs: SHORT_REMINDER_LEAD_MS,
    });
    expect(reminderDue(start, at('2026-03-10T10:30:00Z'))?.leadMs).toBe(SHORT_REMINDER_LEAD_MS);
    expect(reminderDue(start, at('2026-03-10T10:30:01Z'))).toBeUndefined();
    expect(reminderDue(start, at('2026-03-10T14:00:00Z'))).toBeUndefined();
  });
});

describe('the reminder e-mail', () => {
  test('when it is sent, then its subject says the day as seen in the practice on the day it is sent', () => {
    expect(whenFromNow(booking, at('2026-03-09T13:00:00Z'))).toBe('is tomorrow');
    // 23:30 on Monday in New York is already Tuesday in UTC: still "tomorrow".
    expect(whenFromNow(booking, at('2026-03-10T03:30:00Z'))).toBe('is tomorrow');
    expect(whenFromNow(booking, at('2026-03-10T11:00:00Z'))).toBe('is today');
    expect(whenFromNow(booking, at('2026-03-01T13:00:00Z'))).toBe('is on Tuesday, March 10');
  });

  test('when a consultation is reminded, then the time is the practice’s and there is no join link', () => {
    const mail = reminderEmail(booking, practice, {}, at('2026-03-09T13:00:00Z'));
    expect(mail.subject).toBe('Reminder: your Dr. Helen Consultation is tomorrow');
    expect(mail.text).toContain('Tuesday, March 10, 2026, 9:00 AM – 10:30 AM Eastern Daylight Time');
    expect(mail.text).not.toContain('Join your session');
    expect(mail.attachments?.[0]?.filename).toBe('invite.ics');
  });

  test('when the confirmation is composed, then it promises the reminder that was scheduled, or none', () => {
    expect(confirmationEmail(booking, practice, {}, REMINDER_LEAD_MS).text).toContain(
      'We will send a reminder 24 hours before.',
    );
    expect(confirmationEmail(booking, practice, {}, SHORT_REMINDER_LEAD_MS).text).toContain(
      'We will send a reminder 2 hours before.',
    );
    expect(confirmationEmail(booking, practice, {}, undefined).text).not.toContain('reminder');
  });
});
