// The "Change or cancel" link, against a real Mailpit, FerretDB and NATS: the link in the confirmation, its
// signature checked before anything is read, a move to another free slot (the old seat bookable again, the
// updated invite with the same UID and a higher SEQUENCE, the reminder moved), a cancellation (once under a
// double click, the seat freed, the invite cancelled, the refund recorded when payments reports it), and the
// notice rule (here 20 days, so that "too late" and "in time" are both months of real days away).
import { createHmac } from 'node:crypto';
import { Subjects, type SessionType } from '@hhp/proto';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { createMailer } from '@hhp/kit';
import { mailDeps } from '../../src/notifications/mail-deps.js';
import { reminderId } from '../../src/notifications/reminders.js';
import { reminderDeps, sendDueReminders } from '../../src/notifications/send-reminders.js';
import { bookingModel, type BookingDocument } from '../../src/sessions/booking.model.js';
import {
  availabilityOf,
  book,
  confirmedByMail,
  eventsFor,
  eventually,
  horizonLastDay,
  openDays,
  paymentIntentOf,
  plusDays,
  postJson,
  publishEvent,
  sleep,
  slotOn,
  startBooking,
  startBookingSuite,
  SLOT_TAKEN,
  type BookingService,
  type BookingSuiteWithMail,
} from './harness.js';
import { parseCalendar } from './ical.js';

let suite: BookingSuiteWithMail;
let mailpit: Mailpit;
let service: BookingService;
const NOTICE_HOURS = 480;
const LINK_SECRET = 'a-booking-link-secret-of-32-chars-or-more';
const days = openDays('ai-session', 40);
const tuesdays = openDays('dr-helen', 40);
const soon = openDays('ai-session', 3);
const TOO_LATE = `Sessions can be changed or cancelled up to ${NOTICE_HOURS} hours before they start, so this one can no longer be changed here.`;

beforeAll(async () => {
  suite = await startBookingSuite(
    'manage',
    {
      BOOKING_LINK_SECRET: LINK_SECRET,
      BOOKING_CHANGE_NOTICE_HOURS: String(NOTICE_HOURS),
      PUBLIC_URL: 'https://portal.example',
      PRACTITIONER_EMAIL: 'helen@practice.example',
    },
    { mail: true },
  );
  ({ mailpit, service } = suite);
});

afterAll(() => suite?.stop());

beforeEach(() => mailpit.client.deleteAll());

/** The one event of an e-mail's invite, read by ical.js, with the calendar's METHOD. */
const inviteOf = async (mail: { attachment(name: string): Promise<Buffer> }) => {
  const calendar = parseCalendar(await mail.attachment('invite.ics'));
  expect(calendar.events).toHaveLength(1);
  return { method: calendar.method, ...calendar.events[0]! };
};
/** Booked, paid and confirmed; its change-or-cancel link read from the confirmation e-mail. */
async function confirmed(type: SessionType, at: Date) {
  const { id, email, link } = await confirmedByMail(service, mailpit, type, at);
  expect(link!.origin + link!.pathname).toBe('https://portal.example/manage-booking');
  expect(link!.searchParams.get('booking')).toBe(id);
  return { id, token: link!.searchParams.get('token')!, email };
}

