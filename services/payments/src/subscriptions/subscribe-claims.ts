// One subscription at a time per customer. Two tabs (or a double click) completing a subscription at once
// would each create one, and charge twice: the first to insert the customer's claim goes on, the other is
// told to wait. A claim is removed when its attempt ends; one left by a process that died lapses after
// `leaseMs`. (A unique insert, not a conditional update: FerretDB runs those as a read then a write.)
import { trusted, type Connection } from 'mongoose';
import type { mongo } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';

interface Claim {
  _id: string;
  until: Date;
}

export class SubscribeClaims {
  private readonly claims: mongo.Collection<Claim>;

  constructor(
    connection: Connection,
    private readonly leaseMs = 60_000,
  ) {
    this.claims = connection.collection<Claim>('subscribe_claims');
  }

  /** true when this caller holds the customer's claim now. */
  async take(customerId: string, now = new Date()): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.claims.insertOne({ _id: customerId, until: new Date(now.getTime() + this.leaseMs) });
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      // A lapsed claim is removed (only that one), then claimed again by unique insert.
      const { deletedCount } = await this.claims.deleteOne({ _id: customerId, until: trusted({ $lte: now }) });
      if (deletedCount === 0) return false;
    }
    return false;
  }

  async release(customerId: string): Promise<void> {
    await this.claims.deleteOne({ _id: customerId });
  }
}
