// The ICE servers a call is given: the static ones of VOICE_ICE_SERVERS, and, when a TURN server shares a
// secret with the service (coturn's `use-auth-secret` + `static-auth-secret`, the "TURN REST API" of
// draft-uberti-behave-turn-rest), a credential minted for this call alone: the username is the expiry (Unix
// seconds) and the session id, the password the base64 HMAC-SHA1 of the username under the shared secret. The
// TURN server checks it without asking anyone; it stops working at its expiry, so a credential copied out of a
// page is of no use for long, and nothing long-lived ever reaches the browser.
import { createHmac } from 'node:crypto';
import type { IceServer } from '@hhp/proto';

export interface TurnSecret {
  /** The TURN server's addresses (`turn:turn.example:3478?transport=udp`, `turns:turn.example:5349`). */
  urls: readonly string[];
  /** coturn's `static-auth-secret`. */
  secret: string;
  /** How long a minted credential works. */
  ttlSeconds: number;
}

/** The username and password a TURN server with `secret` accepts until `expiresAt` (Unix seconds). */
export function turnCredential(secret: string, expiresAt: number, sessionId: string) {
  const username = `${expiresAt}:${sessionId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** Gives each call its ICE servers: the static ones, then a TURN server with a credential of the call's own. */
export function iceServersFor(
  staticServers: readonly IceServer[],
  turn: TurnSecret | undefined,
  now: () => number = Date.now,
): (sessionId: string) => IceServer[] {
  return (sessionId) => {
    const servers = staticServers.map((server) => ({ ...server }));
    if (!turn || turn.urls.length === 0) return servers;
    const expiresAt = Math.floor(now() / 1000) + turn.ttlSeconds;
    return [...servers, { urls: [...turn.urls], ...turnCredential(turn.secret, expiresAt, sessionId) }];
  };
}