const call = async (action: 'manage' | 'reschedule' | 'cancel', id: string, body: Record<string, unknown>) => {
  const res = await postJson(`${service.url}/api/session/${id}/${action}`, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

test('when the confirmation is sent, then it carries the link, and the link opens the booking; a wrong token opens nothing', async () => {
  const { slots } = days();
  const { id, token } = await confirmed('ai-session', slots[0]!.startsAt);
  const mail = (await mailpit.client.messages())[0]!;
  expect(mail.Subject).toContain('is confirmed');

  const opened = await call('manage', id, { token });
  expect(opened.status).toBe(200);
  expect(opened.body).toMatchObject({
    id,
    status: 'confirmed',
    scheduledAt: slots[0]!.startsAt.toISOString(),
    changeable: true,
    changeableUntil: new Date(slots[0]!.startsAt.getTime() - NOTICE_HOURS * 3_600_000).toISOString(),
    refundOnCancel: '9.00',
  });

  const other = await book(service, 'ai-session', slots[1]!.startsAt);
  for (const [bookingId, body] of [
    [id, { token: `${token.slice(0, -2)}xx` }],
    [other, { token }],
    ['X'.repeat(24), { token }],
  ] as const) {
    for (const action of ['manage', 'reschedule', 'cancel'] as const) {
      const move = action === 'reschedule' ? { scheduledAt: slots[2]!.startsAt.toISOString() } : {};
      const res = await call(action, bookingId, { ...body, ...move });
      expect(res).toEqual({
        status: 403,
        body: { message: 'This link is not valid. Please use the link in your confirmation e-mail.' },
      });
    }
  }
  expect((await call('manage', id, {})).status).toBe(400);
  expect((await call('manage', id, { token })).body.status).toBe('confirmed');
});

test('when the visitor moves the session, then the old slot is free, the new one taken, the invite updated and the reminder moved', async () => {
  const { date, slots } = days();
  const [from, to, taken] = [slots[0]!.startsAt, slots[2]!.startsAt, slots[3]!.startsAt];
  const { id, token, email } = await confirmed('ai-session', from);
  await book(service, 'ai-session', taken);

  expect(await call('reschedule', id, { token, scheduledAt: taken.toISOString() })).toEqual({
    status: 409,
    body: { message: SLOT_TAKEN },
  });
  expect(
    (await call('reschedule', id, { token, scheduledAt: new Date(from.getTime() + 1_800_000).toISOString() })).status,
  ).toBe(400);
  expect((await call('reschedule', id, { token, scheduledAt: from.toISOString() })).status).toBe(400);

  const moved = await call('reschedule', id, { token, scheduledAt: to.toISOString() });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({ id, status: 'confirmed', scheduledAt: to.toISOString(), changeable: true });

  const day = await availabilityOf(service, 'ai-session', date);
  expect(day.slots.find((s) => s.startsAt === from.toISOString())!.available).toBe(true);
  expect(day.slots.find((s) => s.startsAt === to.toISOString())!.available).toBe(false);
  // The freed slot can be booked by someone else.
  await book(service, 'ai-session', from);

  const mail = await mailpit.client.waitForMessage({ to: email, subject: /has moved/ });
  expect(mail.Subject).toBe('Your AI Avatar Session has moved');
  expect(mail.Text).toContain('It was: ');
  expect(mail.Text).toMatch(/Change or cancel: https:\/\/portal\.example\/manage-booking\?booking=/);
  // The same UID with a higher SEQUENCE: a calendar moves the event it has.
  const updated = await inviteOf(mail);
  expect(updated).toMatchObject({
    method: 'PUBLISH',
    uid: `${id}@holistichealth.example`,
    sequence: 1,
    status: 'CONFIRMED',
    startZone: 'UTC',
  });
  expect(updated.start).toEqual(to);
  expect(await eventsFor(Subjects.bookingRescheduled, id)).toHaveLength(1);

  const reminders = service.mongo.connection.db!.collection('reminders');
  await eventually(
    'the reminder moved',
    () => reminders.find({ bookingId: id }).toArray(),
    (docs) => docs.length === 2 && docs.some((d) => d._id === (reminderId(id, 1) as never) && d.state === 'scheduled'),
  );
  expect(await reminders.findOne({ _id: reminderId(id) as never })).toMatchObject({ state: 'skipped' });
  expect(await reminders.findOne({ _id: reminderId(id, 1) as never })).toMatchObject({
    dueAt: new Date(to.getTime() - 24 * 3_600_000),
  });

  // The sender, under a controlled clock: nothing at the old time's due moment, the new time's reminder at its own.
  const mailer = createMailer({
    smtpUrl: mailpit.smtpUrl,
    from: service.config.MAIL_FROM,
    practiceName: 'Holistic Health Portal',
    logger: service.logger,
  });
  try {
    const model = bookingModel(service.mongo.connection);
    const bookings = { find: (bookingId: string) => model.findById(bookingId).lean<BookingDocument>().exec() };
    const deps = reminderDeps(
      service.mongo,
      bookings,
      mailDeps(service.config, mailer, service.mongo.connection),
      service.logger,
    );
    expect(await sendDueReminders(deps, new Date(from.getTime() - 24 * 3_600_000))).toBe(0);
    expect(await sendDueReminders(deps, new Date(to.getTime() - 24 * 3_600_000))).toBe(1);
    const reminder = await mailpit.client.waitForMessage({ to: email, subject: /^Reminder:/ });
    expect(await inviteOf(reminder)).toMatchObject({ uid: `${id}@holistichealth.example`, sequence: 1, start: to });
  } finally {
    await mailer.close();
  }
});

test('when the visitor cancels with a double click, then it is cancelled once, the seat is freed, the invite cancelled and the refund recorded', async () => {
  const { date, slots } = days();
  const at = slots[1]!.startsAt;
  const { id, token, email } = await confirmed('ai-session', at);

  const answers = await Promise.all(Array.from({ length: 5 }, () => call('cancel', id, { token })));
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'cancelled',
      changeable: false,
      refund: { amount: '9.00', status: 'pending' },
    });
  }
  const [event] = await eventually(
    'the cancellation event',
    () => eventsFor(Subjects.bookingCancelled, id),
    (e) => e.length > 0,
  );
  expect(event!.data).toMatchObject({ paymentIntentId: paymentIntentOf(id), amountCents: 900, sequence: 1 });

  const day = await availabilityOf(service, 'ai-session', date);
  expect(day.slots.find((s) => s.startsAt === at.toISOString())!.available).toBe(true);
  await book(service, 'ai-session', at);

  const mail = await mailpit.client.waitForMessage({ to: email, subject: /is cancelled/ });
  expect(mail.Text).toContain('$9.00 is being refunded to the card you paid with');
  expect(await inviteOf(mail)).toMatchObject({
    method: 'CANCEL',
    status: 'CANCELLED',
    sequence: 1,
    uid: `${id}@holistichealth.example`,
    start: at,
  });

  await publishEvent(Subjects.paymentRefunded, {
    paymentIntentId: paymentIntentOf(id),
    bookingId: id,
    refundId: 're_cancel1',
    amountCents: 900,
    reason: 'cancelled',
  });
  await eventually(
    'the refund recorded',
    async () => (await call('manage', id, { token })).body,
    (view) => (view.refund as { status: string } | undefined)?.status === 'refunded',
  );
  expect((await call('cancel', id, { token })).body).toMatchObject({ status: 'cancelled' });
  await sleep(500);
  expect(await eventsFor(Subjects.bookingCancelled, id)).toHaveLength(1);
  expect((await mailpit.client.messages()).filter((m) => m.Subject.includes('is cancelled'))).toHaveLength(1);
  const reminder = await service.mongo.connection.db!.collection('reminders').findOne({ _id: reminderId(id) as never });
  expect(reminder).toMatchObject({ state: 'skipped' });
});

