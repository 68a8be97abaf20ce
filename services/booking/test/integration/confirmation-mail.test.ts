// The confirmation e-mail, against a real Mailpit: sent once per confirmed booking, with the time in the
// practice's time zone, a valid invite whose UID is the booking's, the join link for an AI Avatar Session, and
// the practitioner's copy of a consultation.
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import {
  book,
  openDays,
  pay,
  sleep,
  startBookingSuite,
  type BookingService,
  type BookingSuiteWithMail,
} from './harness.js';
import { parseCalendar } from './ical.js';

let suite: BookingSuiteWithMail;
let mailpit: Mailpit;
let service: BookingService;
const days = openDays('ai-session', 90);
const tuesdays = openDays('dr-helen', 90);
const SECRET = 'a-session-pass-secret-of-32-chars-at-least';

beforeAll(async () => {
  suite = await startBookingSuite(
    'mail',
    {
      SESSION_PASS_SECRET: SECRET,
      PUBLIC_URL: 'https://portal.example',
      PRACTITIONER_EMAIL: 'helen@practice.example',
    },
    { mail: true },
  );
  ({ mailpit, service } = suite);
});

afterAll(() => suite?.stop());

beforeEach(() => mailpit.client.deleteAll());

test('when an AI Avatar Session is paid, then its visitor gets one confirmation with the time, the invite and the join link', async () => {
  const { slots } = days();
  const slot = slots[0]!;
  const id = await book(service, 'ai-session', slot.startsAt);
  await pay(id, 900);

  const mail = await mailpit.client.waitForMessage({
    to: 'ada@example.com',
    subject: 'Your AI Avatar Session is confirmed',
  });
  expect(mail.From.Name).toBe('Holistic Health Portal');
  // 09:00 in New York is what the visitor chose, whatever the server's own zone.
  expect(mail.Text).toContain(`${slot.time.replace(/^0/, '')} AM`);
  expect(mail.Text).toMatch(/Eastern (Standard|Daylight) Time/);
  expect(mail.Text).toContain('$9.00');
  const join = /Join your session: (\S+)/.exec(mail.Text)?.[1];
  expect(join).toMatch(new RegExp(`^https://portal\\.example/join\\?booking=${id}&token=[A-Za-z0-9_-]+$`));
  expect(mail.HTML).toContain('Join your session</a>');
  expect(mail.Text).toContain('The link opens 10 minutes before the start');
  // The reminder it promises is scheduled (reminder-mail.test.ts sends it).
  expect(mail.Text).toContain('We will send a reminder 24 hours before.');
  expect(mail.HTML).toContain('We will send a reminder 24 hours before.');

  // The invite as a calendar reads it (ical.js): published, one event, the booking's UID, the slot's instant in UTC.
  const invite = parseCalendar(await mail.attachment('invite.ics'));
  expect(invite.method).toBe('PUBLISH');
  expect(invite.prodId).toBe('-//Holistic Health Portal//booking//EN');
  expect(invite.events).toHaveLength(1);
  const [event] = invite.events;
  expect(event).toMatchObject({
    uid: `${id}@holistichealth.example`,
    sequence: 0,
    status: 'CONFIRMED',
    summary: 'AI Avatar Session',
    description: 'Online session with the AI assistant.',
    startZone: 'UTC',
    endZone: 'UTC',
  });
  expect(event!.start.toISOString()).toBe(slot.startsAt.toISOString());
  expect(event!.end.getTime() - event!.start.getTime()).toBe(60 * 60_000);

  // A second delivery of the same payment confirms nothing new, and sends nothing new.
  await sleep(1000);
  expect((await mailpit.client.messages()).filter((m) => m.Subject.includes('is confirmed'))).toHaveLength(1);
});

test('when a consultation is paid, then the visitor and the practitioner each get the confirmation, with no join link', async () => {
  const { slots } = tuesdays();
  const id = await book(service, 'dr-helen', slots[1]!.startsAt);
  await pay(id, 40000);

  const visitor = await mailpit.client.waitForMessage({
    to: 'ada@example.com',
    subject: 'Your Dr. Helen Consultation is confirmed',
  });
  expect(visitor.Text).toContain('90 minutes, $400.00');
  expect(visitor.Text).not.toContain('Join your session');
  const practitioner = await mailpit.client.waitForMessage({ to: 'helen@practice.example' });
  expect(practitioner.Subject).toBe('New booking: Dr. Helen Consultation with Ada Visitor <ada@example.com>');
  const [event] = parseCalendar(await practitioner.attachment('invite.ics')).events;
  expect(event).toMatchObject({
    uid: `${id}@holistichealth.example`,
    summary: 'Dr. Helen Consultation',
    description: 'In-person consultation.',
    startZone: 'UTC',
  });
  expect(event!.start.toISOString()).toBe(slots[1]!.startsAt.toISOString());
  expect(event!.end.getTime() - event!.start.getTime()).toBe(90 * 60_000);
});
