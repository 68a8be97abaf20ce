// The keys of the portal's signed values, from the services' secret settings (SESSION_PASS_SECRET,
// BOOKING_LINK_SECRET, LIST_TOKEN_SECRET, SUBSCRIBER_COOKIE_SECRET and its _PREVIOUS_SECRET). A setting holds one
// secret, or several separated by commas, the newest first: a value is signed with the newest and verified with
// any, so a secret is rotated by putting the new one in front, and retired by removing it once what it signed
// has expired (or may stop working). Each key has an id of two characters, carried in the signed value, so a
// verifier computes one MAC, and knows whether the newest key signed it.
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/** A setting's value, or several (the current setting, then the previous one); unset ones sign nothing. */
export type Secrets = string | undefined | readonly (string | undefined)[];

export interface SigningKey {
  /** Two base64url characters derived from the secret: which key signed a value. */
  readonly id: string;
  /**
   * The MAC key of this module's values: derived from the secret, so it is no other use's key (a KeyObject:
   * node:crypto takes one several times faster than a Buffer, BENCHMARKS.md "Signed values").
   */
  readonly macKey: KeyObject;
  /** The secret itself: the key of the values signed before this module (legacy.ts). */
  readonly secret: string;
}

/** The newest key first: it signs; every key verifies. */
export type KeyRing = readonly [SigningKey, ...SigningKey[]];

export const MIN_SECRET_LENGTH = 32;
export const KEY_ID_LENGTH = 2;

/** The secrets a setting holds, the newest first (comma-separated, blanks around them ignored). */
export function secretsOf(setting: string): string[] {
  return setting
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
}

function keyOf(secret: string): SigningKey {
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`a signing secret has at least ${MIN_SECRET_LENGTH} characters`);
  const derived = createHmac('sha256', secret).update('hhp-signing-key:v2').digest();
  const id = createHmac('sha256', derived).update('id').digest('base64url').slice(0, KEY_ID_LENGTH);
  return { id, macKey: createSecretKey(derived), secret };
}

const rings = new Map<string, KeyRing | undefined>();

/** The key ring of `secrets`; undefined when none is set (nothing can be signed or verified). */
export function keyRing(secrets: Secrets): KeyRing | undefined {
  const list = typeof secrets === 'string' || secrets === undefined ? [secrets] : secrets;
  const cacheKey = typeof secrets === 'string' ? secrets : list.map((s) => s ?? '').join('\n');
  if (rings.has(cacheKey)) return rings.get(cacheKey);
  const keys = list.flatMap((setting) => (setting ? secretsOf(setting) : [])).map(keyOf);
  const ring = keys.length > 0 ? (keys as unknown as KeyRing) : undefined;
  // A process has a handful of settings; tests make more, and the map never grows past a few dozen.
  if (rings.size >= 64) rings.clear();
  rings.set(cacheKey, ring);
  return ring;
}
