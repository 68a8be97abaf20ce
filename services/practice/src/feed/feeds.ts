// Each staff member's calendar feed: at most one, kept as the sha256 of its secret (the address's last part),
// which is shown once when it is made. Making a new one replaces the old in one write, so the old address stops
// answering at once; revoking deletes it. A feed answers only while its staff member is active and was made after
// her last revocation (a staff member revoked and invited back does not get her old address back).
import { randomBytes } from 'node:crypto';
import type { Connection, mongo } from 'mongoose';
import type { CalendarFeedStatus } from '@hhp/proto';
import { sha256, type PracticeStore, type StaffDoc } from '../store.js';

export interface FeedDoc {
  /** The staff member's id: one feed each. */
  _id: string;
  /** sha256 (hex) of the secret. */
  secretHash: string;
  createdAt: Date;
  lastFetchedAt?: Date;
}

/** 32 random bytes, base64url: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export class CalendarFeeds {
  private readonly feeds: mongo.Collection<FeedDoc>;

  constructor(
    connection: Connection,
    private readonly store: PracticeStore,
    private readonly now: () => Date,
  ) {
    this.feeds = connection.collection<FeedDoc>('calendar_feeds') as unknown as mongo.Collection<FeedDoc>;
  }

  async createIndexes(): Promise<void> {
    await this.feeds.createIndex({ secretHash: 1 }, { unique: true });
  }

  /** A new feed for `staffId`, replacing hers: its secret (shown once) and when it was made. */
  async create(staffId: string): Promise<{ secret: string; createdAt: Date }> {
    const secret = randomBytes(32).toString('base64url');
    const createdAt = this.now();
    await this.feeds.replaceOne({ _id: staffId }, { secretHash: sha256(secret), createdAt }, { upsert: true });
    return { secret, createdAt };
  }

  /** True when she had one. */
  async revoke(staffId: string): Promise<boolean> {
    return (await this.feeds.deleteOne({ _id: staffId })).deletedCount > 0;
  }

  async status(staffId: string): Promise<CalendarFeedStatus> {
    const feed = await this.feeds.findOne({ _id: staffId });
    if (!feed) return { feed: null };
    return {
      feed: {
        createdAt: feed.createdAt.toISOString(),
        ...(feed.lastFetchedAt ? { lastFetchedAt: feed.lastFetchedAt.toISOString() } : {}),
      },
    };
  }

  /** The active staff member whose live feed `secret` opens (and notes the fetch); null for any other secret. */
  async open(secret: string): Promise<StaffDoc | null> {
    if (!SECRET.test(secret)) return null;
    const secretHash = sha256(secret);
    const feed = await this.feeds.findOne({ secretHash });
    if (!feed) return null;
    const staff = await this.store.staff.findOne({ _id: feed._id });
    if (!staff || staff.status !== 'active') return null;
    if (staff.revokedAt && feed.createdAt.getTime() <= staff.revokedAt.getTime()) return null;
    await this.feeds.updateOne({ _id: feed._id, secretHash }, { $set: { lastFetchedAt: this.now() } });
    return staff;
  }
}
