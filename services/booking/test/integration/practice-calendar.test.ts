// What the practice's console asks of booking (rpc.booking.v1.practice-*), against a real Mailpit, FerretDB and
// NATS: the calendar of a range of days (visitor, notes, status, payment; a session across the practice's
// daylight-saving change at its local hour), staff's cancellation (the same booking.v1.cancelled as by link,
// once, which payments refunds by; the refund recorded when payments reports it), staff's move (the same "has
// moved" e-mail), both inside the visitor's change notice, and attendance once a session has begun. The notice
// is 480 hours here, so every session of the suite is inside it: the visitor's link refuses what staff may do.
import { Subjects, RpcSubjects, type CalendarBooking, type SessionType } from '@hhp/proto';
import type { Mailpit } from '../../../../infra/src/testing/mailpit.js';
import {
  askAsPractice,
  availabilityOf,
  confirmedByMail,
  eventsFor,
  eventually,
  openDays,
  paymentIntentOf,
  postJson,
  publishEvent,
  sleep,
  slotOn,
  startBookingSuite,
  SLOT_TAKEN,
  type BookingService,
  type BookingSuiteWithMail,
} from './harness.js';

let suite: BookingSuiteWithMail;
let mailpit: Mailpit;
let service: BookingService;
const days = openDays('ai-session', 3);

beforeAll(async () => {
  suite = await startBookingSuite(
    'practice',
    {
      BOOKING_LINK_SECRET: 'a-booking-link-secret-of-32-chars-or-more',
      BOOKING_CHANGE_NOTICE_HOURS: '480',
      PUBLIC_URL: 'https://portal.example',
    },
    { mail: true },
  );
  ({ mailpit, service } = suite);
});

afterAll(() => suite?.stop());

