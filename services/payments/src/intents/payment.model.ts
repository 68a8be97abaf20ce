import type { Connection } from 'mongoose';
import { outboxPath, recordSchema, type OutboxEntry } from '@hhp/kit';

/** What payments knows of a session's payment: `created` until Stripe's webhooks say more. */
const PAYMENT_RECORD_STATES = ['created', 'processing', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentRecordState = (typeof PAYMENT_RECORD_STATES)[number];

/** States no later attempt changes: a succeeded payment stays paid until it is refunded. */
export const SETTLED_STATES: readonly PaymentRecordState[] = ['succeeded', 'refunded'];

export interface PaymentDocument {
  /** The booking (session) id: one payment intent per session, whichever tab or retry asks. */
  _id: string;
  paymentIntentId: string;
  /** Handed to the browser again when the session is paid from a second tab or after a reload. */
  clientSecret?: string;
  amountCents: number;
  currency: string;
  status: PaymentRecordState;
  refundId?: string;
  createdAt: Date;
  updatedAt: Date;
  /** payment.v1.* events until the relay has published them. */
  outbox?: OutboxEntry[];
}

const paymentSchema = recordSchema<PaymentDocument>('payments', {
  paymentIntentId: { type: String, required: true },
  clientSecret: { type: String },
  amountCents: { type: Number, required: true },
  currency: { type: String, required: true },
  status: { type: String, enum: PAYMENT_RECORD_STATES, required: true },
  refundId: { type: String },
  createdAt: { type: Date, required: true },
  updatedAt: { type: Date, required: true },
  outbox: outboxPath,
});

export const paymentModel = (connection: Connection) => connection.model('Payment', paymentSchema);
export type PaymentModel = ReturnType<typeof paymentModel>;
