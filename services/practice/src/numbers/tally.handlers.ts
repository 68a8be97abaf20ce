// The events the numbers are counted from, each into the tally once (tally.ts says why an insert):
// - payment.v1.succeeded: a session's payment, under its plan (booking says which: rpc.booking.v1.session; a
//   booking it does not know is `other`), keyed by the payment intent;
// - payment.v1.refunded: subtracted under the plan its payment was counted under, keyed by the refund;
// - payment.v1.invoice.paid: the subscription plan's revenue, keyed by the invoice;
// - ai.v1.answered: an answer, or a crisis met when the answer was the crisis resources (mode `crisis`), keyed by
//   the event. Crises are counted here, once per message answered, rather than from crisis.v1.detected: the crisis
//   service publishes that for the browser's second opinion and for ai-query's check of the same message alike,
//   and not at all when ai-query's own rules answered while it was silent.
// No event carries a message's text or a visitor's address; the tally keeps only kinds, days, plans and cents.
import type { EventBus, Subscription } from '@hhp/kit';
import {
  AiAnsweredEvent,
  BookingLookupResponse,
  InvoicePaidEvent,
  PaymentRefundedEvent,
  PaymentSucceededEvent,
  RpcSubjects,
  Subjects,
  type RevenuePlan,
} from '@hhp/proto';
import type { Tally } from './tally.js';

/** How long booking has to say a payment's plan before the event is tried again (naked, redelivered). */
const LOOKUP_TIMEOUT_MS = 2000;

export async function consumeTallyEvents(bus: EventBus, tally: Tally): Promise<Subscription[]> {
  const planOfBooking = async (bookingId: string, requestId: string | undefined): Promise<RevenuePlan> => {
    const { session } = await bus.request(
      RpcSubjects.bookingSession,
      { sessionId: bookingId },
      { response: BookingLookupResponse, timeoutMs: LOOKUP_TIMEOUT_MS, ...(requestId ? { requestId } : {}) },
    );
    return session?.type ?? 'other';
  };

  return Promise.all([
    bus.subscribe(
      Subjects.paymentSucceeded,
      'practice-payments',
      async ({ data, occurredAt }, { requestId }) => {
        const plan = await planOfBooking(data.bookingId, requestId);
        await tally.record(`paid:${data.paymentIntentId}`, 'money', new Date(occurredAt), {
          plan,
          cents: data.amountCents,
        });
      },
      { schema: PaymentSucceededEvent },
    ),
    bus.subscribe(
      Subjects.paymentRefunded,
      'practice-refunds',
      async ({ data, occurredAt }, { requestId }) => {
        const plan =
          (await tally.planOf(`paid:${data.paymentIntentId}`)) ?? (await planOfBooking(data.bookingId, requestId));
        await tally.record(`refund:${data.refundId}`, 'money', new Date(occurredAt), {
          plan,
          cents: -data.amountCents,
        });
      },
      { schema: PaymentRefundedEvent },
    ),
    bus.subscribe(
      Subjects.invoicePaid,
      'practice-invoices',
      async ({ data, occurredAt }) => {
        await tally.record(`invoice:${data.invoiceId}`, 'money', new Date(occurredAt), {
          plan: 'subscription',
          cents: data.amountCents,
        });
      },
      { schema: InvoicePaidEvent },
    ),
    bus.subscribe(
      Subjects.aiAnswered,
      'practice-ai-answers',
      async ({ id, data, occurredAt }) => {
        await tally.record(`answer:${id}`, data.mode === 'crisis' ? 'crisis' : 'answer', new Date(occurredAt));
      },
      { schema: AiAnsweredEvent },
    ),
  ]);
}
