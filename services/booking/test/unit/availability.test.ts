// The availability rules over a day's claims as the database would return them (the reader is an array).
import { NO_ALLOWLIST } from '@hhp/kit';
import type { SessionType } from '@hhp/proto';
import { availability } from '../../src/availability/get-availability.js';
import { catalogueSchedule } from '../../src/calendar/calendar.js';
import type { BookingRules } from '../../src/rules.js';
import { slotSeats } from '../../src/slots/slot-keys.js';
import { claimId, fateId, returnId, seatsByKey, takenSeats, type SeatDocument } from '../../src/slots/seats.js';

const NY = 'America/New_York';
const rules: BookingRules = {
  timeZone: NY,
  holdMs: 15 * 60_000,
  capacity: { ai: 1, practitioner: 1 },
  maxHoldsPerAddress: 5,
  loadTestAllowlist: NO_ALLOWLIST,
  changeNoticeMs: 86_400_000,
};
const now = new Date('2026-03-10T14:30:00Z'); // Tuesday 10 March 2026, 10:30 in New York

function claim(
  type: 'ai-session' | 'dr-helen',
  date: string,
  startsAt: string,
  { seat = 0, round = 0, expiresAt = new Date(now.getTime() + 60_000), holder = 'b' } = {},
): SeatDocument {
  const { group, key } = slotSeats(type, date, new Date(startsAt));
  return { _id: claimId(key, seat, round), kind: 'claim', group, key, seat, round, holder, expiresAt, createdAt: now };
}

function fate(of: SeatDocument, value: 'kept' | 'released'): SeatDocument {
  return { _id: fateId(of._id), kind: 'fate', group: of.group, claim: of._id, fate: value, at: now };
}

const reader = (docs: SeatDocument[]) => ({ read: async () => docs });
/** The rules store of a fresh install: the catalogue's rules, nothing stored. */
const catalogue = { scheduleOn: async (type: SessionType, date: string) => catalogueSchedule(type, date) } as never;
const free = (answer: Awaited<ReturnType<typeof availability>>) =>
  answer.slots.filter((s) => s.available).map((s) => s.time);

describe('availability', () => {
  test('when the day is today, then the slots that have begun are unavailable and the rest free', async () => {
    const answer = await availability(
      { rules, availability: catalogue, claims: reader([]) as never },
      { type: 'ai-session', date: '2026-03-10' },
      now,
    );
    expect(answer).toMatchObject({ date: '2026-03-10', type: 'ai-session', timeZone: NY, open: true });
    expect(free(answer)).toEqual(['11:00', '14:00', '15:00', '16:00']);
    expect(answer.slots[0]).toEqual({
      time: '09:00',
      endTime: '10:00',
      startsAt: '2026-03-10T13:00:00.000Z',
      available: false,
    });
  });

  test.each([
    ['a past date', 'ai-session', '2026-03-09'],
    ['a Sunday for an AI session', 'ai-session', '2026-03-15'],
    ['a Sunday for the subscription', 'subscription', '2026-03-15'],
    ['a Monday for the practitioner', 'dr-helen', '2026-03-16'],
  ] as const)('when it is %s, then the day is closed without slots', async (_what, type, date) => {
    const answer = await availability(
      { rules, availability: catalogue, claims: reader([]) as never },
      { type, date },
      now,
    );
    expect(answer).toEqual({ date, type, timeZone: NY, open: false, slots: [] });
  });

  test('when a slot is held, kept, released or lapsed, then only the held and the kept are taken', async () => {
    const held = claim('ai-session', '2026-03-11', '2026-03-11T13:00:00Z');
    const kept = claim('ai-session', '2026-03-11', '2026-03-11T14:00:00Z', { expiresAt: new Date(0) });
    const released = claim('ai-session', '2026-03-11', '2026-03-11T15:00:00Z');
    const lapsed = claim('ai-session', '2026-03-11', '2026-03-11T18:00:00Z', {
      expiresAt: new Date(now.getTime() - 1),
    });
    const docs = [held, kept, fate(kept, 'kept'), released, fate(released, 'released'), lapsed];

    const answer = await availability(
      { rules, availability: catalogue, claims: reader(docs) as never },
      { type: 'ai-session', date: '2026-03-11' },
      now,
    );
    expect(free(answer)).toEqual(['11:00', '14:00', '15:00', '16:00']);
  });

  test('when the subscription asks, then the AI session’s claims take its slots too (one calendar)', async () => {
    const docs = [claim('ai-session', '2026-03-11', '2026-03-11T13:00:00Z')];
    const answer = await availability(
      { rules, availability: catalogue, claims: reader(docs) as never },
      { type: 'subscription', date: '2026-03-11' },
      now,
    );
    expect(free(answer)).not.toContain('09:00');
  });

  test('when a slot has two seats and one is held, then it is still available; with both held it is not', async () => {
    const wide = { ...rules, capacity: { ai: 2, practitioner: 1 } };
    const one = [claim('ai-session', '2026-03-11', '2026-03-11T13:00:00Z')];
    const two = [...one, claim('ai-session', '2026-03-11', '2026-03-11T13:00:00Z', { seat: 1 })];
    const ask = (docs: SeatDocument[]) =>
      availability(
        { rules: wide, availability: catalogue, claims: reader(docs) as never },
        { type: 'ai-session', date: '2026-03-11' },
        now,
      );
    expect(free(await ask(one))).toContain('09:00');
    expect(free(await ask(two))).not.toContain('09:00');
  });
});

