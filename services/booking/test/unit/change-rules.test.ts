import {
  ALREADY_CANCELLED,
  ALREADY_HELD,
  NOT_CONFIRMED,
  changeState,
  tooLateMessage,
} from '../../src/manage/change-rules.js';
import { manageView } from '../../src/manage/manage-view.js';
import type { BookingDocument } from '../../src/sessions/booking.model.js';

const DAY = 86_400_000;
const startsAt = new Date('2026-03-17T13:00:00Z');
const booking = (over: Partial<BookingDocument> = {}): BookingDocument => ({
  _id: 'A'.repeat(24),
  type: 'ai-session',
  priceCents: 900,
  price: '9.00',
  durationMinutes: 60,
  scheduledAt: startsAt,
  timeZone: 'America/New_York',
  name: 'Ada',
  email: 'ada@example.com',
  notes: '',
  status: 'confirmed',
  holdExpiresAt: new Date(startsAt.getTime() - 10 * DAY),
  paymentIntentId: 'pi_123',
  createdAt: new Date(startsAt.getTime() - 10 * DAY),
  ...over,
});
const at = (msBeforeStart: number) => new Date(startsAt.getTime() - msBeforeStart);

describe('whether a booking can be changed', () => {
  test('when a confirmed session is more than 24 hours away, then it can be changed until 24 hours before', () => {
    const state = changeState(booking(), DAY, at(DAY + 1));
    expect(state).toEqual({ changeable: true, changeableUntil: at(DAY) });
  });

  test('when it is 24 hours away or less, then it cannot, and the reason says the rule', () => {
    expect(changeState(booking(), DAY, at(DAY))).toMatchObject({ changeable: false, reason: tooLateMessage(DAY) });
    expect(tooLateMessage(DAY)).toBe(
      'Sessions can be changed or cancelled up to 24 hours before they start, so this one can no longer be changed here.',
    );
    expect(tooLateMessage(3_600_000)).toContain('up to 1 hour before');
  });

  test('when it has begun, is cancelled, or was never paid, then it cannot, each with its reason', () => {
    expect(changeState(booking(), DAY, at(0)).reason).toBe(ALREADY_HELD);
    expect(changeState(booking({ status: 'cancelled' }), DAY, at(2 * DAY)).reason).toBe(ALREADY_CANCELLED);
    expect(changeState(booking({ status: 'pending-payment' }), DAY, at(11 * DAY)).reason).toBe(NOT_CONFIRMED);
    expect(changeState(booking({ status: 'refunded' }), DAY, at(2 * DAY)).reason).toBe(NOT_CONFIRMED);
  });
});

describe("the change-or-cancel page's view", () => {
  test('when paid by card, then a cancellation refunds the price; once cancelled, the refund is pending until recorded', () => {
    expect(manageView(booking(), DAY, at(2 * DAY))).toMatchObject({ changeable: true, refundOnCancel: '9.00' });
    const cancelled = booking({ status: 'cancelled', cancelledAt: at(2 * DAY) });
    expect(manageView(cancelled, DAY, at(2 * DAY))).toMatchObject({
      status: 'cancelled',
      changeable: false,
      reason: ALREADY_CANCELLED,
      cancelledAt: at(2 * DAY).toISOString(),
      refund: { amount: '9.00', status: 'pending' },
    });
    const refunded = { ...cancelled, refundedAt: at(DAY), refundedCents: 900 };
    expect(manageView(refunded, DAY, at(DAY)).refund).toEqual({ amount: '9.00', status: 'refunded' });
  });

  test('when the subscription paid for it, then nothing is refunded', () => {
    const viaPlan = booking({
      type: 'subscription',
      priceCents: 1900,
      price: '19.00',
      paymentIntentId: undefined,
      subscriptionId: 'sub_1',
    });
    expect(manageView(viaPlan, DAY, at(2 * DAY)).refundOnCancel).toBe('0.00');
    expect(manageView({ ...viaPlan, status: 'cancelled' }, DAY, at(2 * DAY)).refund).toBeUndefined();
  });
});
