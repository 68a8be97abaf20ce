// Server-side sessions: the cookie holds an opaque id (32 random bytes), the database only its sha256. A session
// ends after `idleMs` without a request, `absoluteMs` after it began, at sign-out, and at once for every
// session of a staff member who is revoked (each request also checks that she is still active).
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { signedCookie } from '@hhp/kit';
import { sha256, type PracticeStore, type StaffDoc } from '../store.js';

export interface SessionOptions {
  idleMs: number;
  absoluteMs: number;
  /** The portal is served over https: the cookie is `__Host-` and Secure. */
  secure: boolean;
  now: () => Date;
}

export interface StaffSession {
  staff: StaffDoc;
  /** The session's absolute expiry. */
  expiresAt: Date;
  /** sha256 of the cookie's value. */
  id: string;
}

export class Sessions {
  readonly cookieName: string;

  constructor(
    private readonly store: PracticeStore,
    private readonly options: SessionOptions,
  ) {
    this.cookieName = options.secure ? '__Host-hhp_practice' : 'hhp_practice';
  }

  /** Starts a session for `staff` and sets its cookie. */
  async start(res: Response, staff: StaffDoc): Promise<StaffSession> {
    const value = randomBytes(32).toString('base64url');
    const now = this.options.now();
    const expiresAt = new Date(now.getTime() + this.options.absoluteMs);
    const id = sha256(value);
    await this.store.sessions.insertOne({ _id: id, staffId: staff._id, createdAt: now, lastSeenAt: now, expiresAt });
    res.cookie(this.cookieName, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.options.secure,
      path: '/',
      // The browser forgets it no later than the server does.
      maxAge: this.options.absoluteMs,
    });
    return { staff, expiresAt, id };
  }

  /** The session the request's cookie names, if it is live and its staff member active; touches it. */
  async find(cookieHeader: string | undefined): Promise<StaffSession | undefined> {
    const value = signedCookie(cookieHeader, this.cookieName);
    if (!value || !/^[A-Za-z0-9_-]{43}$/.test(value)) return undefined;
    const id = sha256(value);
    const session = await this.store.sessions.findOne({ _id: id });
    if (!session) return undefined;
    const now = this.options.now();
    const idleEnd = session.lastSeenAt.getTime() + this.options.idleMs;
    if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= idleEnd) {
      await this.store.sessions.deleteOne({ _id: id });
      return undefined;
    }
    const staff = await this.store.staff.findOne({ _id: session.staffId });
    if (!staff || staff.status !== 'active') {
      await this.store.sessions.deleteMany({ staffId: session.staffId });
      return undefined;
    }
    await this.store.sessions.updateOne({ _id: id }, { $set: { lastSeenAt: now } });
    return { staff, expiresAt: session.expiresAt, id };
  }

  /** Ends one session and clears its cookie. */
  async end(res: Response, id: string): Promise<void> {
    await this.store.sessions.deleteOne({ _id: id });
    this.clear(res);
  }

  clear(res: Response): void {
    res.clearCookie(this.cookieName, { httpOnly: true, sameSite: 'strict', secure: this.options.secure, path: '/' });
  }

  /** Ends every session of a staff member (revoked). */
  async endAllOf(staffId: string): Promise<number> {
    const { deletedCount } = await this.store.sessions.deleteMany({ staffId });
    return deletedCount;
  }

  /** The sessions alive now: neither idle past `idleMs` nor past their absolute expiry (a metric). */
  async countAlive(): Promise<number> {
    const now = this.options.now();
    return this.store.sessions.countDocuments({
      expiresAt: { $gt: now },
      lastSeenAt: { $gt: new Date(now.getTime() - this.options.idleMs) },
    });
  }

  /** Deletes sessions past their absolute expiry (a periodic task: FerretDB has no TTL index). */
  async purge(): Promise<number> {
    const { deletedCount } = await this.store.sessions.deleteMany({ expiresAt: { $lt: this.options.now() } });
    return deletedCount;
  }
}
