// The console's calendar through the real boundary: the practice service (its own NATS user, so the catalogue's
// permissions are the ones it runs with) asks the real booking service over NATS, against real FerretDB and
// Mailpit. A practitioner sees a visitor's booking with its visitor, notes and payment; cancels it (the visitor
// is e-mailed) and moves another; an unknown booking is 404 and a taken slot 409 in their sentences; a bad range
// or id is 400 naming the field; each call is in the audit log with the booking's id, never the visitor's name,
// e-mail or notes.
import { Subjects, type SessionType } from '@hhp/proto';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import {
  openDays,
  postJson,
  publishEvent,
  SLOT_TAKEN,
  type BookingService,
} from '../../../booking/test/integration/harness.js';
import { startConsoleWithBooking, type ConsoleClient, type ConsoleWithBooking } from './harness.js';

let stack: ConsoleWithBooking;
let mailpit: Mailpit;
let booking: BookingService;
let admin: ConsoleClient;
let practitioner: ConsoleClient;
const days = openDays('ai-session', 3);
const NOTES = 'Private: recovering from surgery';

beforeAll(async () => {
  stack = await startConsoleWithBooking('calendar', {
    BOOKING_LINK_SECRET: 'a-booking-link-secret-of-32-chars-or-more',
    PUBLIC_URL: 'https://portal.example',
  });
  ({ mailpit, booking, admin, practitioner } = stack);
});

afterAll(() => stack?.stop());

/** Booked on /book as a visitor, and paid. */
async function visitorBooking(type: SessionType, at: Date) {
  const email = `visitor-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await postJson(`${booking.url}/api/book-session`, {
    type,
    scheduledAt: at.toISOString(),
    name: 'Grace Visitor',
    email,
    notes: NOTES,
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  await publishEvent(Subjects.paymentSucceeded, {
    paymentIntentId: `pi_${id.replace(/[^A-Za-z0-9]/g, '')}`,
    bookingId: id,
    amountCents: 900,
    currency: 'usd',
  });
  await mailpit.client.waitForMessage({ to: email, subject: /is confirmed/ });
  return { id, email };
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON answer, read as each test expects
  body: any;
}
const json = async (res: Response): Promise<Answer> => ({ status: res.status, body: await res.json() });

test('when a visitor books, then the practitioner sees it on her calendar with visitor, notes and payment, and cancels it: the visitor is e-mailed', async () => {
  const { date, slots } = days();
  const { id, email } = await visitorBooking('ai-session', slots[0]!.startsAt);

  const calendar = await json(await practitioner.get(`/api/practice/calendar?from=${date}&to=${date}`));
  expect(calendar.status).toBe(200);
  expect(calendar.body.bookings).toEqual([
    expect.objectContaining({
      id,
      name: 'Grace Visitor',
      email,
      notes: NOTES,
      status: 'confirmed',
      time: slots[0]!.time,
      payment: { state: 'card', amount: '9.00' },
      changeable: true,
    }),
  ]);

  const cancelled = await json(await practitioner.post(`/api/practice/bookings/${id}/cancel`, {}));
  expect(cancelled).toMatchObject({
    status: 200,
    body: { id, status: 'cancelled', payment: { state: 'refund-pending' } },
  });
  const mail = await mailpit.client.waitForMessage({ to: email, subject: /is cancelled/ });
  expect(mail.Text).toContain('$9.00 is being refunded');
});

test('when staff move a booking, then it is at the new time; to a taken slot 409, an unknown booking 404, each in its sentence', async () => {
  const { date, slots } = days();
  const { id, email } = await visitorBooking('ai-session', slots[1]!.startsAt);
  await visitorBooking('ai-session', slots[2]!.startsAt);

  expect(
    await json(
      await admin.post(`/api/practice/bookings/${id}/move`, { scheduledAt: slots[2]!.startsAt.toISOString() }),
    ),
  ).toEqual({ status: 409, body: { message: SLOT_TAKEN } });
  const moved = await json(
    await practitioner.post(`/api/practice/bookings/${id}/move`, { scheduledAt: slots[3]!.startsAt.toISOString() }),
  );
  expect(moved).toMatchObject({ status: 200, body: { id, date, time: slots[3]!.time } });
  await mailpit.client.waitForMessage({ to: email, subject: /has moved/ });

  expect(await json(await practitioner.post('/api/practice/bookings/nobodybookedthisidxxxxxx/cancel', {}))).toEqual({
    status: 404,
    body: { message: 'No booking has this id.' },
  });
  expect(
    await json(await practitioner.post(`/api/practice/bookings/${id}/attendance`, { outcome: 'attended' })),
  ).toEqual({
    status: 409,
    body: { message: 'This session has not begun yet: attendance can be marked once it has started.' },
  });
});

test('when the range or the body is wrong, then 400 names the field', async () => {
  expect(await json(await practitioner.get('/api/practice/calendar?from=2027-01-01&to=2027-03-01'))).toEqual({
    status: 400,
    body: { message: 'to: must be at most 42 days after from' },
  });
  expect((await practitioner.get('/api/practice/calendar?from=2027-01-01')).status).toBe(400);
  expect((await practitioner.post('/api/practice/bookings/short/cancel', {})).status).toBe(400);
  expect(
    await json(
      await practitioner.post('/api/practice/bookings/nobodybookedthisidxxxxxx/attendance', { outcome: 'late' }),
    ),
  ).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^outcome: /) } });
  expect(
    (await practitioner.post('/api/practice/bookings/nobodybookedthisidxxxxxx/cancel', { refund: 0 })).status,
  ).toBe(400);
});

test('when staff use the calendar, then the audit log has each call with the booking id and no visitor data', async () => {
  const { date, slots } = days();
  const { id, email } = await visitorBooking('ai-session', slots[4]!.startsAt);
  await practitioner.get(`/api/practice/calendar?from=${date}&to=${date}`);
  await practitioner.post(`/api/practice/bookings/${id}/cancel`, {});
  const { body } = await json(await admin.get('/api/practice/audit?limit=200'));
  const mine = body.entries.filter((e: { action: string }) =>
    ['calendar-read', 'booking-cancelled', 'booking-moved'].includes(e.action),
  );
  expect(mine).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'calendar-read', target: `${date} to ${date}` }),
      expect.objectContaining({ action: 'booking-cancelled', target: id }),
      expect.objectContaining({ action: 'booking-moved', target: expect.stringMatching(/ to \d{4}-/) }),
    ]),
  );
  const text = JSON.stringify(body.entries);
  expect(text).not.toContain(email);
  expect(text).not.toContain('Grace Visitor');
  expect(text).not.toContain(NOTES);
});
