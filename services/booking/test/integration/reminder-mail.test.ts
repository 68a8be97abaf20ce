// The reminder e-mail, against a real Mailpit, FerretDB and NATS, under a controlled clock: the sweep is
// called with an explicit `now` (the service's own sweep runs hourly here, at real time, when nothing is due).
// Sent once at its due time however many sweeps run, late after a restart or an outage, never for a booking
// that is no longer confirmed or whose session has begun.
import { createMailer, type Mailer } from '@hhp/kit';
import type { SessionType } from '@hhp/proto';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { bookingModel, type BookingDocument } from '../../src/sessions/booking.model.js';
import { mailDeps } from '../../src/notifications/mail-deps.js';
import { Reminders, REMINDER_LEAD_MS, SHORT_REMINDER_LEAD_MS } from '../../src/notifications/reminders.js';
import { reminderDeps, sendDueReminders, type ReminderDeps } from '../../src/notifications/send-reminders.js';
import {
  confirmedByMail,
  openDays,
  sleep,
  startBookingSuite,
  type BookingService,
  type BookingSuiteWithMail,
} from './harness.js';
import { parseCalendar } from './ical.js';

let suite: BookingSuiteWithMail;
let mailpit: Mailpit;
let mailer: Mailer;
let service: BookingService;
const days = openDays('ai-session', 120);
const tuesdays = openDays('dr-helen', 120);
const SECRET = 'a-session-pass-secret-of-32-chars-at-least';
const HOUR = 3_600_000;

beforeAll(async () => {
  suite = await startBookingSuite(
    'reminder',
    {
      SESSION_PASS_SECRET: SECRET,
      PUBLIC_URL: 'https://portal.example',
      // The service's own sweep runs at start and then hourly, at real time: these bookings are months ahead.
      REMINDER_SWEEP_INTERVAL_MS: String(HOUR),
    },
    { mail: true },
  );
  ({ mailpit, service } = suite);
  mailer = createMailer({
    smtpUrl: mailpit.smtpUrl,
    from: service.config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger: service.logger,
  });
});

afterAll(async () => {
  await mailer?.close();
  await suite?.stop();
});

/** The sender as the service wires it, on the running service's connection, with the test's clock. */
function sender(s: BookingService): ReminderDeps {
  const model = bookingModel(s.mongo.connection);
  const bookings = { find: (id: string) => model.findById(id).lean<BookingDocument>().exec() };
  return reminderDeps(s.mongo, bookings, mailDeps(s.config, mailer, s.mongo.connection), s.logger);
}
const sweep = (now: Date, s = service) => sendDueReminders(sender(s), now);
const reminders = () => new Reminders(service.mongo.connection);

/** A booking paid and confirmed: its confirmation has arrived, so its reminder is scheduled. */
async function confirmed(type: SessionType, at: Date) {
  const { id, email, mail: confirmation } = await confirmedByMail(service, mailpit, type, at);
  const reminder = await reminders().find(id);
  return { id, email, at, confirmation, reminder };
}

const remindersTo = async (email: string) =>
  (await mailpit.client.messages()).filter(
    (m) => m.To.some((a) => a.Address === email) && m.Subject.startsWith('Reminder:'),
  );
/** Waits for the one reminder to `email`, then for any second one a little longer. */
async function theOneReminder(email: string) {
  const mail = await mailpit.client.waitForMessage({ to: email, subject: /^Reminder:/ });
  await sleep(500);
  expect(await remindersTo(email)).toHaveLength(1);
  return mail;
}

test('when its due time comes, then an AI Avatar Session reminder is sent once, however many sweeps run at once', async () => {
  const slot = days().slots[0]!;
  const { id, email, confirmation, reminder } = await confirmed('ai-session', slot.startsAt);
  expect(confirmation.Text).toContain('We will send a reminder 24 hours before.');
  expect(reminder).toMatchObject({ state: 'scheduled', leadMs: REMINDER_LEAD_MS });
  const dueAt = new Date(slot.startsAt.getTime() - REMINDER_LEAD_MS);
  expect(reminder!.dueAt).toEqual(dueAt);

  // A second before: not due.
  await sweep(new Date(dueAt.getTime() - 1000));
  await sleep(300);
  expect(await remindersTo(email)).toHaveLength(0);

  // Two replicas at the due time, then a third sweep after them.
  await Promise.all([sweep(dueAt), sweep(dueAt)]);
  await sweep(dueAt);
  const mail = await theOneReminder(email);
  expect(mail.Subject).toBe('Reminder: your AI Avatar Session is tomorrow');
  expect(mail.Text).toContain(`${slot.time.replace(/^0/, '')} AM`);
  expect(mail.Text).toMatch(/Eastern (Standard|Daylight) Time/);
  expect(/Join your session: (\S+)/.exec(mail.Text)?.[1]).toMatch(
    new RegExp(`^https://portal\\.example/join\\?booking=${id}&token=[A-Za-z0-9_-]+$`),
  );
  expect(mail.HTML).toContain('Join your session</a>');
  // The confirmation's invite again: the same UID, so a calendar keeps one event.
  expect(parseCalendar(await mail.attachment('invite.ics')).events).toEqual([
    expect.objectContaining({ uid: `${id}@holistichealth.example`, sequence: 0, start: slot.startsAt }),
  ]);
  expect(await reminders().find(id)).toMatchObject({ state: 'sent' });
});

