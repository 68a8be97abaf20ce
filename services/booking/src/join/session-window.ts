// When an AI Avatar Session's join link opens it: from `earlyMs` before its start to its end.
import type { BookingDocument } from '../sessions/booking.model.js';

export interface SessionWindow {
  opensAt: Date;
  endsAt: Date;
}

export function sessionWindow(booking: Pick<BookingDocument, 'scheduledAt' | 'durationMinutes'>, earlyMs: number) {
  const start = booking.scheduledAt.getTime();
  return {
    opensAt: new Date(start - earlyMs),
    endsAt: new Date(start + booking.durationMinutes * 60_000),
  } satisfies SessionWindow;
}

export type WindowState = 'early' | 'open' | 'ended';

export function windowState(window: SessionWindow, now: Date): WindowState {
  if (now.getTime() < window.opensAt.getTime()) return 'early';
  return now.getTime() < window.endsAt.getTime() ? 'open' : 'ended';
}
