import type { SessionResponse } from '@hhp/proto';
import { checkoutStep, progressIndex } from '../../src/features/checkout/checkout-step';

const session: SessionResponse = {
  id: 'bk_1',
  price: '9.00',
  type: 'ai-session',
  duration: '60',
  scheduledAt: '2025-12-09T14:00:00.000Z',
  status: 'pending-payment',
  timeZone: 'America/New_York',
  holdExpiresAt: '2025-12-02T10:15:00.000Z',
};
const describe503 = (error: unknown) => (error as { message: string }).message;
const base = { sessionId: 'bk_1', session: {}, config: {}, intent: {}, describe: describe503 };

describe('the checkout steps', () => {
  test('when there is no sessionId, then the visitor goes back to booking', () => {
    expect(checkoutStep({ ...base, sessionId: null })).toEqual({ step: 'no-session' });
    expect(checkoutStep({ ...base, sessionId: '' })).toEqual({ step: 'no-session' });
  });

  test('when the session is loading, then the first step shows; when it is unknown, "Session not found"', () => {
    expect(checkoutStep(base)).toEqual({ step: 'loading-session' });
    expect(checkoutStep({ ...base, session: { error: { status: 404, message: '404: no such session' } } })).toEqual({
      step: 'not-found',
    });
  });

  test('when loading the session fails otherwise, then the unavailable panel shows its message', () => {
    expect(checkoutStep({ ...base, session: { error: { status: 503, message: '503: Booking is busy' } } })).toEqual({
      step: 'unavailable',
      message: '503: Booking is busy',
    });
  });

  test('when the session is loaded and payable, then the intent is being created until both answers are in', () => {
    expect(checkoutStep({ ...base, session: { data: session } })).toEqual({ step: 'creating-intent', session });
    expect(
      checkoutStep({ ...base, session: { data: session }, config: { data: { publishableKey: 'pk_test_1' } } }),
    ).toEqual({ step: 'creating-intent', session });
    expect(
      checkoutStep({
        ...base,
        session: { data: session },
        config: { data: { publishableKey: 'pk_test_1' } },
        intent: { data: { clientSecret: 'pi_1_secret_2' } },
      }),
    ).toEqual({ step: 'ready', session, clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test_1' });
  });

  test('when payments are off or the intent fails, then the unavailable panel shows, with the session', () => {
    const off = { status: 503, message: '503: Payment service unavailable' };
    expect(checkoutStep({ ...base, session: { data: session }, config: { error: off } })).toEqual({
      step: 'unavailable',
      message: '503: Payment service unavailable',
      session,
    });
    expect(
      checkoutStep({
        ...base,
        session: { data: session },
        config: { data: { publishableKey: 'pk_test_1' } },
        intent: { error: { status: 502, message: '502: Stripe did not answer' } },
      }),
    ).toEqual({ step: 'unavailable', message: '502: Stripe did not answer', session });
  });

  test('when the booking is paid, for the subscription, or lapsed, then there is nothing to pay here', () => {
    const confirmed = { ...session, status: 'confirmed' as const };
    expect(checkoutStep({ ...base, session: { data: confirmed } })).toEqual({ step: 'paid', session: confirmed });
    const sub = { ...session, type: 'subscription' as const, status: 'pending-subscription' as const };
    expect(checkoutStep({ ...base, session: { data: sub } })).toEqual({ step: 'subscription', session: sub });
    for (const status of ['expired', 'refunded', 'cancelled'] as const) {
      expect(checkoutStep({ ...base, session: { data: { ...session, status } } }).step).toBe('closed');
    }
  });

  test('when the steps are shown, then loading, creating and the form are the first, second and third', () => {
    expect(
      ['loading-session', 'creating-intent', 'ready', 'unavailable'].map((s) => progressIndex(s as never)),
    ).toEqual([0, 1, 2, -1]);
  });
});
