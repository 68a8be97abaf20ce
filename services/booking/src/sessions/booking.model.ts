import { Schema, type Connection } from 'mongoose';
import {
  ATTENDANCE_OUTCOMES,
  SESSION_STATUSES,
  SESSION_TYPES,
  type AttendanceOutcome,
  type SessionStatus,
  type SessionType,
} from '@hhp/proto';
import { outboxPath, type OutboxEntry } from '@hhp/kit';
import type { ClaimRef } from '../slots/seats.js';

export interface BookingDocument {
  /** 24 random url-safe characters: the only key to a booking, so it must not be guessable. */
  _id: string;
  type: SessionType;
  /** The catalogue's, when booked: what payments charges. */
  priceCents: number;
  price: string;
  durationMinutes: number;
  scheduledAt: Date;
  /** The practice's time zone when booked. */
  timeZone: string;
  name: string;
  email: string;
  notes: string;
  status: SessionStatus;
  /** When an unpaid booking's hold lapses. */
  holdExpiresAt: Date;
  /** sha256 (hex) of the hold's token, which only the booking browser was told: it may release the hold. */
  holdTokenHash?: string;
  /** The seat of its slot it holds or held (slots/seat-claims.ts). */
  claim?: ClaimRef;
  /** One of its client address's live holds, while unpaid. */
  addressHold?: ClaimRef;
  paymentIntentId?: string;
  subscriptionId?: string;
  /**
   * How many times the visitor changed it (moved or cancelled): the invite's SEQUENCE, so a calendar keeps
   * the latest version of the event. Absent: never changed.
   */
  sequence?: number;
  /** Seats it held before it was moved: given back once its `booking.v1.rescheduled` is handled. */
  movedFrom?: ClaimRef[];
  /** Payments that could not have the seat, each reported once by `booking.v1.conflict`. */
  rejectedPayments?: string[];
  createdAt: Date;
  confirmedAt?: Date;
  expiredAt?: Date;
  /** When its visitor gave the hold back (went back from checkout); it is `expired` from then on. */
  releasedAt?: Date;
  refundedAt?: Date;
  rescheduledAt?: Date;
  cancelledAt?: Date;
  /** What the cancellation's refund gave back, in cents, once payments reported it. */
  refundedCents?: number;
  /** Marked by staff in the console once the session began (practice/attendance.ts). */
  attendance?: AttendanceOutcome;
  attendanceMarkedAt?: Date;
  /** `booking.v1.*` events until the relay has published them. */
  outbox?: OutboxEntry[];
}

const claimRef = new Schema<ClaimRef>({ id: String, group: String }, { _id: false });

const bookingSchema = new Schema<BookingDocument>(
  {
    _id: { type: String, required: true },
    type: { type: String, enum: SESSION_TYPES, required: true },
    priceCents: { type: Number, required: true },
    price: { type: String, required: true },
    durationMinutes: { type: Number, required: true },
    scheduledAt: { type: Date, required: true },
    timeZone: { type: String, required: true },
    name: { type: String, required: true },
    email: { type: String, required: true },
    notes: { type: String, default: '' },
    status: { type: String, enum: SESSION_STATUSES, required: true },
    holdExpiresAt: { type: Date, required: true },
    holdTokenHash: String,
    claim: { type: claimRef, default: undefined },
    addressHold: { type: claimRef, default: undefined },
    paymentIntentId: String,
    subscriptionId: String,
    sequence: Number,
    movedFrom: { type: [claimRef], default: undefined },
    rejectedPayments: { type: [String], default: undefined },
    createdAt: { type: Date, required: true },
    confirmedAt: Date,
    expiredAt: Date,
    releasedAt: Date,
    refundedAt: Date,
    rescheduledAt: Date,
    cancelledAt: Date,
    refundedCents: Number,
    attendance: { type: String, enum: ATTENDANCE_OUTCOMES },
    attendanceMarkedAt: Date,
    outbox: outboxPath,
  },
  { collection: 'bookings', id: false, versionKey: false, strict: 'throw' },
);
// The sweeper asks for each pending status by equality (FerretDB uses an index for equality only).
bookingSchema.index({ status: 1 });
// The console's calendar, its feed and its numbers ask for a range of starts: MongoDB walks this index; FerretDB 1.x
// scans the collection for a range whatever the indexes (DESIGN.md), so there the cost grows with the bookings kept.
bookingSchema.index({ scheduledAt: 1 });

export const bookingModel = (connection: Connection) => connection.model('Booking', bookingSchema);
export type BookingModel = ReturnType<typeof bookingModel>;

export const PENDING_STATUSES = ['pending-payment', 'pending-subscription'] as const satisfies SessionStatus[];

export const isPending = (status: SessionStatus) => (PENDING_STATUSES as readonly SessionStatus[]).includes(status);

/** Its status as a reader should see it: an unpaid hold past its expiry is expired even before the sweep. */
export function effectiveStatus(booking: Pick<BookingDocument, 'status' | 'holdExpiresAt'>, now: Date): SessionStatus {
  return isPending(booking.status) && booking.holdExpiresAt.getTime() <= now.getTime() ? 'expired' : booking.status;
}
