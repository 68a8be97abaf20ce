// LOAD_TEST_ALLOWLIST and booking's per-address guard (live unpaid holds per address): an allowlisted load
// generator holds as many slots as it books, every other address is still refused after the limit, and a
// slot still has one seat whoever races for it.
import {
  SLOT_TAKEN,
  book,
  bookingBody,
  fromAddress,
  openDays,
  postJson,
  startBookingSuite,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
const aiDays = openDays('ai-session', 40);

beforeAll(async () => {
  suite = await startBookingSuite('allowlist', {
    MAX_LIVE_HOLDS_PER_ADDRESS: '2',
    LOAD_TEST_ALLOWLIST: '192.0.2.0/28,2001:db8:7::1',
  });
  service = suite.service;
});

afterAll(() => suite?.stop());

test('when an allowlisted address holds more than the limit, then it may; another address is refused after 2', async () => {
  const { slots } = aiDays();
  for (const slot of slots.slice(0, 3)) await book(service, 'ai-session', slot.startsAt, fromAddress('192.0.2.5'));
  await book(service, 'ai-session', slots[3]!.startsAt, fromAddress('2001:db8:7::1'));
  const more = aiDays();
  for (const slot of more.slots.slice(0, 3))
    await book(service, 'ai-session', slot.startsAt, fromAddress('2001:db8:7::1'));

  const other = fromAddress('192.0.2.16'); // just outside the /28
  await book(service, 'ai-session', slots[4]!.startsAt, other);
  await book(service, 'ai-session', slots[5]!.startsAt, other);
  const refused = await postJson(
    `${service.url}/api/book-session`,
    bookingBody('ai-session', more.slots[4]!.startsAt),
    other,
  );
  expect(refused.status).toBe(429);
});

test('when allowlisted racers want one slot, then exactly one gets it and the others hear it was just booked', async () => {
  const { slots } = aiDays();
  const responses = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      postJson(
        `${service.url}/api/book-session`,
        bookingBody('ai-session', slots[0]!.startsAt, { email: `racer${i}@example.com` }),
        fromAddress('192.0.2.7'),
      ),
    ),
  );
  const statuses = responses.map((res) => res.status).sort();
  expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  for (const res of responses.filter((r) => r.status === 409)) {
    expect(((await res.json()) as { message: string }).message).toBe(SLOT_TAKEN);
  }
});
