// PostgreSQL's SCRAM-SHA-256 password verifiers, computed here so that a password never reaches PostgreSQL's input.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/**
 * What PostgreSQL stores for a SCRAM-SHA-256 password (RFC 5802/7677, as its own `PASSWORD '…'` computes it):
 * given to ALTER ROLE instead of the password, which so never reaches PostgreSQL's input or its log.
 * `salt` is the stored verifier's, to check a password against it.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const iterations = 4096;
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey}:${serverKey}`;
}

/** True when `verifier` (scramVerifier's) was made from `password`. */
export function scramMatches(password: string, verifier: string): boolean {
  const salt = /^SCRAM-SHA-256\$4096:([^$]+)\$/.exec(verifier)?.[1];
  return salt !== undefined && scramVerifier(password, Buffer.from(salt, 'base64')) === verifier;
}
