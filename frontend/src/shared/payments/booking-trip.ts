// What travels with the visitor from /book to checkout or /subscribe and back, in the history entry's state
// (never in the address, never stored): the form as it was typed, and the hold's token, which only this
// browser was told and which releases the hold when the visitor goes back to change their choice.
import { SESSION_TYPES, type SessionType } from '@hhp/proto/catalogue/plans';
import type { IsoDay } from './slots/calendar';

export interface BookingDraft {
  type: SessionType;
  name: string;
  email: string;
  date: IsoDay | null;
  /** The chosen slot's start (ISO, UTC). */
  slot: string | null;
  notes: string;
}

export interface HeldBooking {
  id: string;
  token: string;
}

export interface BookingTrip {
  draft?: BookingDraft;
  hold?: HeldBooking;
  /** The e-mail the subscribe screen starts with. */
  email?: string;
}

const text = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function draftOf(value: unknown): BookingDraft | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const d = value as Record<string, unknown>;
  if (!(SESSION_TYPES as readonly unknown[]).includes(d.type)) return undefined;
  if (!text(d.name) || !text(d.email) || !textOrNull(d.date) || !textOrNull(d.slot) || !text(d.notes)) return undefined;
  return {
    type: d.type as SessionType,
    name: d.name,
    email: d.email,
    date: d.date as IsoDay | null,
    slot: d.slot,
    notes: d.notes,
  };
}

function holdOf(value: unknown): HeldBooking | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const h = value as Record<string, unknown>;
  return text(h.id) && text(h.token) ? { id: h.id, token: h.token } : undefined;
}

/** The trip in a history entry's state, whatever else is there (a reload keeps it; nothing else sets it). */
export function tripOf(state: unknown): BookingTrip {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const draft = draftOf(s.draft);
  const hold = holdOf(s.hold);
  return {
    ...(draft ? { draft } : {}),
    ...(hold ? { hold } : {}),
    ...(text(s.email) ? { email: s.email } : {}),
  };
}
