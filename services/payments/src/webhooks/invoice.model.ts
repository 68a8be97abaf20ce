import type { Connection } from 'mongoose';
import { outboxPath, recordSchema, type OutboxEntry } from '@hhp/kit';

/** A subscription invoice's outcome as Stripe's webhooks told it; it carries their events to the relay. */
export interface InvoiceDocument {
  /** Stripe's invoice id. */
  _id: string;
  customerId: string;
  subscriptionId?: string;
  status: 'paid' | 'failed';
  amountCents: number;
  updatedAt: Date;
  outbox?: OutboxEntry[];
}

const invoiceSchema = recordSchema<InvoiceDocument>('invoices', {
  customerId: { type: String, required: true },
  subscriptionId: { type: String },
  status: { type: String, enum: ['paid', 'failed'], required: true },
  amountCents: { type: Number, required: true },
  updatedAt: { type: Date, required: true },
  outbox: outboxPath,
});

export const invoiceModel = (connection: Connection) => connection.model('Invoice', invoiceSchema);
export type InvoiceModel = ReturnType<typeof invoiceModel>;
