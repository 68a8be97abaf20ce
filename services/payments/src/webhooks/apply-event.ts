// Which Stripe events the service acts on, and what each does. Anything else is acknowledged and ignored.
import type Stripe from 'stripe';
import type { SubscriptionStore } from '../subscriptions/subscription-store.js';
import { viewOf } from '../subscriptions/subscription-state.js';
import type { InvoiceEvents } from './invoice-events.js';
import type { Applied, PaymentEvents } from './payment-events.js';

export interface EventHandlers {
  payments: PaymentEvents;
  invoices: InvoiceEvents;
  subscriptions: SubscriptionStore;
}

export type ApplyEvent = (requestId: string) => Promise<Applied>;

/** The work for `event`, or undefined for a type the service does not handle. */
export function handlerFor(
  event: Stripe.Event,
  { payments, invoices, subscriptions }: EventHandlers,
): ApplyEvent | undefined {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return (requestId) => payments.succeeded(event, requestId);
    case 'payment_intent.payment_failed':
      return (requestId) => payments.failed(event, requestId);
    case 'payment_intent.processing':
      return () => payments.processing(event);
    case 'invoice.paid':
      return (requestId) => invoices.paid(event, requestId).then(() => 'applied' as const);
    case 'invoice.payment_failed':
      return (requestId) => invoices.failed(event, requestId).then(() => 'applied' as const);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      // The event's `created` orders it against every other view of the subscription.
      return (requestId) =>
        subscriptions
          .apply(viewOf(event.data.object, event.created), event.id, requestId)
          .then(() => 'applied' as const);
    default:
      return undefined;
  }
}