test('when the session is closer than the notice, then the page says why, and neither a move nor a cancellation is made', async () => {
  const { slots } = soon();
  const { id, token } = await confirmed('ai-session', slots[0]!.startsAt);

  expect((await call('manage', id, { token })).body).toMatchObject({
    status: 'confirmed',
    changeable: false,
    reason: TOO_LATE,
  });
  expect(await call('cancel', id, { token })).toEqual({ status: 409, body: { message: TOO_LATE } });
  expect(await call('reschedule', id, { token, scheduledAt: days().slots[0]!.startsAt.toISOString() })).toEqual({
    status: 409,
    body: { message: TOO_LATE },
  });
  expect((await call('manage', id, { token })).body.status).toBe('confirmed');
  expect(await eventsFor(Subjects.bookingCancelled, id)).toHaveLength(0);
});

test('when the visitor moves the session past the booking horizon or to the year 2999, then the answer is 400 naming scheduledAt and the booking stays', async () => {
  const { slots } = days();
  const { id, token } = await confirmed('ai-session', slots[1]!.startsAt);
  const last = horizonLastDay();
  let beyond = plusDays(last, 1);
  if (new Date(`${beyond}T12:00:00Z`).getUTCDay() === 0) beyond = plusDays(beyond, 1);

  for (const to of [slotOn(beyond), slotOn('2999-03-02')]) {
    expect(await call('reschedule', id, { token, scheduledAt: to.toISOString() })).toEqual({
      status: 400,
      body: { message: `scheduledAt: sessions can be booked at most 6 months ahead, until ${last}` },
    });
  }
  expect((await call('manage', id, { token })).body).toMatchObject({
    status: 'confirmed',
    scheduledAt: slots[1]!.startsAt.toISOString(),
  });
  expect(await eventsFor(Subjects.bookingRescheduled, id)).toHaveLength(0);
});

