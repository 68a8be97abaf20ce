// A booking as the visitor's screens see it (no name or e-mail), and as payments asks for it.
import type { BookingLookupResponse, SessionResponse } from '@hhp/proto';
import { effectiveStatus, isPending, type BookingDocument } from './booking.model.js';

export function sessionView(booking: BookingDocument, now = new Date()): SessionResponse {
  const status = effectiveStatus(booking, now);
  return {
    id: booking._id,
    price: booking.price,
    type: booking.type,
    duration: String(booking.durationMinutes),
    scheduledAt: booking.scheduledAt.toISOString(),
    status,
    timeZone: booking.timeZone,
    ...(isPending(status) ? { holdExpiresAt: booking.holdExpiresAt.toISOString() } : {}),
  };
}

export function lookupView(booking: BookingDocument | null, now = new Date()): BookingLookupResponse {
  if (!booking) return { session: null };
  const status = effectiveStatus(booking, now);
  return {
    session: {
      id: booking._id,
      type: booking.type,
      priceCents: booking.priceCents,
      status,
      scheduledAt: booking.scheduledAt.toISOString(),
      durationMinutes: booking.durationMinutes,
      timeZone: booking.timeZone,
      name: booking.name,
      email: booking.email,
      ...(isPending(status) ? { holdExpiresAt: booking.holdExpiresAt.toISOString() } : {}),
    },
  };
}