describe('the seats of a key', () => {
  test('when a seat has several rounds, then only the latest counts', () => {
    const first = claim('dr-helen', '2026-03-17', '2026-03-17T13:00:00Z', { expiresAt: new Date(0) });
    const second = claim('dr-helen', '2026-03-17', '2026-03-17T13:00:00Z', { round: 1, holder: 'c' });
    const seats = seatsByKey([second, fate(first, 'released'), first], now).get(first.key)!;
    expect(seats.get(0)).toMatchObject({ claim: { round: 1, holder: 'c' }, taken: true, lapsed: false });
    expect(takenSeats(seats)).toBe(1);
  });

  test('when the latest round is lapsed without a fate, then it is free and marked lapsed (to be released first)', () => {
    const old = claim('dr-helen', '2026-03-17', '2026-03-17T13:00:00Z', { expiresAt: now });
    expect(seatsByKey([old], now).get(old.key)!.get(0)).toMatchObject({ taken: false, lapsed: true });
    expect(takenSeats(undefined)).toBe(0);
  });

  test('when a kept seat is given back (its booking cancelled or moved), then it is free, and not lapsed', () => {
    const kept = claim('dr-helen', '2026-03-17', '2026-03-17T13:00:00Z', { expiresAt: new Date(0) });
    const back: SeatDocument = {
      _id: returnId(kept._id),
      kind: 'return',
      group: kept.group,
      day: '2026-03-17',
      claim: kept._id,
      at: now,
    };
    expect(
      seatsByKey([kept, fate(kept, 'kept')], now)
        .get(kept.key)!
        .get(0),
    ).toMatchObject({ taken: true });
    const seat = seatsByKey([back, fate(kept, 'kept'), kept], now)
      .get(kept.key)!
      .get(0);
    expect(seat).toMatchObject({ taken: false, lapsed: false, returned: true });
  });

  test('when a released claim has a return (a cancellation raced its lapse), then it is free all the same', () => {
    const held = claim('dr-helen', '2026-03-17', '2026-03-17T13:00:00Z');
    const back: SeatDocument = {
      _id: returnId(held._id),
      kind: 'return',
      group: held.group,
      day: '2026-03-17',
      claim: held._id,
      at: now,
    };
    expect(
      seatsByKey([held, fate(held, 'released'), back], now)
        .get(held.key)!
        .get(0),
    ).toMatchObject({ taken: false });
  });
});
