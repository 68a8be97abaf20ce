// The booking e-mails' "Change or cancel" link: only a confirmed booking has one. Its token is the only proof
// the manage routes accept, so it goes to the visitor's e-mail and nowhere a booking id is enough.
import { bookingManageToken } from '@hhp/kit';
import type { BookingDocument } from '../sessions/booking.model.js';

export interface ManageLinks {
  publicUrl: string;
  secret: string | undefined;
}

export function manageLink(booking: Pick<BookingDocument, '_id' | 'status'>, links: ManageLinks): string | undefined {
  if (!links.secret || booking.status !== 'confirmed') return undefined;
  const url = new URL('/manage-booking', links.publicUrl);
  url.searchParams.set('booking', booking._id);
  url.searchParams.set('token', bookingManageToken(booking._id, links.secret));
  return url.toString();
}
