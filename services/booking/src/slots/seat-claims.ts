// Who has a seat: a slot of a calendar (capacity seats each), or one of an address's allowed live holds.
//
// Every decision here is a unique insert, because FerretDB has no transactions and runs a conditional
// update or delete as a read followed by a write by `_id`: two processes that both read "lapsed" and both
// delete would let the second delete the claim that a third had just inserted. So nothing is ever updated
// or deleted:
// - A claim is an insert of `<key>|<seat>|<round>`. Of any number of concurrent claimants of a seat's next
//   round, the database lets exactly one in.
// - How a claim ends is its fate, also an insert (`fate|<claim>`): `kept` (paid: the seat is the booking's
//   for good) or `released` (the hold lapsed, the booking expired or was refunded). A payment arriving at
//   the moment a hold lapses and a visitor taking the lapsed seat both try to write the fate; one wins, and
//   the loser knows it (the payment then tries another seat, or the booking is refunded).
// - The next round of a seat is claimed only after the previous round's fate is `released`, so a later
//   round existing always means the earlier one lost the seat.
// - A kept seat is given back (the booking cancelled or moved) by a third insert, its return
//   (`return|<claim>`); the seat's next round is then open, as after a release.
// A claim whose booking was never written (a crash between the two inserts) simply lapses at its expiry
// like any unpaid hold: nothing is left that blocks the seat for good. All of a day's claims and fates
// share a `group`, so a day's availability is one indexed equality query.
import type { Connection, mongo } from 'mongoose';
import { isDuplicateKeyError, KeyedLock } from '@hhp/kit';
import {
  claimId,
  dayOfGroup,
  fateId,
  returnId,
  seatsByKey,
  type ClaimDocument,
  type ClaimRef,
  type Fate,
  type FateDocument,
  type ReturnDocument,
  type SeatDocument,
} from './seats.js';

export interface ClaimRequest {
  group: string;
  key: string;
  capacity: number;
  holder: string;
  expiresAt: Date;
  now: Date;
}

/** A seat, or none free; then `freeAt` is the earliest moment a held (unpaid) seat lapses, if any is held. */
export type Claimed = { ok: true; ref: ClaimRef } | { ok: false; freeAt?: Date };

export class SeatClaims {
  private readonly docs: mongo.Collection<SeatDocument>;
  /** Claims of one key, and settlements of one claim, are tried one at a time per process (the kit's KeyedLock). */
  private readonly locks = new KeyedLock();

  constructor(connection: Connection) {
    // The driver's collection: every filter here is built from our own ids, never from a request.
    this.docs = connection.collection<SeatDocument>('seat_claims') as unknown as mongo.Collection<SeatDocument>;
  }

  async createIndexes(): Promise<void> {
    await this.docs.createIndex({ group: 1 });
  }

  /** A group's claims and fates: one indexed query. */
  read(group: string): Promise<SeatDocument[]> {
    return this.docs.find({ group }).toArray();
  }

  /** Every claim and fate of `day` (YYYY-MM-DD) and later: the rules' changes check what is held. */
  readFrom(day: string): Promise<SeatDocument[]> {
    return this.docs.find({ day: { $gte: day } }).toArray();
  }

  /**
   * Claim one of `capacity` seats of `key` for `holder`. A holder that already has a live claim of the key
   * gets it back (a redelivered payment claiming again takes no second seat).
   */
  claim(request: ClaimRequest): Promise<Claimed> {
    return this.locks.run(request.key, () => this.claimInTurn(request));
  }

  private async claimInTurn({ group, key, capacity, holder, expiresAt, now }: ClaimRequest): Promise<Claimed> {
    const seats = seatsByKey(await this.read(group), now).get(key) ?? new Map();
    for (const seat of seats.values()) {
      if (seat.claim.holder === holder && seat.taken) return { ok: true, ref: { id: seat.claim._id, group } };
    }
    for (let n = 0; n < capacity; n++) {
      const seat = seats.get(n);
      let round = 0;
      if (seat) {
        if (seat.taken) continue;
        if (seat.lapsed && (await this.release({ id: seat.claim._id, group }, now)) === 'kept') continue;
        round = seat.claim.round + 1;
      }
      const claim: ClaimDocument = {
        _id: claimId(key, n, round),
        kind: 'claim',
        group,
        day: dayOfGroup(group),
        key,
        seat: n,
        round,
        holder,
        expiresAt,
        createdAt: now,
      };
      if (await this.insert(claim)) return { ok: true, ref: { id: claim._id, group } };
    }
    const held = [...seats.values()].filter((s) => s.taken && s.fate === undefined).map((s) => s.claim.expiresAt);
    return held.length ? { ok: false, freeAt: new Date(Math.min(...held.map((d) => d.getTime()))) } : { ok: false };
  }

  /** Keep the claim for good (paid). 'lost': it was released first, and the seat may be someone else's. */
  async keep(ref: ClaimRef, now = new Date()): Promise<'kept' | 'lost'> {
    return (await this.settle(ref, 'kept', now)) === 'kept' ? 'kept' : 'lost';
  }

  /** Give the seat back. 'kept': too late, it was kept (paid) first. */
  release(ref: ClaimRef, now = new Date()): Promise<Fate> {
    return this.settle(ref, 'released', now);
  }

  /**
   * Free the seat whatever became of the claim: released if it was still open, returned if it was kept.
   * Idempotent: a second call (a redelivered cancellation) changes nothing.
   */
  async giveBack(ref: ClaimRef, now = new Date()): Promise<void> {
    if ((await this.release(ref, now)) === 'released') return;
    const doc: ReturnDocument = {
      _id: returnId(ref.id),
      kind: 'return',
      group: ref.group,
      day: dayOfGroup(ref.group),
      claim: ref.id,
      at: now,
    };
    await this.insert(doc);
  }

  /** The claim's fate: `fate` if this call decided it, else the one decided before. */
  private settle(ref: ClaimRef, fate: Fate, now: Date): Promise<Fate> {
    return this.locks.run(fateId(ref.id), () => this.settleInTurn(ref, fate, now));
  }

  private async settleInTurn(ref: ClaimRef, fate: Fate, now: Date): Promise<Fate> {
    const doc: FateDocument = {
      _id: fateId(ref.id),
      kind: 'fate',
      group: ref.group,
      day: dayOfGroup(ref.group),
      claim: ref.id,
      fate,
      at: now,
    };
    if (await this.insert(doc)) return fate;
    const decided = await this.docs.findOne({ _id: doc._id });
    if (!decided || decided.kind !== 'fate') throw new Error(`fate of ${ref.id} not readable after a duplicate key`);
    return decided.fate;
  }

  /**
   * Forget the claims and fates of days before `day` (YYYY-MM-DD): nothing can be booked or held on them any
   * more, and every read of a group scans the whole collection on FerretDB, so what is kept must not grow
   * with the practice's history. The caller leaves a margin for late payments and refunds of recent days.
   */
  async purgeBefore(day: string): Promise<number> {
    const { deletedCount } = await this.docs.deleteMany({ day: { $lt: day } });
    return deletedCount;
  }

  /** true when inserted; false when that `_id` exists. */
  private async insert(doc: SeatDocument): Promise<boolean> {
    try {
      await this.docs.insertOne(doc);
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }
}
