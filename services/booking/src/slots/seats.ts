// What a group of seat claims means at an instant (pure). See seat-claims.ts for why claims come in rounds
// and are settled by fates.

/** A claim of one seat, in one round: `_id` is `<key>|<seat>|<round>`, unique, never updated. */
export interface ClaimDocument {
  _id: string;
  kind: 'claim';
  /** What one query reads at once: a calendar's day (`ai|2026-03-10`), or an address's day. */
  group: string;
  /** The group's practice day (`2026-03-10`): what the purge of past days compares. */
  day: string;
  /** The thing with seats: a slot (`ai|2026-03-10T14:00:00.000Z`), or an address's holds. */
  key: string;
  seat: number;
  round: number;
  /** The booking that holds it. */
  holder: string;
  /** When an unkept claim lapses (the booking's hold). */
  expiresAt: Date;
  createdAt: Date;
}

export type Fate = 'kept' | 'released';

/** How a claim ended, decided once by a unique insert: `_id` is `fate|<claim id>`. */
export interface FateDocument {
  _id: string;
  kind: 'fate';
  group: string;
  day: string;
  claim: string;
  fate: Fate;
  at: Date;
}

/**
 * A kept seat given back (its booking was cancelled or moved to another slot): `_id` is `return|<claim id>`.
 * The seat is free again, and its next round can be claimed like a released one's.
 */
export interface ReturnDocument {
  _id: string;
  kind: 'return';
  group: string;
  day: string;
  claim: string;
  at: Date;
}

export type SeatDocument = ClaimDocument | FateDocument | ReturnDocument;

/** Where a claim is kept (the booking stores it): the claim's id and the group it is read with. */
export interface ClaimRef {
  id: string;
  group: string;
}

export const claimId = (key: string, seat: number, round: number) => `${key}|${seat}|${round}`;
/** Every group ends with its practice day: `ai|2026-03-10`, `address|<hash>|2026-03-10`. */
export const dayOfGroup = (group: string) => group.slice(group.lastIndexOf('|') + 1);
export const fateId = (claim: string) => `fate|${claim}`;
export const returnId = (claim: string) => `return|${claim}`;

/** The latest round of one seat. */
export interface Seat {
  seat: number;
  claim: ClaimDocument;
  fate: Fate | undefined;
  /** Kept, then given back: free again. */
  returned: boolean;
  /** Someone has it: kept (and not given back), or held and not lapsed. */
  taken: boolean;
  /** Held, unkept, past its expiry, and not yet released: free to whoever releases it first. */
  lapsed: boolean;
}

/** Every key of the group with its seats' latest rounds (a seat never claimed is absent). */
export function seatsByKey(docs: readonly SeatDocument[], now: Date): Map<string, Map<number, Seat>> {
  const fates = new Map<string, Fate>();
  const returned = new Set<string>();
  for (const doc of docs) {
    if (doc.kind === 'fate') fates.set(doc.claim, doc.fate);
    else if (doc.kind === 'return') returned.add(doc.claim);
  }
  const keys = new Map<string, Map<number, Seat>>();
  for (const doc of docs) {
    if (doc.kind !== 'claim') continue;
    const seats = keys.get(doc.key) ?? new Map<number, Seat>();
    keys.set(doc.key, seats);
    const known = seats.get(doc.seat);
    if (known && known.claim.round >= doc.round) continue;
    const fate = fates.get(doc._id);
    const live = doc.expiresAt.getTime() > now.getTime();
    const givenBack = fate === 'kept' && returned.has(doc._id);
    seats.set(doc.seat, {
      seat: doc.seat,
      claim: doc,
      fate,
      returned: givenBack,
      taken: (fate === 'kept' && !givenBack) || (fate === undefined && live),
      lapsed: fate === undefined && !live,
    });
  }
  return keys;
}

/** How many seats of `key` are taken. */
export function takenSeats(seats: Map<number, Seat> | undefined): number {
  let taken = 0;
  for (const seat of seats?.values() ?? []) if (seat.taken) taken += 1;
  return taken;
}
