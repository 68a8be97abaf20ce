// The names under which seats are claimed (seat-claims.ts): a slot's seats, and an address's live holds.
import { createHash } from 'node:crypto';
import { clientKey } from '@hhp/kit';
import type { SessionType } from '@hhp/proto';
import { calendarOf, practiceDate } from '../calendar/calendar.js';

export interface SeatKey {
  group: string;
  key: string;
}

/** A slot's seats, read with every slot of its calendar's day. */
export function slotSeats(type: SessionType, date: string, startsAt: Date): SeatKey {
  const calendar = calendarOf(type);
  return { group: `${calendar}|${date}`, key: `${calendar}|${startsAt.toISOString()}` };
}

/** The group of a calendar's day, for availability. */
export const dayGroup = (type: SessionType, date: string) => `${calendarOf(type)}|${date}`;

/**
 * An address's live holds on the practice's day the booking is made (one group per address and day keeps
 * what is read small; at midnight an address starts a new day's count while the evening's holds lapse).
 */
export function addressSeats(clientAddress: string, now: Date, timeZone: string): SeatKey {
  const hashed = createHash('sha256')
    .update(`booking-address:${clientKey(clientAddress)}`)
    .digest('base64url');
  const group = `address|${hashed.slice(0, 32)}|${practiceDate(now, timeZone)}`;
  return { group, key: group };
}
