// The service's collections, through the driver (every filter is built here, from values the service made or
// checked, never from a request as it came). One-of-a-kind claims (an invite used, a challenge answered, the
// first admin's invite sent) are inserts of a unique `_id` into `claims`: the database lets exactly one in,
// where FerretDB would run a conditional update as a read and then a write.
import { createHash } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import { HttpError, isDuplicateKeyError } from '@hhp/kit';
import type { StaffRole } from '@hhp/proto';

export interface StaffDoc {
  _id: string;
  /** Lower case. */
  email: string;
  role: StaffRole;
  status: 'active' | 'revoked';
  createdAt: Date;
  invitedBy?: string;
  revokedAt?: Date;
}

export interface PasskeyDoc {
  /** The credential's id (base64url). */
  _id: string;
  staffId: string;
  publicKey: mongo.Binary;
  counter: number;
  transports?: string[];
  createdAt: Date;
  lastUsedAt?: Date;
}

export interface InviteDoc {
  /** sha256 of the link's token (hex): the token itself is stored nowhere. */
  _id: string;
  email: string;
  role: StaffRole;
  /** The staff member the passkey is registered for: hers when she exists, else the one made then. */
  staffId: string;
  createdAt: Date;
  expiresAt: Date;
  invitedBy?: string;
  /** The invite of PRACTICE_FIRST_ADMIN_EMAIL, sent at start. */
  firstAdmin?: boolean;
  usedAt?: Date;
}

export interface SessionDoc {
  /** sha256 of the cookie's value (hex). */
  _id: string;
  staffId: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The absolute expiry. */
  expiresAt: Date;
}

export interface ChallengeDoc {
  /** The challenge (base64url) the browser signs. */
  _id: string;
  purpose: 'register' | 'sign-in';
  /** Registration: the invite it is for. */
  inviteId?: string;
  expiresAt: Date;
}

export interface AuditDoc {
  at: Date;
  staffId?: string;
  email?: string;
  action: string;
  target?: string;
  ip: string;
  userAgent: string;
}

interface ClaimDoc {
  _id: string;
  at: Date;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface PracticeStore {
  staff: mongo.Collection<StaffDoc>;
  passkeys: mongo.Collection<PasskeyDoc>;
  invites: mongo.Collection<InviteDoc>;
  sessions: mongo.Collection<SessionDoc>;
  challenges: mongo.Collection<ChallengeDoc>;
  audit: mongo.Collection<AuditDoc>;
  /** True for the one caller that claims `key` first; false for every other. */
  claim(key: string, at: Date): Promise<boolean>;
  /** Gives a claim back (what it guarded did not happen). */
  unclaim(key: string): Promise<void>;
  /**
   * Runs `work` while holding the claim `key`, one caller at a time across every replica: the others wait (up to
   * LOCK_WAIT_MS, then 503). A claim older than LOCK_STALE_MS is a holder that died, and is taken over.
   */
  exclusively<T>(key: string, now: () => Date, work: () => Promise<T>): Promise<T>;
}

export const LOCK_WAIT_MS = 1000;
export const LOCK_STALE_MS = 15_000;
export const LOCK_BUSY = 'Another change to the staff is being made right now. Please try again in a moment.';

export async function openStore(connection: Connection): Promise<PracticeStore> {
  const collection = <T extends mongo.Document>(name: string) =>
    connection.collection<T>(name) as unknown as mongo.Collection<T>;
  const store = {
    staff: collection<StaffDoc>('staff'),
    passkeys: collection<PasskeyDoc>('passkeys'),
    invites: collection<InviteDoc>('invites'),
    sessions: collection<SessionDoc>('sessions'),
    challenges: collection<ChallengeDoc>('challenges'),
    audit: collection<AuditDoc>('audit'),
  };
  const claims = collection<ClaimDoc>('claims');
  await Promise.all([
    store.staff.createIndex({ email: 1 }, { unique: true }),
    store.passkeys.createIndex({ staffId: 1 }),
    store.invites.createIndex({ email: 1, createdAt: -1 }),
    store.sessions.createIndex({ staffId: 1 }),
    store.sessions.createIndex({ expiresAt: 1 }),
    store.challenges.createIndex({ expiresAt: 1 }),
    store.audit.createIndex({ at: -1 }),
  ]);
  const claim = async (key: string, at: Date) => {
    try {
      await claims.insertOne({ _id: key, at });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  };
  const unclaim = async (key: string) => {
    await claims.deleteOne({ _id: key });
  };
  return {
    ...store,
    claim,
    unclaim,
    async exclusively(key, now, work) {
      const waitUntil = Date.now() + LOCK_WAIT_MS;
      for (;;) {
        if (await claim(key, now())) break;
        const held = await claims.findOne({ _id: key });
        // A holder that died: only the one who deletes that very claim (its `at`) takes it over.
        if (held && now().getTime() - held.at.getTime() > LOCK_STALE_MS) {
          await claims.deleteOne({ _id: key, at: held.at });
          continue;
        }
        if (Date.now() >= waitUntil) throw new HttpError(503, LOCK_BUSY);
        await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
      }
      try {
        return await work();
      } finally {
        await unclaim(key);
      }
    },
  };
}
