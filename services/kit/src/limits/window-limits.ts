// Rate limits over the clock's fixed windows (an hour by default), counted by slot counters: how many times one
// client address, or one e-mail address, may do something per window. The window's number starts the
// counter's name, so each window counts afresh; what is counted is stored hashed.
import { createHash } from 'node:crypto';
import type { SlotCounters } from './slot-counters.js';

export type WindowAdmission = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The window `now` falls in (windows of `seconds`, aligned to the epoch), and the whole seconds until it ends. */
export function fixedWindow(now: Date, seconds: number): { index: number; secondsLeft: number } {
  const index = Math.floor(now.getTime() / 1000 / seconds);
  return { index, secondsLeft: Math.max(1, (index + 1) * seconds - Math.floor(now.getTime() / 1000)) };
}

/** A key token that names `value` without storing it: 32 base64url characters of its SHA-256. */
export const hashedToken = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 32);

export class WindowLimits {
  constructor(
    private readonly counters: SlotCounters,
    private readonly windowSeconds: number,
  ) {}

  /**
   * Counts one request of `key` (a client address, an e-mail address) under `scope` (`ip`, `email`) in the
   * window `now` falls in; refused with the seconds until that window ends. A limit of 0 counts nothing.
   */
  async admit(scope: string, key: string, limit: number, now = new Date()): Promise<WindowAdmission> {
    if (limit === 0) return { ok: true };
    const { index, secondsLeft } = fixedWindow(now, this.windowSeconds);
    const take = await this.counters.take({ counter: `${index}.${scope}.${hashedToken(key)}`, limit }, now);
    return take.ok ? { ok: true } : { ok: false, retryAfterSeconds: secondsLeft };
  }
}