/** Booked as a visitor, paid and confirmed; the link's token from the confirmation e-mail. */
async function confirmed(type: SessionType, at: Date, notes = '') {
  const { id, email, link } = await confirmedByMail(service, mailpit, type, at, { notes });
  return { id, email, token: link!.searchParams.get('token')! };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a reply's data, read as each test expects
const ask = (subject: string, request: unknown) => askAsPractice<any>(subject, request);

const calendar = (from: string, to: string) => ask(RpcSubjects.practiceCalendar, { from, to });

test('when staff ask for a range, then each booking of those days comes with visitor, notes, status and payment, and lapsed holds do not', async () => {
  const { date, slots } = days();
  const { id, email } = await confirmed('ai-session', slots[0]!.startsAt, 'Bad knee; prefers mornings.');
  // A hold that lapses unpaid: never a session.
  await service.mongo.connection.db!.collection('bookings').insertOne({
    _id: 'lapsedholdlapsedholdxxxx' as never,
    type: 'ai-session',
    priceCents: 900,
    price: '9.00',
    durationMinutes: 60,
    scheduledAt: slots[1]!.startsAt,
    timeZone: 'America/New_York',
    name: 'Gone',
    email: 'gone@example.com',
    notes: '',
    status: 'pending-payment',
    holdExpiresAt: new Date(Date.now() - 1000),
    createdAt: new Date(),
  });
  const answer = await calendar(date, date);
  expect(answer.message).toBeUndefined();
  expect(answer.data).toEqual({
    from: date,
    to: date,
    timeZone: 'America/New_York',
    bookings: [
      {
        id,
        type: 'ai-session',
        status: 'confirmed',
        scheduledAt: slots[0]!.startsAt.toISOString(),
        durationMinutes: 60,
        date,
        time: slots[0]!.time,
        endTime: slots[0]!.endTime,
        timeZone: 'America/New_York',
        name: 'Ada Visitor',
        email,
        notes: 'Bad knee; prefers mornings.',
        payment: { state: 'card', amount: '9.00' },
        changeable: true,
        markable: false,
      },
    ],
  });
});

test('when a range crosses the practice\u2019s daylight-saving change, then a session at 09:00 on either side is at 09:00 local', async () => {
  // America/New_York springs forward on Sunday 14 March 2027: 09:00 is 14:00 UTC before, 13:00 UTC after.
  const before = slotOn('2027-03-09', '09:00');
  const after = slotOn('2027-03-16', '09:00');
  expect([before.toISOString(), after.toISOString()]).toEqual(['2027-03-09T14:00:00.000Z', '2027-03-16T13:00:00.000Z']);
  await confirmed('dr-helen', before);
  await confirmed('dr-helen', after);
  const { data } = await calendar('2027-03-08', '2027-03-21');
  expect(data.bookings.map((b: CalendarBooking) => [b.date, b.time, b.endTime, b.scheduledAt])).toEqual([
    ['2027-03-09', '09:00', '10:30', '2027-03-09T14:00:00.000Z'],
    ['2027-03-16', '09:00', '10:30', '2027-03-16T13:00:00.000Z'],
  ]);
  // A range is that of the practice's days: 2027-03-16 alone is its own midnight to midnight, 23 or 24 h.
  expect((await calendar('2027-03-16', '2027-03-16')).data.bookings).toHaveLength(1);
});

test('when a range is longer than six weeks or backwards, then booking refuses it naming the field', async () => {
  expect(await calendar('2027-01-01', '2027-02-12')).toEqual({
    ok: false,
    status: 400,
    message: 'to: must be at most 42 days after from',
  });
  expect((await calendar('2027-01-02', '2027-01-01')).status).toBe(400);
  expect((await ask(RpcSubjects.practiceCancel, { bookingId: 'x', staffId: 's' })).status).toBe(400);
});

test('when staff cancel inside the visitor\u2019s notice (twice), then it is cancelled once with the refund asked of payments, the visitor is told, and the refund is recorded', async () => {
  const { date, slots } = days();
  const at = slots[2]!.startsAt;
  const { id, email, token } = await confirmed('ai-session', at);
  // The visitor's link is past its notice...
  expect((await postJson(`${service.url}/api/session/${id}/cancel`, { token })).status).toBe(409);
  // ...staff's is not.
  const answers = await Promise.all(
    [1, 2].map(() => ask(RpcSubjects.practiceCancel, { bookingId: id, staffId: 'st' })),
  );
  for (const answer of answers) {
    expect(answer.data).toMatchObject({
      id,
      status: 'cancelled',
      changeable: false,
      payment: { state: 'refund-pending' },
    });
  }
  const [event] = await eventually(
    'the cancellation event',
    () => eventsFor(Subjects.bookingCancelled, id),
    (e) => e.length > 0,
  );
  expect(event!.data).toMatchObject({ paymentIntentId: paymentIntentOf(id), amountCents: 900 });
  const mail = await mailpit.client.waitForMessage({ to: email, subject: /is cancelled/ });
  expect(mail.Text).toContain('$9.00 is being refunded to the card you paid with');
  const day = await availabilityOf(service, 'ai-session', date);
  expect(day.slots.find((s) => s.startsAt === at.toISOString())!.available).toBe(true);

  await publishEvent(Subjects.paymentRefunded, {
    paymentIntentId: paymentIntentOf(id),
    bookingId: id,
    refundId: 're_staff1',
    amountCents: 900,
    reason: 'cancelled',
  });
  await eventually(
    'the refund on the calendar',
    async () => (await calendar(date, date)).data.bookings.find((b: CalendarBooking) => b.id === id).payment,
    (payment) => payment.state === 'refunded',
  );
  expect((await ask(RpcSubjects.practiceCancel, { bookingId: id, staffId: 'st' })).data.status).toBe('cancelled');
  await sleep(300);
  expect(await eventsFor(Subjects.bookingCancelled, id)).toHaveLength(1);
});

test('when staff move a booking inside the notice, then it moves to the free slot and the visitor gets the "has moved" e-mail; a taken slot is 409, an unknown booking 404', async () => {
  const { date, slots } = days();
  const [from, to, taken] = [slots[3]!.startsAt, slots[4]!.startsAt, slots[5]!.startsAt];
  const { id, email } = await confirmed('ai-session', from);
  await confirmed('ai-session', taken);

  expect(
    await ask(RpcSubjects.practiceMove, { bookingId: id, staffId: 'st', scheduledAt: taken.toISOString() }),
  ).toEqual({ ok: false, status: 409, message: SLOT_TAKEN });
  const moved = await ask(RpcSubjects.practiceMove, { bookingId: id, staffId: 'st', scheduledAt: to.toISOString() });
  expect(moved.data).toMatchObject({ id, status: 'confirmed', scheduledAt: to.toISOString(), time: slots[4]!.time });

  const mail = await mailpit.client.waitForMessage({ to: email, subject: /has moved/ });
  expect(mail.Subject).toBe('Your AI Avatar Session has moved');
  expect(mail.Text).toContain('It was: ');
  const day = await availabilityOf(service, 'ai-session', date);
  expect(day.slots.find((s) => s.startsAt === from.toISOString())!.available).toBe(true);
  expect(day.slots.find((s) => s.startsAt === to.toISOString())!.available).toBe(false);

  expect(
    await ask(RpcSubjects.practiceMove, {
      bookingId: 'nobodybookedthisidxxxxxx',
      staffId: 'st',
      scheduledAt: to.toISOString(),
    }),
  ).toMatchObject({ ok: false, status: 404 });
});

test('when a session has not begun, then attendance is refused; once it has, staff mark it attended, then correct it to no-show', async () => {
  const { slots } = days();
  const { id } = await confirmed('ai-session', slots[0]!.startsAt);
  expect(await ask(RpcSubjects.practiceAttendance, { bookingId: id, staffId: 'st', outcome: 'attended' })).toEqual({
    ok: false,
    status: 409,
    message: 'This session has not begun yet: attendance can be marked once it has started.',
  });
  // Booking's clock is the real one: the session is made to have begun ten minutes ago.
  const begun = new Date(Date.now() - 600_000);
  await service.mongo.connection
    .db!.collection('bookings')
    .updateOne({ _id: id as never }, { $set: { scheduledAt: begun } });
  const attended = await ask(RpcSubjects.practiceAttendance, { bookingId: id, staffId: 'st', outcome: 'attended' });
  expect(attended.data).toMatchObject({ id, attendance: 'attended', markable: true, changeable: false });
  const noShow = await ask(RpcSubjects.practiceAttendance, { bookingId: id, staffId: 'st', outcome: 'no-show' });
  expect(noShow.data).toMatchObject({ attendance: 'no-show' });
  const stored = await service.mongo.connection.db!.collection('bookings').findOne({ _id: id as never });
  expect(stored).toMatchObject({ attendance: 'no-show', attendanceMarkedAt: expect.any(Date) });
  // A session that has begun can no longer be moved or cancelled, by staff either.
  expect(await ask(RpcSubjects.practiceCancel, { bookingId: id, staffId: 'st' })).toMatchObject({
    ok: false,
    status: 409,
  });
});