test('when a booking is confirmed less than 24 hours ahead, then its reminder comes 2 hours before, or none at all', async () => {
  const slot = tuesdays().slots[0]!;
  const { id, email } = await confirmed('dr-helen', slot.startsAt);
  // The handler decided at real time (months ahead); decide again as if confirmed 5 hours before the start.
  await reminders().collection.deleteOne({ _id: `reminder:${id}` });
  const booking = { _id: id, scheduledAt: slot.startsAt };
  const short = await reminders().schedule(booking, new Date(slot.startsAt.getTime() - 5 * HOUR));
  expect(short).toMatchObject({ leadMs: SHORT_REMINDER_LEAD_MS });
  expect(short!.dueAt).toEqual(new Date(slot.startsAt.getTime() - SHORT_REMINDER_LEAD_MS));
  await sweep(short!.dueAt);
  const mail = await theOneReminder(email);
  expect(mail.Subject).toBe('Reminder: your Dr. Helen Consultation is today');
  expect(mail.Text).not.toContain('Join your session');

  // Confirmed 2 h 29 min before the start: the 2-hour reminder would be 29 minutes away; none is scheduled.
  await reminders().collection.deleteOne({ _id: `reminder:${id}` });
  expect(await reminders().schedule(booking, new Date(slot.startsAt.getTime() - 149 * 60_000))).toBeUndefined();
  expect(await reminders().find(id)).toBeNull();
});

test('when a booking is cancelled, or its session has begun, then no reminder is sent', async () => {
  const cancelled = await confirmed('ai-session', days().slots[0]!.startsAt);
  // No route cancels a confirmed booking yet (issue 17's change-or-cancel link will): its status is set as
  // that will set it.
  await bookingModel(service.mongo.connection).updateOne({ _id: cancelled.id }, { $set: { status: 'cancelled' } });
  await sweep(cancelled.reminder!.dueAt);
  expect(await reminders().find(cancelled.id)).toMatchObject({ state: 'skipped' });

  // The service was down from before the due time until after the start: too late to remind.
  const started = await confirmed('ai-session', days().slots[0]!.startsAt);
  await sweep(new Date(started.at.getTime() + 60_000));
  expect(await reminders().find(started.id)).toMatchObject({ state: 'skipped' });

  await sleep(500);
  expect(await remindersTo(cancelled.email)).toHaveLength(0);
  expect(await remindersTo(started.email)).toHaveLength(0);
});

test('when the service restarts between scheduling and the due time, then the reminder is sent once after it, late if need be', async () => {
  const { id, email, reminder } = await confirmed('ai-session', days().slots[0]!.startsAt);
  service = await suite.restart();
  // Three hours late, still before the session.
  await sweep(new Date(reminder!.dueAt.getTime() + 3 * HOUR));
  await sweep(new Date(reminder!.dueAt.getTime() + 4 * HOUR));
  const mail = await theOneReminder(email);
  expect(mail.Subject).toBe('Reminder: your AI Avatar Session is tomorrow');
  expect(await reminders().find(id)).toMatchObject({ state: 'sent' });
});

test('when the service is down at the due time, then it sends the reminder once when it starts again', async () => {
  const startsAt = days().slots[0]!.startsAt;
  const { id, email } = await confirmed('ai-session', startsAt);
  // Its due time is made to have passed (the clock of this one reminder moved to a minute ago, its lead with
  // it, as the sender checks that the two still add up to the session's time) and the service stops before
  // its next sweep, an hour away: nobody sends it while the service is down.
  const dueAt = new Date(Date.now() - 60_000);
  await reminders().collection.updateOne(
    { _id: `reminder:${id}` },
    { $set: { dueAt, leadMs: startsAt.getTime() - dueAt.getTime() } },
  );
  service = await suite.restart(async () => {
    await sleep(300);
    expect(await remindersTo(email)).toHaveLength(0);
  });
  // Started again: its first sweep, at real time, sends it.
  const mail = await theOneReminder(email);
  expect(mail.Subject).toMatch(/^Reminder: your AI Avatar Session is on /);
  expect(await reminders().find(id)).toMatchObject({ state: 'sent' });
});
