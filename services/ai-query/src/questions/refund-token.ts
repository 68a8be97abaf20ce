// The token that gives an admitted spoken question back (rpc.ai.v1.give-back): ai-query keeps nothing per
// process, so the admit's reply carries all that giving the question back needs (the guest's counter, the
// slot taken, the take's name in it and the revision it wrote: quota-counters.ts), with an expiry, signed
// with an HMAC-SHA256 under SUBSCRIBER_COOKIE_SECRET, the secret every replica already has, under a purpose
// of its own (the MAC is over `<purpose>\n<payload>`, so a token can be no subscriber cookie, whose MAC is
// over a payload without a line break, nor the reverse), as the kit's session pass and join token are.
// `<payload, base64url JSON>.<HMAC, base64url>` (the kit's purposeMac). The token is opaque to the caller and never reaches a browser.
import { purposeMac, sameMac } from '@hhp/kit';
import { z } from 'zod';
import type { Refundable } from '../quota/admission.js';

const PURPOSE = 'hhp-ai-give-back:v1';
/** How long an admitted question may be given back: far beyond a Realtime response's first audio. */
export const REFUND_TOKEN_TTL_MS = 5 * 60 * 1000;
const MAX_TOKEN_LENGTH = 1024;

const Payload = z
  .object({
    /** The guest's counter. */
    k: z.string().min(1).max(300),
    /** The slot, the take's name in it, the revision of its write. */
    s: z.string().min(1).max(400),
    o: z.string().min(1).max(200),
    r: z.number().int().positive(),
    /** Expires, unix milliseconds. */
    e: z.number().int().positive(),
  })
  .strict();

const mac = (payload: string, secret: string) => purposeMac(PURPOSE, payload, secret);

export function signRefundToken(refundable: Refundable, secret: string, now = Date.now()): string {
  const { key, slot } = refundable;
  const payload = Buffer.from(
    JSON.stringify({ k: key, s: slot.slot, o: slot.owner, r: slot.revision, e: now + REFUND_TOKEN_TTL_MS }),
  ).toString('base64url');
  return `${payload}.${mac(payload, secret)}`;
}

/** What a genuine, unexpired token gives back; undefined for anything else (forged, altered, expired). */
export function verifyRefundToken(token: unknown, secret: string, now = Date.now()): Refundable | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signature] = parts as [string, string];
  if (!sameMac(signature, mac(payload, secret))) return undefined;
  let parsed: z.infer<typeof Payload>;
  try {
    parsed = Payload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
  } catch {
    return undefined;
  }
  if (parsed.e <= now) return undefined;
  return { key: parsed.k, slot: { slot: parsed.s, owner: parsed.o, revision: parsed.r } };
}
