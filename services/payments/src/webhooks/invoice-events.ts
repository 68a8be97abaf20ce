// invoice.paid and invoice.payment_failed become payment.v1.invoice.paid / .failed (the receipt and the
// dunning e-mails will read them). A paid invoice is not marked failed by a late failure event.
import { trusted } from 'mongoose';
import { createEnvelope, outboxEntry, type OutboxEntry, type OutboxRelay } from '@hhp/kit';
import { InvoiceFailedEvent, InvoicePaidEvent, Subjects } from '@hhp/proto';
import type Stripe from 'stripe';
import type { InvoiceModel } from './invoice.model.js';
import { upsertWithEvent } from '../upsert-with-event.js';

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

const at = (event: Stripe.Event) => ({ id: event.id, occurredAt: new Date(event.created * 1000) });

export class InvoiceEvents {
  constructor(
    private readonly invoices: InvoiceModel,
    private readonly relay: OutboxRelay,
  ) {}

  paid(event: Stripe.InvoicePaidEvent, requestId?: string): Promise<void> {
    const data = this.dataOf(event.data.object, event.data.object.amount_paid);
    const envelope = InvoicePaidEvent.parse(createEnvelope(Subjects.invoicePaid, data, at(event)));
    return this.record(data, 'paid', outboxEntry(envelope, requestId));
  }

  failed(event: Stripe.InvoicePaymentFailedEvent, requestId?: string): Promise<void> {
    const data = this.dataOf(event.data.object, event.data.object.amount_due);
    const envelope = InvoiceFailedEvent.parse(createEnvelope(Subjects.invoiceFailed, data, at(event)));
    return this.record(data, 'failed', outboxEntry(envelope, requestId));
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
    data: ReturnType<InvoiceEvents['dataOf']>,
    status: 'paid' | 'failed',
    entry: OutboxEntry,
  ): Promise<void> {
    const { invoiceId, customerId, subscriptionId, amountCents } = data;
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
      entry,
    );
  }
}
