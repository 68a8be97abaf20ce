// Who is a subscriber: a request carries the signed cookie that payments set; the customer it names
// counts when this service's own projection, kept current by `subscription.v1.*` events, says active.
import type { Collection, Connection } from 'mongoose';
import { parse as parseCookies } from 'cookie';
import { ACTIVE_SUBSCRIPTION_STATUSES, SUBSCRIBER_COOKIE, Subjects, SubscriptionChangedEvent } from '@hhp/proto';
import { isDuplicateKeyError, verifySubscriberCookie, type EventBus, type Subscription } from '@hhp/kit';

interface SubscriberRecord {
  _id: string; // customerId
  subscriptionId: string;
  status: string;
  currentPeriodEnd?: Date;
  /** occurredAt of the newest event applied: an older event that arrives late changes nothing. */
  asOf: Date;
}

export class Subscribers {
  private readonly records: Collection<SubscriberRecord>;

  constructor(
    connection: Connection,
    private readonly cookieSecret: string | undefined,
    /** The secret before a rotation (SUBSCRIBER_COOKIE_PREVIOUS_SECRET): its cookies still count. */
    private readonly previousCookieSecret?: string,
  ) {
    this.records = connection.collection<SubscriberRecord>('subscribers');
  }

  /** true when the request's cookie is genuine, unexpired, and names an active subscription. */
  async isSubscriber(cookieHeader: string | undefined, now = new Date()): Promise<boolean> {
    if (!this.cookieSecret || !cookieHeader) return false;
    const customerId = verifySubscriberCookie(
      parseCookies(cookieHeader)[SUBSCRIBER_COOKIE],
      [this.cookieSecret, this.previousCookieSecret],
      now.getTime(),
    );
    if (!customerId) return false;
    const record = await this.records.findOne({ _id: customerId });
    if (!record || !ACTIVE_SUBSCRIPTION_STATUSES.includes(record.status)) return false;
    return !record.currentPeriodEnd || record.currentPeriodEnd.getTime() > now.getTime();
  }

  /** Apply one event; idempotent, and out-of-order deliveries never roll the status back. */
  async apply(event: SubscriptionChangedEvent): Promise<void> {
    const { customerId, subscriptionId, status, currentPeriodEnd } = event.data;
    const asOf = new Date(event.occurredAt);
    const update = {
      subscriptionId,
      status,
      asOf,
      ...(currentPeriodEnd ? { currentPeriodEnd: new Date(currentPeriodEnd) } : {}),
    };
    const { matchedCount } = await this.records.updateOne({ _id: customerId, asOf: { $lte: asOf } }, { $set: update });
    if (matchedCount > 0) return;
    try {
      await this.records.insertOne({ _id: customerId, ...update });
    } catch (err) {
      // The record exists with a newer event: nothing to do. Anything else is a real failure.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  consume(bus: EventBus): Promise<Subscription> {
    return bus.subscribe(Subjects.subscriptionChanged, 'ai-query-subscribers', (event) => this.apply(event), {
      schema: SubscriptionChangedEvent,
    });
  }
}
