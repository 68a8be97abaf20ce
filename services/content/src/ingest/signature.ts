// The ingest signing scheme (see the README): `x-signature: sha256=<hex HMAC-SHA256 of "<x-timestamp>.<raw body>">`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';

const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

export type SignatureVerdict = { ok: true } | { ok: false; message: string };

export interface SignedRequest {
  secret: string;
  /** The x-timestamp header: unix seconds. */
  timestamp: string | undefined;
  /** The x-signature header. */
  signature: string | undefined;
  /** The body exactly as received. */
  body: Buffer;
  maxSkewSeconds: number;
  nowSeconds?: number;
}

function digest(secret: string, timestamp: string, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** The x-signature value for a body sent at `timestamp` (used by tests and by the README's example). */
export function signIngest(secret: string, timestamp: string | number, body: Buffer | string): string {
  return `sha256=${digest(secret, String(timestamp), body).toString('hex')}`;
}

/** Authenticity first (constant-time compare), then freshness, so a replayed request is refused too. */
export function verifyIngestSignature({
  secret,
  timestamp,
  signature,
  body,
  maxSkewSeconds,
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
  if (Math.abs(nowSeconds - Number(timestamp)) > maxSkewSeconds) {
    return { ok: false, message: `Stale request: ${TIMESTAMP_HEADER} is more than ${maxSkewSeconds} s from now` };
  }
  return { ok: true };
}
