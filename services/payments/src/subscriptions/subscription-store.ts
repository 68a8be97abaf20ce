// Payments' subscription records, and the subscription.v1.changed events written with them (outbox on the
// record). A view replaces the stored one only when it is newer (subscription-state.ts); the replacement is
// conditional on the record still being what was read, so two views applied at once cannot both win.
import { ACTIVE_SUBSCRIPTION_STATUSES, Subjects, SubscriptionChangedEvent } from '@hhp/proto';
import { createEnvelope, isDuplicateKeyError, outboxEntry, type OutboxRelay } from '@hhp/kit';
import type { SubscriptionDocument, SubscriptionModel } from './subscription.model.js';
import { TERMINAL_STATUSES, supersedes, type SubscriptionView } from './subscription-state.js';

const ATTEMPTS = 5;

export class SubscriptionStore {
  constructor(
    private readonly records: SubscriptionModel,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Store `view` if it is newer than the record, with its event (id `eventId`: Stripe's event id for a
   * webhook). Resolves true when the record changed.
   */
  async apply(view: SubscriptionView, eventId: string, requestId?: string): Promise<boolean> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const current = await this.records.findById(view.subscriptionId).lean();
      if (!supersedes(view, current ?? undefined)) return false;
      const bookingId = view.bookingId ?? current?.bookingId;
      const event = SubscriptionChangedEvent.parse(
        createEnvelope(
          Subjects.subscriptionChanged,
          {
            customerId: view.customerId,
            subscriptionId: view.subscriptionId,
            status: view.status,
            ...(view.currentPeriodEnd && { currentPeriodEnd: view.currentPeriodEnd.toISOString() }),
            ...(bookingId && { bookingId }),
          },
          { id: eventId, occurredAt: new Date(view.asOf * 1000) },
        ),
      );
      const fields = {
        customerId: view.customerId,
        status: view.status,
        asOf: view.asOf,
        updatedAt: new Date(),
        ...(view.currentPeriodEnd && { currentPeriodEnd: view.currentPeriodEnd }),
        ...(bookingId && { bookingId }),
      };
      const stored = await this.relay.exclusive(async () => {
        if (!current) {
          try {
            await this.records.create({ _id: view.subscriptionId, ...fields, outbox: [outboxEntry(event, requestId)] });
            return true;
          } catch (err) {
            if (isDuplicateKeyError(err)) return false; // another view was stored first: compare again
            throw err;
          }
        }
        const { matchedCount } = await this.records.updateOne(
          { _id: view.subscriptionId, asOf: current.asOf, status: current.status },
          { $set: fields, $push: { outbox: outboxEntry(event, requestId) } },
        );
        return matchedCount === 1;
      });
      if (stored) {
        this.relay.kick();
        return true;
      }
    }
    throw new Error(`subscription ${view.subscriptionId} kept changing while a view was being stored`);
  }

  /** The customer's subscription that counts: a live one if there is one, else the latest. */
  async forCustomer(customerId: string): Promise<SubscriptionDocument | undefined> {
    const records = await this.records.find({ customerId }, { outbox: 0 }).lean();
    const byRecency = records.sort((a, b) => b.asOf - a.asOf);
    return (
      byRecency.find((r) => ACTIVE_SUBSCRIPTION_STATUSES.includes(r.status)) ??
      byRecency.find((r) => !TERMINAL_STATUSES.includes(r.status)) ??
      byRecency[0]
    );
  }

  /** The customer's subscription that has not ended (active, incomplete, past due …), if any. */
  async live(customerId: string): Promise<SubscriptionDocument | undefined> {
    const record = await this.forCustomer(customerId);
    return record && !TERMINAL_STATUSES.includes(record.status) ? record : undefined;
  }
}
