import type { Connection } from 'mongoose';
import { SUBSCRIPTION_STATUSES } from '@hhp/proto';
import { outboxPath, recordSchema, type OutboxEntry } from '@hhp/kit';
import type { SubscriptionStatus } from './subscription-state.js';

/** Payments' own record of a subscription, kept by webhooks and by its own calls to Stripe. */
export interface SubscriptionDocument {
  /** Stripe's subscription id. */
  _id: string;
  customerId: string;
  status: SubscriptionStatus;
  currentPeriodEnd?: Date;
  bookingId?: string;
  /** Stripe's clock when the stored view was true (unix seconds): see subscription-state.ts. */
  asOf: number;
  updatedAt: Date;
  /** subscription.v1.changed events until the relay has published them. */
  outbox?: OutboxEntry[];
}

const subscriptionSchema = recordSchema<SubscriptionDocument>('subscriptions', {
  customerId: { type: String, required: true },
  status: { type: String, enum: SUBSCRIPTION_STATUSES, required: true },
  currentPeriodEnd: { type: Date },
  bookingId: { type: String },
  asOf: { type: Number, required: true },
  updatedAt: { type: Date, required: true },
  outbox: outboxPath,
});
subscriptionSchema.index({ customerId: 1 });

export const subscriptionModel = (connection: Connection) => connection.model('Subscription', subscriptionSchema);
export type SubscriptionModel = ReturnType<typeof subscriptionModel>;
