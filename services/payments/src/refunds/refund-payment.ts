// A payment booking cannot honour (its slot was taken meanwhile, the booking was cancelled or is unknown,
// the amount was wrong, the booking was paid already), or the payment of a session its visitor cancelled in
// time (booking.v1.cancelled), is given back in full. The refund's idempotency key
// is the booking's and the intent's, so whatever asks twice (a redelivery, a second conflict event for
// the same payment, a conflict and a cancellation of the same payment) refunds once; the record says `refunded` with the refund's id, and
// payment.v1.refunded tells booking.
import { trusted } from 'mongoose';
import { createEnvelope, outboxEntry, type OutboxRelay } from '@hhp/kit';
import { PaymentRefundedEvent, Subjects, type BookingConflictEvent } from '@hhp/proto';

/** What to give back, and why (a conflict's reason, or `cancelled` by the visitor). */
export type RefundRequest = BookingConflictEvent['data'];
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { isStripeError } from '../stripe/errors.js';
import type { PaymentModel } from '../intents/payment.model.js';
import type { PaymentsMetrics } from '../metrics.js';
import { upsertWithEvent } from '../upsert-with-event.js';

export interface RefundDeps {
  stripe: Stripe;
  payments: PaymentModel;
  relay: OutboxRelay;
  metrics: PaymentsMetrics;
}

async function refundOnce(stripe: Stripe, { bookingId, paymentIntentId, reason }: RefundRequest) {
  try {
    return await stripe.refunds.create(
      { payment_intent: paymentIntentId, metadata: { bookingId, conflict: reason } },
      { idempotencyKey: `refund-${bookingId}-${paymentIntentId}` },
    );
  } catch (err) {
    // Refunded already by other means (the dashboard, a key that lapsed): that refund is the one.
    if (!isStripeError(err) || err.code !== 'charge_already_refunded') throw err;
    const earlier = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 });
    if (!earlier.data[0]) throw err;
    return earlier.data[0];
  }
}

export async function refundPayment(
  { stripe, payments, relay, metrics }: RefundDeps,
  conflict: RefundRequest,
  { logger, requestId }: { logger: Logger; requestId: string | undefined },
): Promise<void> {
  const record = await payments.findById(conflict.bookingId).lean();
  // The session's own payment, or another intent for the booking (paid twice: booking keeps the first,
  // whose record stays as it is).
  const ours = !record || record.paymentIntentId === conflict.paymentIntentId;
  if (ours && record?.status === 'refunded' && record.refundId) {
    metrics.refunds.inc({ outcome: 'duplicate' });
    logger.info({ bookingId: conflict.bookingId, refundId: record.refundId }, 'refunded before');
    return;
  }
  let refund: Stripe.Refund;
  try {
    refund = await refundOnce(stripe, conflict);
  } catch (err) {
    metrics.refunds.inc({ outcome: 'failed' });
    throw err;
  }
  const announced = PaymentRefundedEvent.parse(
    createEnvelope(
      Subjects.paymentRefunded,
      {
        paymentIntentId: conflict.paymentIntentId,
        bookingId: conflict.bookingId,
        refundId: refund.id,
        amountCents: refund.amount,
        reason: conflict.reason,
      },
      // The same refund is announced under one id, however often it is recorded.
      { id: `refund-${refund.id}` },
    ),
  );
  const now = new Date();
  const entry = outboxEntry(announced, requestId);
  if (ours) {
    // Marked refunded in the meantime (without this refund's id): it is announced all the same.
    await upsertWithEvent(
      relay,
      payments,
      {
        filter: { _id: conflict.bookingId, status: trusted({ $ne: 'refunded' as const }) },
        update: {
          $set: { paymentIntentId: conflict.paymentIntentId, status: 'refunded', refundId: refund.id, updatedAt: now },
          $setOnInsert: { amountCents: conflict.amountCents, currency: 'usd', createdAt: now },
        },
        ifKept: { $set: { refundId: refund.id } },
      },
      entry,
    );
  } else {
    await relay.exclusive(() => payments.updateOne({ _id: conflict.bookingId }, { $push: { outbox: entry } }));
    relay.kick();
  }
  metrics.refunds.inc({ outcome: 'refunded' });
  logger.info({ bookingId: conflict.bookingId, refundId: refund.id, reason: conflict.reason }, 'payment refunded');
}
