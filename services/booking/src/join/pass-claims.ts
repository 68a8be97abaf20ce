// Which browser holds a booking's session pass. The first join inserts the booking's claim with a random
// browser id (FerretDB decides one unique insert atomically, nothing else): of two browsers following the
// same link at once, one wins; the other is refused. The browser id travels in the signed pass, so the
// winner rejoins freely.
import { randomBytes } from 'node:crypto';
import type { Collection, Connection } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';

interface PassClaim {
  _id: string; // bookingId
  browserId: string;
  claimedAt: Date;
}

export const newBrowserId = () => randomBytes(16).toString('base64url');

export class PassClaims {
  private readonly claims: Collection<PassClaim>;

  constructor(connection: Connection) {
    this.claims = connection.collection<PassClaim>('session_pass_claims');
  }

  /** Whether `browserId` holds the booking's pass: it does when it claimed first, now or before. */
  async claim(bookingId: string, browserId: string, now: Date): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: bookingId, browserId, claimedAt: now });
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const holder = await this.claims.findOne({ _id: bookingId });
    return holder?.browserId === browserId;
  }
}
