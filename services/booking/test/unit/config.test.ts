import { parseConfig } from '@hhp/kit';
import { BookingConfig } from '../../src/config.js';
import { bookingRules } from '../../src/rules.js';
import { clientKey } from '@hhp/kit';

describe('BookingConfig', () => {
  test('when nothing is set, then the practice is in New York, holds last 15 minutes, one visitor per slot, 5 holds per address and changes until 24 hours before', () => {
    const config = parseConfig(BookingConfig, {});
    expect(config).toMatchObject({
      PORT: 4003,
      MONGODB_DB: 'hhp-booking',
      PRACTICE_TIME_ZONE: 'America/New_York',
      BOOKING_HOLD_MINUTES: 15,
      SLOT_CAPACITY_AI: 1,
      SLOT_CAPACITY_PRACTITIONER: 1,
      MAX_LIVE_HOLDS_PER_ADDRESS: 5,
      DB_TIMEOUT_MS: 2000,
    });
    expect(bookingRules(config)).toEqual({
      timeZone: 'America/New_York',
      holdMs: 900_000,
      capacity: { ai: 1, practitioner: 1 },
      maxHoldsPerAddress: 5,
      loadTestAllowlist: expect.objectContaining({ entries: [] }),
      changeNoticeMs: 86_400_000,
    });
  });

  test('when a hold is a fraction of a minute and capacities are set, then they are read as given', () => {
    const config = parseConfig(BookingConfig, {
      BOOKING_HOLD_MINUTES: '0.05',
      SLOT_CAPACITY_AI: '3',
      SLOT_CAPACITY_PRACTITIONER: '2',
      PRACTICE_TIME_ZONE: 'Europe/London',
    });
    expect(bookingRules(config)).toMatchObject({
      timeZone: 'Europe/London',
      holdMs: 3000,
      capacity: { ai: 3, practitioner: 2 },
    });
  });

  test.each([
    [{ PRACTICE_TIME_ZONE: 'Mars/Olympus_Mons' }, 'PRACTICE_TIME_ZONE: must be an IANA time zone'],
    [{ BOOKING_HOLD_MINUTES: '0' }, 'BOOKING_HOLD_MINUTES'],
    [{ SLOT_CAPACITY_AI: '0' }, 'SLOT_CAPACITY_AI'],
    [{ MAX_LIVE_HOLDS_PER_ADDRESS: '-1' }, 'MAX_LIVE_HOLDS_PER_ADDRESS'],
    [{ DB_TIMEOUT_MS: '10' }, 'DB_TIMEOUT_MS'],
  ])('when %o is set, then the configuration is refused naming it', (env, problem) => {
    expect(() => parseConfig(BookingConfig, env)).toThrow(problem);
  });
});

describe('the client address as the hold limit counts it', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:0:1:aaaa::1', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001:ffff:ffff:ffff:ffff', '2001:db8:0:1::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('when the address is %s, then it counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
