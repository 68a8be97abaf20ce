// The links a booking's e-mails carry, made the same way by every e-mail: "Join your session" (a confirmed AI
// Avatar Session) and "Change or cancel" (a confirmed booking, while the secret is set).
import { sessionJoinLink } from '../join/join-link.js';
import { manageLink } from '../manage/manage-link.js';
import type { BookingDocument } from '../sessions/booking.model.js';
import type { MailDeps } from './mail-deps.js';
import type { BookingLinks } from './confirmation-email.js';

export function bookingLinks(booking: Pick<BookingDocument, '_id' | 'type' | 'status'>, mail: MailDeps): BookingLinks {
  const join = sessionJoinLink(booking, mail.join);
  const manage = manageLink(booking, mail.manage);
  return {
    ...(join ? { join: { url: join, earlyMinutes: mail.join.earlyMinutes } } : {}),
    ...(manage ? { manage: { url: manage, changeNoticeHours: mail.manage.changeNoticeHours } } : {}),
  };
}
