// The one-time sign-in links. A link's token is 32 random bytes (base64url) that only the e-mail holds: the
// database keeps its sha256, with the customer and the expiry, so a copy of the database signs nobody in.
// Using a link is a unique insert of `used|<hash>` (FerretDB runs a conditional update as a read and then a
// write, so two clicks at once could both see it unused): of any number of uses exactly one is let in.
import { createHash, randomBytes } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { isDuplicateKeyError, KeyedLock } from '@hhp/kit';

interface LinkDocument {
  /** `link|<sha256 of the token>` or `used|<sha256 of the token>`. */
  _id: string;
  customerId: string;
  expiresAt: Date;
  createdAt: Date;
}

export type Redeemed = { ok: true; customerId: string } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SignInLinks {
  private readonly links: mongo.Collection<LinkDocument>;
  /** The uses of one link in one process are tried in turn (the kit's KeyedLock). */
  private readonly turns = new KeyedLock();

  constructor(
    connection: Connection,
    private readonly ttlMs: number,
  ) {
    this.links = connection.collection<LinkDocument>('sign_in_links') as unknown as mongo.Collection<LinkDocument>;
  }

  async createIndexes(): Promise<void> {
    await this.links.createIndex({ expiresAt: 1 });
  }

  /** A new link's token for `customerId`, valid for the TTL from `now`. */
  async issue(customerId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.links.insertOne({ _id: `link|${hashOf(token)}`, customerId, expiresAt, createdAt: now });
    return { token, expiresAt };
  }

  /** Uses the link of `token`: its customer the first time within its TTL, else why not. */
  redeem(token: string, now = new Date()): Promise<Redeemed> {
    const hash = hashOf(token);
    return this.turns.run(hash, () => this.redeemInTurn(hash, now));
  }

  private async redeemInTurn(hash: string, now: Date): Promise<Redeemed> {
    const link = await this.links.findOne({ _id: `link|${hash}` });
    if (!link) return { ok: false, reason: 'unknown' };
    if (link.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    try {
      await this.links.insertOne({
        _id: `used|${hash}`,
        customerId: link.customerId,
        expiresAt: link.expiresAt,
        createdAt: now,
      });
    } catch (err) {
      if (isDuplicateKeyError(err)) return { ok: false, reason: 'used' };
      throw err;
    }
    return { ok: true, customerId: link.customerId };
  }

  /**
   * Forgets links (and their uses) expired more than a day ago: an expired link is refused either way, and
   * a use kept that long after its link could not be followed again.
   */
  async purge(now = new Date()): Promise<number> {
    const { deletedCount } = await this.links.deleteMany({ expiresAt: { $lt: new Date(now.getTime() - 86_400_000) } });
    return deletedCount;
  }
}
