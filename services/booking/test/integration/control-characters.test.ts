// Control characters at booking's edge: PostgreSQL (under FerretDB) cannot store a NUL, and one that reached
// it was a 500 (SQLSTATE 22P05). proto's schemas refuse them in every string field, with a 400 that names it.
import {
  bookingBody,
  collection,
  fromAddress,
  openDays,
  postJson,
  sessionOf,
  startBookingSuite,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
let bookUrl: string;
const aiDays = openDays('ai-session', 20);

beforeAll(async () => {
  suite = await startBookingSuite('control');
  service = suite.service;
  bookUrl = `${service.url}/api/book-session`;
});

afterAll(() => suite?.stop());

describe('POST /api/book-session', () => {
  test.each([
    ['a NUL in the name', { name: 'Ada\u0000Visitor' }, 'name: must not contain control characters'],
    [
      'a line break in the name',
      { name: 'Ada\r\nBcc: someone@example.com' },
      'name: must not contain control characters',
    ],
    ['a NUL in the notes', { notes: 'first\u0000visit' }, 'notes: must not contain control characters'],
    ['an escape in the notes', { notes: 'first \u001b[2J visit' }, 'notes: must not contain control characters'],
    [
      'a lone surrogate in the notes',
      { notes: 'first \ud800 visit' },
      'notes: must not contain a lone surrogate (half of a UTF-16 pair)',
    ],
    ['a NUL in the e-mail address', { email: 'ada@example.com\u0000' }, 'email: must not contain control characters'],
  ])(
    'when the body has %s, then the answer is a 400 naming the field and nothing is stored',
    async (_, field, message) => {
      const { slots } = aiDays();
      const email = `control-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await postJson(
        bookUrl,
        bookingBody('ai-session', slots[0]!.startsAt, { email, ...field }),
        fromAddress(),
      );
      expect([res.status, await res.json()]).toEqual([400, { message }]);
      expect(await collection(service, 'bookings').countDocuments({ email })).toBe(0);
    },
  );

  test('when the notes have line breaks and tabs and the name is in another script, then they are stored as sent', async () => {
    const { slots } = aiDays();
    const notes = 'Lower back pain\n\t- since March\n\t- worse at night 😞';
    const name = '山田 花子';
    const res = await postJson(bookUrl, bookingBody('ai-session', slots[0]!.startsAt, { notes, name }), fromAddress());
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await collection(service, 'bookings').findOne({ _id: id as never })).toMatchObject({ notes, name });
  });
});

describe('GET /api/session/:id', () => {
  test.each([
    ['%00', 'id: must not contain control characters'],
    ['abc%0Adef', 'id: must not contain control characters'],
    ['%1B', 'id: must not contain control characters'],
  ])('when the id is %s, then the answer is a 400 naming it', async (id, message) => {
    const res = await fetch(`${service.url}/api/session/${id}`);
    expect([res.status, await res.json()]).toEqual([400, { message }]);
  });

  test('when the id is merely unknown, then it is still a 404', async () => {
    expect((await sessionOf(service, 'no-such-booking')).status).toBe(404);
  });
});

describe('POST /api/session/:id/{join,manage,reschedule,cancel}', () => {
  test.each(['join', 'manage', 'reschedule', 'cancel'])(
    'when the id of %s holds a NUL, then the answer is a 400 naming it',
    async (action) => {
      const res = await postJson(`${service.url}/api/session/%00/${action}`, {
        token: 'x'.repeat(43),
        scheduledAt: new Date().toISOString(),
      });
      expect([res.status, await res.json()]).toEqual([400, { message: 'id: must not contain control characters' }]);
    },
  );
});