test('when a consultation is moved and then cancelled, then the practitioner gets a copy of each with the invite', async () => {
  const { slots } = tuesdays();
  const { id, token } = await confirmed('dr-helen', slots[0]!.startsAt);
  await mailpit.client.waitForMessage({ to: 'helen@practice.example', subject: /^New booking/ });

  expect((await call('reschedule', id, { token, scheduledAt: slots[1]!.startsAt.toISOString() })).status).toBe(200);
  const moved = await mailpit.client.waitForMessage({ to: 'helen@practice.example', subject: /^Moved:/ });
  expect(moved.Subject).toMatch(/^Moved: Dr\. Helen Consultation with Ada Visitor </);
  expect(await inviteOf(moved)).toMatchObject({ method: 'PUBLISH', sequence: 1, start: slots[1]!.startsAt });

  expect((await call('cancel', id, { token })).body).toMatchObject({
    status: 'cancelled',
    refund: { amount: '400.00' },
  });
  const cancelled = await mailpit.client.waitForMessage({ to: 'helen@practice.example', subject: /^Cancelled:/ });
  expect(await inviteOf(cancelled)).toMatchObject({
    method: 'CANCEL',
    status: 'CANCELLED',
    sequence: 2,
    uid: `${id}@holistichealth.example`,
  });
});

test('when BOOKING_LINK_SECRET is rotated (the new secret first), then links e-mailed before, in either form, still open the booking', async () => {
  const { slots } = days();
  const { id, token } = await confirmed('ai-session', slots[4]!.startsAt);
  // The form of the links e-mailed before the kit's signed values (until its EARLIER_FORMS_UNTIL).
  const earlier = createHmac('sha256', LINK_SECRET).update(`hhp-booking-manage:v1\n${id}`).digest('base64url');
  expect((await call('manage', id, { token: earlier })).status).toBe(200);

  const rotated = await startBooking(service.mongo.connection.name, {
    BOOKING_LINK_SECRET: `the-new-booking-link-secret-of-32-chars,${LINK_SECRET}`,
    BOOKING_CHANGE_NOTICE_HOURS: String(NOTICE_HOURS),
  });
  try {
    for (const link of [token, earlier]) {
      const res = await postJson(`${rotated.url}/api/session/${id}/manage`, { token: link });
      expect(res.status).toBe(200);
    }
    const forged = createHmac('sha256', 'the-new-booking-link-secret-of-32-chars').update(id).digest('base64url');
    expect((await postJson(`${rotated.url}/api/session/${id}/manage`, { token: forged })).status).toBe(403);
  } finally {
    await rotated.close();
  }
});
