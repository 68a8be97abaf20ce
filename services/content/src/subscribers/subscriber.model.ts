import { Schema, type Connection } from 'mongoose';
import { EMAIL_SOURCES, type SubscribeEmailRequest } from '@hhp/proto';
import { outboxPath, type OutboxEntry } from '@hhp/kit';

export interface SubscriberDocument {
  /** Trimmed and lower-cased by proto's SubscribeEmailRequest; unique. */
  email: string;
  /** Where the visitor first subscribed. */
  source: SubscribeEmailRequest['source'];
  subscribedAt: Date;
  /** When the address confirmed the double opt-in's e-mail; unset until then (list mail is not sent before). */
  confirmedAt?: Date;
  /** When the address left the list (one-click unsubscribe); it gets no list mail after. */
  unsubscribedAt?: Date;
  /** The `email.v1.subscribed` event until the relay has published it. */
  outbox?: OutboxEntry[];
}

const subscriberSchema = new Schema<SubscriberDocument>(
  {
    email: { type: String, required: true },
    source: { type: String, enum: EMAIL_SOURCES, required: true },
    subscribedAt: { type: Date, required: true },
    confirmedAt: { type: Date },
    unsubscribedAt: { type: Date },
    outbox: outboxPath,
  },
  { collection: 'subscribers', id: false, versionKey: false, strict: 'throw' },
);
subscriberSchema.index({ email: 1 }, { unique: true });

export const subscriberModel = (connection: Connection) => connection.model('Subscriber', subscriberSchema);
export type SubscriberModel = ReturnType<typeof subscriberModel>;
