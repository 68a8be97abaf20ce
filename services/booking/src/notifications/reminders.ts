// The reminders to send: one document per confirmed booking and time, `{ _id: 'reminder:<bookingId>', dueAt }`
// (`reminder:<bookingId>:<sequence>` once the booking was moved: its new time's reminder), written when the
// confirmation (or the move) is handled and read by the periodic sender (send-reminders.ts). They live in
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
const MIN_REMINDER_NOTICE_MS = 30 * 60 * 1000;

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

/** Sequence 0, the booking as confirmed, keeps the id it always had. */
export const reminderId = (bookingId: string, sequence = 0) =>
  sequence ? `reminder:${bookingId}:${sequence}` : `reminder:${bookingId}`;

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

  /** The sender asks by state's equality, a move by the booking's (FerretDB uses an index for equality only). */
  async createIndexes(): Promise<void> {
    await Promise.all([this.collection.createIndex({ state: 1 }), this.collection.createIndex({ bookingId: 1 })]);
  }

  /**
   * Schedule the booking's reminder, once: a redelivered confirmation finds the first one and returns it, so
   * the lead it promises is the one that was scheduled. Undefined when the booking gets none.
   */
  async schedule(
    booking: Pick<BookingDocument, '_id' | 'scheduledAt' | 'sequence'>,
    now: Date,
  ): Promise<ReminderDocument | undefined> {
    const _id = reminderId(booking._id, booking.sequence);
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

  /**
   * The booking's scheduled reminders other than `keep` are not sent (it was moved or cancelled). The sender
   * would skip them anyway, as their time is no longer the booking's; this keeps them out of its way.
   */
  async skipOthers(bookingId: string, keep: string | undefined, now: Date): Promise<void> {
    const stale = await this.collection.find({ bookingId, state: 'scheduled' }).toArray();
    for (const reminder of stale) {
      if (reminder._id !== keep) await this.finish(reminder._id, 'skipped', now);
    }
  }

  find(bookingId: string, sequence = 0): Promise<ReminderDocument | null> {
    return this.collection.findOne({ _id: reminderId(bookingId, sequence) });
  }
}
