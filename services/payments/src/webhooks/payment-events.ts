// A session's PaymentIntent, as Stripe's webhooks report it: the record in `payments` moves on, and booking
// hears of the outcome through payment.v1.succeeded / .failed, whose id is Stripe's event id (a redelivery
// of the event is the same message). Intents without a bookingId (a subscription's invoices) are not ours.
import { trusted } from 'mongoose';
import { createEnvelope, outboxEntry, type OutboxEntry, type OutboxRelay } from '@hhp/kit';
import { PaymentFailedEvent, PaymentSucceededEvent, Subjects } from '@hhp/proto';
import type Stripe from 'stripe';
import type { PaymentModel, PaymentRecordState } from '../intents/payment.model.js';
import { upsertWithEvent } from '../upsert-with-event.js';

export type Applied = 'applied' | 'ignored';

const bookingOf = (intent: Stripe.PaymentIntent): string | undefined => intent.metadata?.bookingId || undefined;
const at = (event: Stripe.Event) => ({ id: event.id, occurredAt: new Date(event.created * 1000) });

export class PaymentEvents {
  constructor(
    private readonly payments: PaymentModel,
    private readonly relay: OutboxRelay,
  ) {}

  async succeeded(event: Stripe.PaymentIntentSucceededEvent, requestId?: string): Promise<Applied> {
    const intent = event.data.object;
    const bookingId = bookingOf(intent);
    if (!bookingId) return 'ignored';
    const announced = PaymentSucceededEvent.parse(
      createEnvelope(
        Subjects.paymentSucceeded,
        {
          paymentIntentId: intent.id,
          bookingId,
          amountCents: intent.amount_received || intent.amount,
          currency: intent.currency,
        },
        at(event),
      ),
    );
    // Only a refund comes after a success; a second intent paid for the booking (booking refunds it) does
    // not replace the first in the record.
    await this.record(intent, bookingId, 'succeeded', ['succeeded', 'refunded'], outboxEntry(announced, requestId));
    return 'applied';
  }

  async failed(event: Stripe.PaymentIntentPaymentFailedEvent, requestId?: string): Promise<Applied> {
    const intent = event.data.object;
    const bookingId = bookingOf(intent);
    if (!bookingId) return 'ignored';
    const message = intent.last_payment_error?.message;
    const announced = PaymentFailedEvent.parse(
      createEnvelope(
        Subjects.paymentFailed,
        { paymentIntentId: intent.id, bookingId, ...(message && { message }) },
        at(event),
      ),
    );
    // A failed attempt after the payment went through (events out of order) changes nothing but is told.
    await this.record(intent, bookingId, 'failed', ['succeeded', 'refunded'], outboxEntry(announced, requestId));
    return 'applied';
  }

  async processing(event: Stripe.PaymentIntentProcessingEvent): Promise<Applied> {
    const intent = event.data.object;
    const bookingId = bookingOf(intent);
    if (!bookingId) return 'ignored';
    await this.record(intent, bookingId, 'processing', ['succeeded', 'refunded']);
    return 'applied';
  }

  /** One write: the state (unless the record is in one of `keep`) and the event; the record made if missing. */
  private async record(
    intent: Stripe.PaymentIntent,
    bookingId: string,
    status: PaymentRecordState,
    keep: PaymentRecordState[],
    entry?: OutboxEntry,
  ): Promise<void> {
    const now = new Date();
    const update = {
      $set: { paymentIntentId: intent.id, status, updatedAt: now },
      $setOnInsert: { amountCents: intent.amount, currency: intent.currency, createdAt: now },
    };
    await upsertWithEvent(
      this.relay,
      this.payments,
      { filter: { _id: bookingId, status: trusted({ $nin: keep }) }, update },
      entry,
    );
  }
}
