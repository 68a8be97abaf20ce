import { PacketRate, SessionSlots, limitMessage, setupTimeOver, timeLimitReached } from '../../src/calls/limits.js';

describe('the limits of a voice call', () => {
  test('when every slot is taken, then one more call is refused until a call gives its slot back', () => {
    const slots = new SessionSlots(2);
    expect([slots.take(), slots.take(), slots.take()]).toEqual([true, true, false]);
    slots.release();
    expect(slots.take()).toBe(true);
    expect(slots.size).toBe(2);
  });

  test('when more slots are released than taken, then the count never goes below zero', () => {
    const slots = new SessionSlots(1);
    slots.release();
    expect(slots.size).toBe(0);
    expect([slots.take(), slots.take()]).toEqual([true, false]);
  });

  test('when a call lasts longer than its limit or is silent too long, then that limit is reached, the longest call first', () => {
    const limits = { maxSeconds: 600, idleSeconds: 60 };
    expect(timeLimitReached(59_999, { startedAt: 0, lastActivityAt: 0 }, limits)).toBeUndefined();
    expect(timeLimitReached(60_000, { startedAt: 0, lastActivityAt: 0 }, limits)).toBe('idle');
    expect(timeLimitReached(599_000, { startedAt: 0, lastActivityAt: 550_000 }, limits)).toBeUndefined();
    expect(timeLimitReached(600_000, { startedAt: 0, lastActivityAt: 599_000 }, limits)).toBe('duration');
    expect(timeLimitReached(700_000, { startedAt: 0, lastActivityAt: 0 }, limits)).toBe('duration');
  });

  test('when a call has no offer after setupSeconds or is not connected after connectSeconds, then its setup time is over; once connected, never', () => {
    const limits = { setupSeconds: 5, connectSeconds: 20 };
    const call = { startedAt: 1000, offered: false, connected: false };
    expect(setupTimeOver(5999, call, limits)).toBe(false);
    expect(setupTimeOver(6000, call, limits)).toBe(true);
    expect(setupTimeOver(20_999, { ...call, offered: true }, limits)).toBe(false);
    expect(setupTimeOver(21_000, { ...call, offered: true }, limits)).toBe(true);
    expect(setupTimeOver(600_000, { ...call, offered: true, connected: true }, limits)).toBe(false);
  });

  test('when packets arrive at a microphone pace (50 a second) for a minute, then the rate is never over the limit', () => {
    const rate = new PacketRate(200);
    for (let t = 0; t < 60_000; t += 20) expect(rate.count(t)).toBe(false);
  });

  test('when a burst arrives across the turn of a second, then the sliding second still counts it as one flood', () => {
    const rate = new PacketRate(200);
    const over: boolean[] = [];
    // 150 packets in the last 100 ms of one second, 150 in the first 100 ms of the next.
    for (let i = 0; i < 150; i++) over.push(rate.count(900 + (i * 100) / 150));
    for (let i = 0; i < 150; i++) over.push(rate.count(1000 + (i * 100) / 150));
    expect(over.slice(0, 150)).not.toContain(true);
    expect(over.slice(150)).toContain(true);
  });

  test('when a second passes with no packets, then the earlier second no longer counts', () => {
    const rate = new PacketRate(100);
    for (let i = 0; i < 100; i++) rate.count(500);
    expect(rate.count(2500)).toBe(false);
  });

  test('when a limit is reached, then its message says which, with the configured time in words', () => {
    const limits = { maxSeconds: 600, idleSeconds: 90 };
    expect(limitMessage('sessions', limits)).toMatch(/busy/);
    expect(limitMessage('duration', limits)).toContain('10 minutes');
    expect(limitMessage('idle', limits)).toContain('90 seconds');
    expect(limitMessage('idle', { maxSeconds: 60, idleSeconds: 60 })).toContain('1 minute');
    expect(limitMessage('rate', limits)).toMatch(/more audio/);
    expect(limitMessage('address', limits)).toMatch(/^Too many voice calls are open from your network/);
    expect(limitMessage('setup', limits)).toMatch(/could not be connected in time/);
  });
});
