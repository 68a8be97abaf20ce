// The ingest signing scheme (see the README): `x-signature: sha256=<hex HMAC-SHA256 of "<x-timestamp>.<raw body>">`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export type SignatureVerdict =
  | {
      ok: true;
      /** The signature's digest, lower-case hex (what replays are recognised by). */ digest: string;
      timestamp: number;
    }
  | { ok: false; message: string };

export interface SignedRequest {
  secret: string;
  /** The x-timestamp header: unix seconds. */
  timestamp: string | undefined;
  /** The x-signature header. */
  signature: string | undefined;
  /** The body exactly as received. */
  body: Buffer;
  /** How old x-timestamp may be. */
  maxSkewSeconds: number;
  /** How far ahead of the server's clock x-timestamp may be (the sender's clock running fast). */
  maxFutureSeconds: number;
  nowSeconds?: number;
}

function digest(secret: string, timestamp: string, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** The x-signature value for a body sent at `timestamp` (used by tests and by the README's example). */
export function signIngest(secret: string, timestamp: string | number, body: Buffer | string): string {
  return `sha256=${digest(secret, String(timestamp), body).toString('hex')}`;
}

/**
 * Authenticity first (constant-time compare), then freshness: at most `maxSkewSeconds` old and at most
 * `maxFutureSeconds` ahead. A fresh request may still be a replay: the router remembers the signatures it
 * accepted for as long as they stay fresh (seen-signatures.ts).
 */
export function verifyIngestSignature({
  secret,
  timestamp,
  signature,
  body,
  maxSkewSeconds,
  maxFutureSeconds,
  nowSeconds = Math.floor(Date.now() / 1000),
}: SignedRequest): SignatureVerdict {
  if (!signature) return { ok: false, message: `Missing ${SIGNATURE_HEADER} header` };
  if (!timestamp) return { ok: false, message: `Missing ${TIMESTAMP_HEADER} header` };
  if (!TIMESTAMP.test(timestamp)) return { ok: false, message: `${TIMESTAMP_HEADER} must be unix seconds` };
  const hex = SIGNATURE.exec(signature)?.[1];
  if (!hex) return { ok: false, message: `${SIGNATURE_HEADER} must look like sha256=<64 hex digits>` };
  if (!timingSafeEqual(Buffer.from(hex, 'hex'), digest(secret, timestamp, body))) {
    return { ok: false, message: 'Invalid signature' };
  }
  if (nowSeconds - Number(timestamp) > maxSkewSeconds) {
    return { ok: false, message: `Stale request: ${TIMESTAMP_HEADER} is more than ${maxSkewSeconds} s old` };
  }
  if (Number(timestamp) - nowSeconds > maxFutureSeconds) {
    return {
      ok: false,
      message: `Request from the future: ${TIMESTAMP_HEADER} is more than ${maxFutureSeconds} s ahead of the server's clock`,
    };
  }
  return { ok: true, digest: hex.toLowerCase(), timestamp: Number(timestamp) };
}
