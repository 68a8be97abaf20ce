import { orUnavailable } from '@hhp/kit';
import type { PaymentStatusResponse } from '@hhp/proto';
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { PAYMENTS_STORE_UNAVAILABLE } from './create-intent.js';
import { SETTLED_STATES, type PaymentModel, type PaymentRecordState } from './payment.model.js';

type Payment = PaymentStatusResponse['payment'];

const FROM_RECORD: Record<PaymentRecordState, Payment> = {
  created: 'none',
  processing: 'processing',
  succeeded: 'succeeded',
  failed: 'failed',
  refunded: 'refunded',
};

/** What a PaymentIntent's own status says to the visitor waiting on /session-confirmed. */
export function fromIntent(intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): Payment {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      // Back to the start after a declined attempt; untouched otherwise.
      return intent.last_payment_error ? 'failed' : 'none';
    default:
      return 'none';
  }
}

/**
 * The session's payment as the webhooks recorded it; while it is not settled, Stripe is asked too (a
 * webhook may be late, or not forwarded at all on a developer's machine). If Stripe cannot be reached the
 * recorded state is the answer. Only webhooks change the record: they carry the events booking acts on.
 */
export async function paymentStatus(
  { stripe, payments, dbTimeoutMs }: { stripe: Stripe; payments: PaymentModel; dbTimeoutMs: number },
  sessionId: string,
  logger: Logger,
): Promise<PaymentStatusResponse> {
  const record = await orUnavailable(dbTimeoutMs, payments.findById(sessionId).lean(), PAYMENTS_STORE_UNAVAILABLE);
  if (!record) return { payment: 'none' };
  if (SETTLED_STATES.includes(record.status)) return { payment: FROM_RECORD[record.status] };
  try {
    const intent = await stripe.paymentIntents.retrieve(record.paymentIntentId);
    return { payment: fromIntent(intent) };
  } catch (err) {
    logger.warn({ err, paymentIntentId: record.paymentIntentId }, 'could not refresh the payment from Stripe');
    return { payment: FROM_RECORD[record.status] };
  }
}
