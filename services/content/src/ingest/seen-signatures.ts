// A signed ingest request stays valid for INGEST_MAX_SKEW_SECONDS, so whoever copies one could send it again
// in that time and, say, put back a video's earlier version. Every accepted signature is remembered until
// its timestamp is no longer fresh: a second use is refused. The signature is the document's `_id`, so the
// database's unique key decides between replicas that receive the same request at once.
import { Schema, trusted, type Connection } from 'mongoose';
import { isDuplicateKeyError } from '@hhp/kit';

interface SeenSignature {
  /** The x-signature's hex digest. */
  _id: string;
  /** When the signature stops being fresh; afterwards the timestamp check refuses it anyway. */
  expiresAt: Date;
}

const seenSignatureSchema = new Schema<SeenSignature>(
  { _id: { type: String, required: true }, expiresAt: { type: Date, required: true } },
  { collection: 'ingest_signatures', id: false, versionKey: false, strict: 'throw' },
);

export const seenSignatureModel = (connection: Connection) => connection.model('SeenSignature', seenSignatureSchema);
export type SeenSignatureModel = ReturnType<typeof seenSignatureModel>;

/** How often expired signatures are deleted (ingests are rare; FerretDB has no TTL index to do it). */
const SWEEP_EVERY_MS = 60_000;

export class SeenSignatures {
  private lastSweep = 0;

  constructor(private readonly seen: SeenSignatureModel) {}

  /** True the first time `digest` is claimed, false when it was used before (a replay). */
  async claim(digest: string, expiresAt: Date, now = new Date()): Promise<boolean> {
    this.sweep(now);
    try {
      await this.seen.create({ _id: digest.toLowerCase(), expiresAt });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  private sweep(now: Date): void {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    this.seen.deleteMany({ expiresAt: trusted({ $lt: now }) }).catch(() => {
      this.lastSweep = 0; // try again at the next ingest
    });
  }
}
