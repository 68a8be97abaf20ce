// rpc.booking.v1.session: payments asks for a booking's authoritative price and state before it creates a
// payment intent (`session: null` for an id nobody booked).
import { BookingLookupRequest, RpcSubjects } from '@hhp/proto';
import type { EventBus } from '@hhp/kit';
import type { Bookings } from '../sessions/bookings.js';
import { lookupView } from '../sessions/session-view.js';

export function lookupReplies(bus: EventBus, bookings: Bookings) {
  const session = bus.reply(RpcSubjects.bookingSession, {
    request: BookingLookupRequest,
    handler: async ({ sessionId }) => lookupView(await bookings.find(sessionId)),
  });
  return { drain: () => session.drain() };
}
