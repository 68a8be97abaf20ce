import { createHmac } from 'node:crypto';

/**
 * How events name a visitor: an HMAC of the guestId (or address) under a per-deployment key, so
 * analytics can count distinct visitors without learning who they are.
 */
export function hashVisitor(id: string, key: string): string {
  return createHmac('sha256', key).update(id).digest('hex');
}
