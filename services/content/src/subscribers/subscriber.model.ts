import { Schema, type Connection } from 'mongoose';
import { EMAIL_SOURCES, type SubscribeEmailRequest } from '@hhp/proto';
import { outboxPath, type OutboxEntry } from '@hhp/kit';

/** One step of an address's consent: what happened, when, and by which way (no more about the visitor). */
export interface ConsentStep {
  action: 'signup' | 'confirm' | 'unsubscribe';
  at: Date;
  /** `sign-up form (<source>)`, `confirmation link`, `one-click unsubscribe` or `unsubscribe page`. */
  via: string;
}

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
  /**
   * The sign-up whose confirmation link is live (random, carried by that link); a new one on each sign-up
   * after an unsubscribe, and removed by an unsubscribe, so an older link confirms nothing. Unset on addresses
   * stored before it existed (their link carries none).
   */
  signupId?: string;
  /** Each sign-up, confirmation and unsubscribe, oldest first. Never answered to anyone over HTTP. */
  consent?: ConsentStep[];
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
    signupId: { type: String },
    consent: {
      type: [
        new Schema<ConsentStep>(
          {
            action: { type: String, enum: ['signup', 'confirm', 'unsubscribe'], required: true },
            at: { type: Date, required: true },
            via: { type: String, required: true },
          },
          { _id: false, strict: 'throw' },
        ),
      ],
      default: undefined,
    },
    outbox: outboxPath,
  },
  { collection: 'subscribers', id: false, versionKey: false, strict: 'throw' },
);
subscriberSchema.index({ email: 1 }, { unique: true });

export const subscriberModel = (connection: Connection) => connection.model('Subscriber', subscriberSchema);
export type SubscriberModel = ReturnType<typeof subscriberModel>;
