// The reminders to send: one document per confirmed booking, `{ _id: 'reminder:<bookingId>', dueAt }`,
// written when the confirmation is handled and read by the periodic sender (send-reminders.ts). They live in
// the database, not in a timer, so a restart or an outage at the due time loses none: the sender sends what
// is due, late if need be.
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';
import type { BookingDocument } from '../sessions/booking.model.js';

/** The reminder comes this long before the session. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/** A booking confirmed less than REMINDER_LEAD_MS ahead gets its reminder this long before instead … */
export const SHORT_REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;
/** … when that is still at least this far away; otherwise it gets none (the confirmation is reminder enough). */
export const MIN_REMINDER_NOTICE_MS = 30 * 60 * 1000;

export type ReminderState = 'scheduled' | 'sent' | 'skipped';

export interface ReminderDocument {
  _id: string;
  bookingId: string;
  dueAt: Date;
  /** How long before the start it is due: what the confirmation promised. */
  leadMs: number;
  state: ReminderState;
  createdAt: Date;
  /** When it was sent, or found not worth sending (the booking cancelled or its session started). */
  doneAt?: Date;
}

export const reminderId = (bookingId: string) => `reminder:${bookingId}`;

/** When a booking confirmed at `now` is reminded, and how long ahead; undefined when it gets no reminder. */
export function reminderDue(scheduledAt: Date, now: Date): { dueAt: Date; leadMs: number } | undefined {
  for (const leadMs of [REMINDER_LEAD_MS, SHORT_REMINDER_LEAD_MS]) {
    const dueAt = new Date(scheduledAt.getTime() - leadMs);
    const notice = leadMs === REMINDER_LEAD_MS ? 0 : MIN_REMINDER_NOTICE_MS;
    if (dueAt.getTime() - now.getTime() >= notice) return { dueAt, leadMs };
  }
  return undefined;
}

export class Reminders {
  readonly collection: Collection<ReminderDocument>;

  constructor(connection: Connection) {
    this.collection = connection.collection<ReminderDocument>('reminders');
  }

  /** The sender asks by state's equality (FerretDB uses an index for equality only). */
  async createIndexes(): Promise<void> {
    await this.collection.createIndex({ state: 1 });
  }

  /**
   * Schedule the booking's reminder, once: a redelivered confirmation finds the first one and returns it, so
   * the lead it promises is the one that was scheduled. Undefined when the booking gets none.
   */
  async schedule(
    booking: Pick<BookingDocument, '_id' | 'scheduledAt'>,
    now: Date,
  ): Promise<ReminderDocument | undefined> {
    const _id = reminderId(booking._id);
    const existing = await this.collection.findOne({ _id });
    if (existing) return existing;
    const due = reminderDue(new Date(booking.scheduledAt), now);
    if (!due) return undefined;
    const reminder: ReminderDocument = { _id, bookingId: booking._id, ...due, state: 'scheduled', createdAt: now };
    try {
      await this.collection.insertOne(reminder);
      return reminder;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      return (await this.collection.findOne({ _id })) ?? undefined;
    }
  }

  /** Scheduled reminders due at `now`, the longest overdue first. */
  due(now: Date, limit: number): Promise<ReminderDocument[]> {
    return this.collection
      .find({ state: 'scheduled', dueAt: { $lte: now } })
      .sort({ dueAt: 1 })
      .limit(limit)
      .toArray();
  }

  async finish(id: string, state: Exclude<ReminderState, 'scheduled'>, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: id, state: 'scheduled' }, { $set: { state, doneAt: now } });
  }

  find(bookingId: string): Promise<ReminderDocument | null> {
    return this.collection.findOne({ _id: reminderId(bookingId) });
  }
}
