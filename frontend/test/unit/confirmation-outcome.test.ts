import type { SessionResponse } from '@hhp/proto';
import { sessionOutcome } from '../../src/features/session/confirmed/outcome';
import { subscriptionOutcome } from '../../src/features/subscription/confirmed/subscription-outcome';
import { POLL_ATTEMPTS, pollDelay } from '../../src/shared/payments/ui/use-backoff-poll';

const session: SessionResponse = {
  id: 'bk_1',
  price: '400.00',
  type: 'dr-helen',
  duration: '90',
  scheduledAt: '2025-12-09T14:00:00.000Z',
  status: 'pending-payment',
  timeZone: 'Europe/London',
};

describe('what the confirmation pages say', () => {
  test('when the booking is confirmed, then it is confirmed whatever the return address said', () => {
    expect(sessionOutcome({ ...session, status: 'confirmed' }, 'succeeded', false)).toBe('confirmed');
    expect(sessionOutcome({ ...session, status: 'confirmed' }, 'none', false)).toBe('confirmed');
  });

  test('when the payment went through but the webhook has not confirmed the booking, then the page waits', () => {
    expect(sessionOutcome(session, 'succeeded', true)).toBe('waiting');
    expect(sessionOutcome(session, 'processing', false)).toBe('waiting');
    // Stripe's answer may lag the return by a moment: the return address keeps the page waiting, no more.
    expect(sessionOutcome(session, 'none', true)).toBe('waiting');
  });

  test('when nothing was paid, then the address alone does not make it paid', () => {
    expect(sessionOutcome(session, 'none', false)).toBe('not-paid');
    expect(sessionOutcome({ ...session, status: 'expired' }, 'none', false)).toBe('expired');
    expect(sessionOutcome(session, 'failed', true)).toBe('failed');
  });

  test('when the slot was lost and the payment refunded, then the page says refunded', () => {
    expect(sessionOutcome({ ...session, status: 'refunded' }, 'refunded', true)).toBe('refunded');
    expect(sessionOutcome(session, 'refunded', false)).toBe('refunded');
    expect(sessionOutcome({ ...session, status: 'pending-subscription' }, 'none', false)).toBe('subscription');
  });

  test('when the subscription is active, incomplete, absent or ended, then the page says which', () => {
    expect(subscriptionOutcome({ status: 'active', active: true }, false)).toBe('active');
    expect(subscriptionOutcome({ status: 'trialing', active: true }, false)).toBe('active');
    expect(subscriptionOutcome({ status: 'incomplete', active: false }, false)).toBe('waiting');
    expect(subscriptionOutcome({ status: 'none', active: false }, false)).toBe('none');
    expect(subscriptionOutcome({ status: 'none', active: false }, true)).toBe('waiting');
    expect(subscriptionOutcome({ status: 'canceled', active: false }, true)).toBe('ended');
    expect(subscriptionOutcome({ status: 'incomplete_expired', active: false }, true)).toBe('ended');
    // Active in name, its paid period not there yet (or over): waiting right after subscribing, else not active.
    const lapsed = { status: 'active' as const, active: false, currentPeriodEnd: '2000-12-08T00:00:00.000Z' };
    expect(subscriptionOutcome(lapsed, true)).toBe('waiting');
    expect(subscriptionOutcome(lapsed, false)).toBe('ended');
  });

  test('when the page asks again, then it backs off from 1 s to at most 8 s and stops after about a minute', () => {
    const delays = Array.from({ length: POLL_ATTEMPTS }, (_, attempt) => pollDelay(attempt));
    expect(delays[0]).toBe(1000);
    expect(delays[1]).toBe(1500);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(8000);
    const total = delays.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(45_000);
    expect(total).toBeLessThan(90_000);
  });
});
