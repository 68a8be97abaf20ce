import { Schema, type Connection } from 'mongoose';
import { EMAIL_SOURCES, type SubscribeEmailRequest } from '@hhp/proto';
import { outboxPath, type OutboxEntry } from '@hhp/kit';

export interface SubscriberDocument {
  /** Trimmed and lower-cased by proto's SubscribeEmailRequest; unique. */
  email: string;
  /** Where the visitor first subscribed. */
  source: SubscribeEmailRequest['source'];
  subscribedAt: Date;
  /** The `email.v1.subscribed` event until the relay has published it. */
  outbox?: OutboxEntry[];
}

const subscriberSchema = new Schema<SubscriberDocument>(
  {
    email: { type: String, required: true },
    source: { type: String, enum: EMAIL_SOURCES, required: true },
    subscribedAt: { type: Date, required: true },
    outbox: outboxPath,
  },
  { collection: 'subscribers', id: false, versionKey: false, strict: 'throw' },
);
subscriberSchema.index({ email: 1 }, { unique: true });

export const subscriberModel = (connection: Connection) => connection.model('Subscriber', subscriberSchema);
export type SubscriberModel = ReturnType<typeof subscriberModel>;
