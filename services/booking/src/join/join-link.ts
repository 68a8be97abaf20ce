// The confirmation's "Join your session" link: only a confirmed AI Avatar Session has one. Its token is the
// only proof the join route accepts, so it goes to the visitor's e-mail and nowhere a booking id is enough.
import { sessionJoinToken } from '@hhp/kit';
import type { BookingDocument } from '../sessions/booking.model.js';

export function sessionJoinLink(
  booking: Pick<BookingDocument, '_id' | 'type' | 'status'>,
  { publicUrl, secret }: { publicUrl: string; secret: string | undefined },
): string | undefined {
  if (!secret || booking.type !== 'ai-session' || booking.status !== 'confirmed') return undefined;
  const url = new URL('/join', publicUrl);
  url.searchParams.set('booking', booking._id);
  url.searchParams.set('token', sessionJoinToken(booking._id, secret));
  return url.toString();
}
