import { createHmac } from 'node:crypto';
import { iceServersFor, turnCredential } from '../../src/rtc/ice-servers.js';

const STATIC = [{ urls: 'stun:stun.example:3478' }];
const TURN = {
  urls: ['turn:turn.example:3478?transport=udp', 'turns:turn.example:5349'],
  secret: 's3cret',
  ttlSeconds: 900,
};
const NOW = Date.UTC(2026, 10, 26, 20, 0, 0);

describe('the ICE servers of a call', () => {
  test('when no TURN secret is configured, then each call gets the static servers, as copies', () => {
    const forCall = iceServersFor(STATIC, undefined);
    const servers = forCall('a');
    expect(servers).toEqual(STATIC);
    servers[0]!.urls = 'changed';
    expect(forCall('b')).toEqual(STATIC);
  });

  test('when a TURN secret is configured, then each call gets a credential of its own that expires after the TTL', () => {
    const forCall = iceServersFor(STATIC, TURN, () => NOW);
    const [stun, turn] = forCall('session-1');
    expect(stun).toEqual(STATIC[0]);
    const expiresAt = NOW / 1000 + 900;
    expect(turn).toEqual({
      urls: TURN.urls,
      username: `${expiresAt}:session-1`,
      credential: createHmac('sha1', 's3cret').update(`${expiresAt}:session-1`).digest('base64'),
    });
    expect(forCall('session-2')[1]!.username).toBe(`${expiresAt}:session-2`);
    expect(forCall('session-2')[1]!.credential).not.toBe(turn!.credential);
  });

  test('when the credential is checked as coturn checks it, then only the shared secret gives the same password', () => {
    // base64(HMAC-SHA1(secret, username)) as coturn computes it; the value was computed with Python's hmac.
    expect(turnCredential('north', 1_700_000_000, 'call')).toEqual({
      username: '1700000000:call',
      credential: createHmac('sha1', 'north').update('1700000000:call').digest('base64'),
    });
    expect(turnCredential('north', 1_700_000_000, 'call').credential).toBe('sOQHRpLXVWqqKGRBoMoDfQmJyo0=');
    expect(turnCredential('south', 1_700_000_000, 'call').credential).not.toBe('sOQHRpLXVWqqKGRBoMoDfQmJyo0=');
  });

  test('when a call is given its servers, then the shared secret is not among them', () => {
    const servers = iceServersFor([], TURN, () => NOW)('x');
    expect(JSON.stringify(servers)).not.toContain('s3cret');
  });
});
