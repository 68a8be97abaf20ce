// invoice.paid and invoice.payment_failed become payment.v1.invoice.paid / .failed (the receipt and the
// dunning e-mails will read them). A paid invoice is not marked failed by a late failure event.
import { trusted } from 'mongoose';
import { createEnvelope, outboxEntry, type OutboxRelay } from '@hhp/kit';
import { InvoiceFailedEvent, InvoicePaidEvent, Subjects } from '@hhp/proto';
import type Stripe from 'stripe';
import type { InvoiceModel } from './invoice.model.js';
import { upsertWithEvent } from '../upsert-with-event.js';

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

/** What each outcome announces. */
const ANNOUNCED = {
  paid: { subject: Subjects.invoicePaid, schema: InvoicePaidEvent },
  failed: { subject: Subjects.invoiceFailed, schema: InvoiceFailedEvent },
} as const;

export class InvoiceEvents {
  constructor(
    private readonly invoices: InvoiceModel,
    private readonly relay: OutboxRelay,
  ) {}

  paid(event: Stripe.InvoicePaidEvent, requestId?: string): Promise<void> {
    return this.record(event, 'paid', event.data.object.amount_paid, requestId);
  }

  failed(event: Stripe.InvoicePaymentFailedEvent, requestId?: string): Promise<void> {
    return this.record(event, 'failed', event.data.object.amount_due, requestId);
  }

  private dataOf(invoice: Stripe.Invoice, amountCents: number) {
    const customerId = idOf(invoice.customer);
    if (!customerId) throw new Error(`invoice ${invoice.id} has no customer`);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    return {
      invoiceId: invoice.id!,
      customerId,
      ...(subscriptionId && { subscriptionId }),
      amountCents,
    };
  }

  /** The invoice's outcome and its event (whose id is Stripe's event id) in one write. */
  private async record(
    event: Stripe.InvoicePaidEvent | Stripe.InvoicePaymentFailedEvent,
    status: 'paid' | 'failed',
    amountCents: number,
    requestId?: string,
  ): Promise<void> {
    const data = this.dataOf(event.data.object, amountCents);
    const { subject, schema } = ANNOUNCED[status];
    const envelope = schema.parse(
      createEnvelope(subject, data, { id: event.id, occurredAt: new Date(event.created * 1000) }),
    );
    const { invoiceId, customerId, subscriptionId } = data;
    const fields = {
      customerId,
      status,
      amountCents,
      updatedAt: new Date(),
      ...(subscriptionId && { subscriptionId }),
    };
    // Paid already: it stays paid, and the failure is still announced (an attempt did fail).
    await upsertWithEvent(
      this.relay,
      this.invoices,
      {
        filter: { _id: invoiceId, ...(status === 'failed' && { status: trusted({ $ne: 'paid' as const }) }) },
        update: { $set: fields },
      },
      outboxEntry(envelope, requestId),
    );
  }
}
