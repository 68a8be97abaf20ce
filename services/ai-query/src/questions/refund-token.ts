// The token that gives an admitted spoken question back (rpc.ai.v1.give-back): ai-query keeps nothing per
// process, so the admit's reply carries all that giving the question back needs (the guest's counter, the
// slot taken, the take's name in it and the revision it wrote: quota-counters.ts), signed with
// SUBSCRIBER_COOKIE_SECRET, the secret every replica already has, for a purpose of its own, with its expiry
// (the kit's signed-value.ts): `<payload, base64url JSON>.<expires>.<key id><MAC>`. The token is opaque to the
// caller and never reaches a browser. Its earlier form, `<payload with its expiry>.<HMAC>`, verifies within its
// five minutes too.
import { earlierPurposeInput, signValue, signedInEarlierForm, verifyValue, type Secrets } from '@hhp/kit';
import { z } from 'zod';
import type { Refundable } from '../quota/admission.js';

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
  })
  .strict();
/** The earlier form carried its expiry in the payload: unix milliseconds. */
const EarlierPayload = Payload.extend({ e: z.number().int().positive() }).strict();

export function signRefundToken(refundable: Refundable, secrets: Secrets, now = Date.now()): string {
  const { key, slot } = refundable;
  const payload = Buffer.from(JSON.stringify({ k: key, s: slot.slot, o: slot.owner, r: slot.revision })).toString(
    'base64url',
  );
  return signValue(secrets, 'ai-give-back', payload, now + REFUND_TOKEN_TTL_MS);
}

function decoded<T>(schema: z.ZodType<T>, payload: string): T | undefined {
  try {
    return schema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
  } catch {
    return undefined;
  }
}

function earlierForm(token: string, secrets: Secrets, now: number): z.infer<typeof Payload> | undefined {
  const [payload = '', signature, ...rest] = token.split('.');
  if (rest.length > 0) return undefined;
  if (!signedInEarlierForm(secrets, earlierPurposeInput('hhp-ai-give-back:v1', payload), signature, now)) {
    return undefined;
  }
  const parsed = decoded(EarlierPayload, payload);
  return parsed && parsed.e > now ? parsed : undefined;
}

/** What a genuine, unexpired token gives back; undefined for anything else (forged, altered, expired). */
export function verifyRefundToken(token: unknown, secrets: Secrets, now = Date.now()): Refundable | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const payload = verifyValue(secrets, 'ai-give-back', token, { now })?.payload;
  const parsed = payload === undefined ? earlierForm(token, secrets, now) : decoded(Payload, payload);
  return parsed && { key: parsed.k, slot: { slot: parsed.s, owner: parsed.o, revision: parsed.r } };
}
