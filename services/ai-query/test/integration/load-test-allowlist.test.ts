// LOAD_TEST_ALLOWLIST and ai-query's per-address guard (new guestIds per address and hour): an allowlisted
// load generator brings as many guests as it likes, while every other address is still limited, and each
// guest still gets exactly its 3 free questions (the allowlist relaxes per-address limits only).
import { ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

describe('ai-query: LOAD_TEST_ALLOWLIST', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({
      IP_NEW_GUESTS_PER_HOUR: '2',
      LOAD_TEST_ALLOWLIST: '198.51.100.0/24, 2001:db8:5::/48',
    });
  });
  afterAll(() => service.close());

  const newGuests = async (address: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await ask(service, { query: 'Ginger?', guestId: newGuestId() }, { 'x-forwarded-for': address });
      statuses.push(res.status);
    }
    return statuses;
  };

  test('when an allowlisted address brings many new guests, then all are answered; another address is still stopped at the limit', async () => {
    expect(await newGuests('198.51.100.9', 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await newGuests('198.51.100.200', 3)).toEqual([200, 200, 200]);
    expect(await newGuests('203.0.113.5', 4)).toEqual([200, 200, 429, 429]);
    // IPv6: the listed /48 passes; outside it, one /64 is one address (two hosts of it share the guard).
    expect(await newGuests('2001:db8:5:1::9', 4)).toEqual([200, 200, 200, 200]);
    expect(await newGuests('2001:db8:6:1::1', 1)).toEqual([200]);
    expect(await newGuests('2001:db8:6:1::2', 2)).toEqual([200, 429]);
    expect(await newGuests('2001:db8:6:2::1', 1)).toEqual([200]);
  });

  test('when a guest on an allowlisted address bursts past 3 questions, then exactly 3 are answered and counted', async () => {
    const guestId = newGuestId();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ask(service, { query: `Turmeric? (${i})`, guestId }, { 'x-forwarded-for': '198.51.100.9' }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
    // Without a guestId, the address's own guest counter is not relaxed either.
    const anonymous = [];
    for (let i = 0; i < 4; i++) {
      anonymous.push((await ask(service, { query: 'Sleep?' }, { 'x-forwarded-for': '198.51.100.77' })).status);
    }
    expect(anonymous).toEqual([200, 200, 200, 429]);
  });
});
