// invoice.paid and invoice.payment_failed become payment.v1.invoice.paid / .failed (the receipt and the
// dunning e-mails will read them). A paid invoice is not marked failed by a late failure event.
import { trusted } from 'mongoose';
import { createEnvelope, isDuplicateKeyError, outboxEntry, type OutboxRelay } from '@hhp/kit';
import { InvoiceFailedEvent, InvoicePaidEvent, Subjects } from '@hhp/proto';
import type Stripe from 'stripe';
import type { InvoiceModel } from './invoice.model.js';

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

export class InvoiceEvents {
  constructor(
    private readonly invoices: InvoiceModel,
    private readonly relay: OutboxRelay,
  ) {}

  async paid(event: Stripe.InvoicePaidEvent, requestId?: string): Promise<void> {
    const invoice = event.data.object;
    const data = this.dataOf(invoice, invoice.amount_paid);
    const envelope = InvoicePaidEvent.parse(
      createEnvelope(Subjects.invoicePaid, data, { id: event.id, occurredAt: new Date(event.created * 1000) }),
    );
    await this.record(invoice, 'paid', data.amountCents, outboxEntry(envelope, requestId));
  }

  async failed(event: Stripe.InvoicePaymentFailedEvent, requestId?: string): Promise<void> {
    const invoice = event.data.object;
    const data = this.dataOf(invoice, invoice.amount_due);
    const envelope = InvoiceFailedEvent.parse(
      createEnvelope(Subjects.invoiceFailed, data, { id: event.id, occurredAt: new Date(event.created * 1000) }),
    );
    await this.record(invoice, 'failed', data.amountCents, outboxEntry(envelope, requestId));
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

  private async record(
    invoice: Stripe.Invoice,
    status: 'paid' | 'failed',
    amountCents: number,
    entry: ReturnType<typeof outboxEntry>,
  ): Promise<void> {
    const { invoiceId, customerId, subscriptionId } = this.dataOf(invoice, amountCents);
    const fields = {
      customerId,
      status,
      amountCents,
      updatedAt: new Date(),
      ...(subscriptionId && { subscriptionId }),
    };
    await this.relay.exclusive(async () => {
      try {
        await this.invoices.updateOne(
          { _id: invoiceId, ...(status === 'failed' && { status: trusted({ $ne: 'paid' }) }) },
          { $set: fields, $push: { outbox: entry } },
          { upsert: true },
        );
      } catch (err) {
        // Paid already: it stays paid, and the failure is still announced (an attempt did fail).
        if (!isDuplicateKeyError(err)) throw err;
        await this.invoices.updateOne({ _id: invoiceId }, { $push: { outbox: entry } });
      }
    });
    this.relay.kick();
  }
}
