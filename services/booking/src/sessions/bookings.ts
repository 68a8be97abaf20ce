// The bookings collection as the use cases need it: plain objects out, and every change to an existing
// booking made as one conditional single-document update that carries its events (the outbox), run in turn
// with the outbox relay's own writes (FerretDB applies an update as a read and a write by `_id`, so two
// overlapping updates of one document could lose one).
import { outboxEntry, type EventEnvelope, type OutboxRelay } from '@hhp/kit';
import type { SessionStatus } from '@hhp/proto';
import type { UpdateQuery } from 'mongoose';
import type { BookingDocument, BookingModel } from './booking.model.js';

/** A booking id as this service makes them; anything else is unknown without asking the database. */
const BOOKING_ID = /^[A-Za-z0-9_-]{24}$/;

export class Bookings {
  constructor(
    readonly model: BookingModel,
    private readonly relay: OutboxRelay,
  ) {}

  async find(id: string): Promise<BookingDocument | null> {
    if (!BOOKING_ID.test(id)) return null;
    return this.model.findById(id).lean<BookingDocument>().exec();
  }

  async insert(booking: BookingDocument): Promise<void> {
    await this.model.create(booking);
  }

  /** Only for a booking nobody was told about (its request was answered 503). */
  async remove(id: string): Promise<void> {
    await this.relay.exclusive(() => this.model.deleteOne({ _id: id }).exec());
  }

  /**
   * Apply `update` if the booking's status is still `expected` (and, when given, its time: a move checks that
   * no other move came first), adding `events` to its outbox in the same write. Resolves false when the
   * booking had changed (the caller decides again from a fresh read).
   */
  async change(
    id: string,
    expected: SessionStatus | { status: SessionStatus; scheduledAt: Date },
    update: UpdateQuery<BookingDocument>,
    events: EventEnvelope[] = [],
    requestId?: string,
  ): Promise<boolean> {
    const push = events.length
      ? { $push: { ...update.$push, outbox: { $each: events.map((e) => outboxEntry(e, requestId)) } } }
      : {};
    const result = await this.relay.exclusive(() =>
      this.model
        .updateOne(typeof expected === 'string' ? { _id: id, status: expected } : { _id: id, ...expected }, {
          ...update,
          ...push,
        })
        .exec(),
    );
    if (result.modifiedCount > 0 && events.length) this.relay.kick();
    return result.modifiedCount > 0;
  }
}
