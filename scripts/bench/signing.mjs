// The portal's signed values (BENCHMARKS.md, "Signed values"): the kit's signing module against JOSE's
// HS256 compact JWS (the `jose` package) and the hand-written forms it replaced, for the values the portal
// signs: the length of each (links go in e-mails and URLs) and the process's CPU per sign and per verify, in
// alternating rounds (the median and the spread of the rounds).
// `tsc -b` first. jose is not a dependency of the portal: without it the jose columns are left out; to include
// them, install it outside the checkout and name its module:
//   npm install --prefix /tmp/jose-bench jose@6.2.17
//   node scripts/bench/signing.mjs [--rounds 9] [--ops 20000] [--jose /tmp/jose-bench/node_modules/jose/dist/webapi/index.js]
import { createHmac, timingSafeEqual } from 'node:crypto';
import { signDetached, signValue, verifyDetached, verifyValue } from '../../services/kit/dist/signing/signed-value.js';
import { describeMachine } from './lib/machine.mjs';
import { benchOptions } from './lib/options.mjs';

const { rounds: ROUNDS, ops: OPS, jose: JOSE_MODULE } = benchOptions({ rounds: 9, ops: 20000, jose: undefined });

async function loadJose() {
  try {
    return await import(JOSE_MODULE ?? 'jose');
  } catch {
    return undefined;
  }
}
const jose = await loadJose();

const SECRET = 'a-secret-of-the-portal-of-at-least-32-chars';
const NOW = Date.UTC(2026, 10, 27);
const HOUR = 3_600_000;
const b64 = (text) => Buffer.from(text).toString('base64url');
const earlierMac = (input) => createHmac('sha256', SECRET).update(input).digest('base64url');

/** Each value the portal signs: its payload, expiry, whether a link carries the payload beside the token. */
const VALUES = [
  { name: 'join link token (booking id beside it)', purpose: 'session-join', payload: 'a'.repeat(24), detached: true },
  {
    name: 'change-or-cancel link token (booking id beside it)',
    purpose: 'booking-manage',
    payload: 'a'.repeat(24),
    detached: true,
  },
  {
    name: 'session pass cookie',
    purpose: 'session-pass',
    payload: `${'a'.repeat(24)}.${'b'.repeat(22)}.1795000000`,
    expires: NOW + HOUR,
  },
  {
    name: 'subscriber cookie',
    purpose: 'subscriber',
    payload: b64('cus_T9aXk2LmQ8wE1r'),
    expires: NOW + 400 * 24 * HOUR,
  },
  { name: '"Manage subscription" link token', purpose: 'subscription-manage', payload: b64('cus_T9aXk2LmQ8wE1r') },
  { name: 'checkout cookie', purpose: 'checkout-started', payload: `cs_test_${'a'.repeat(58)}` },
  {
    name: 'completion token',
    purpose: 'subscription-complete',
    payload: `cus_T9aXk2LmQ8wE1r.${'c'.repeat(22)}.${b64('a'.repeat(24))}`,
    expires: NOW + HOUR,
  },
  {
    name: 'refund token',
    purpose: 'ai-give-back',
    payload: b64(
      JSON.stringify({
        k: 'guest:abcdefghijklmnopqrstu',
        s: '2026-11-27.guest=3aabcdefghijklmnopqrstu.2',
        o: 'AbCdEfGhIjKl.17',
        r: 42,
      }),
    ),
    expires: NOW + 5 * 60_000,
  },
  { name: 'unsubscribe link token', purpose: 'list-unsubscribe', payload: 'f'.repeat(24) },
  { name: 'confirm link token', purpose: 'list-confirm', payload: `${'f'.repeat(24)}.${'d'.repeat(16)}` },
];

/** The length of the value in the form its module wrote before: payload, expiry where it had one, a 43-character MAC. */
function earlierLength(v) {
  if (v.detached) return 43;
  if (v.purpose === 'ai-give-back') {
    const withExpiry = { ...JSON.parse(Buffer.from(v.payload, 'base64url').toString()), e: v.expires };
    return b64(JSON.stringify(withExpiry)).length + 44;
  }
  return v.payload.length + (v.expires === undefined ? 0 : 11) + 44;
}

async function joseToken(v) {
  const claims = { sub: v.payload, ...(v.expires && { exp: Math.floor(v.expires / 1000) }) };
  const key = new TextEncoder().encode(SECRET);
  const jws = await new jose.SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
    .setAudience(v.purpose)
    .sign(key);
  return v.detached ? jws.length - b64(JSON.stringify(claims)).length : jws.length;
}

const signOf = (v) => (v.detached ? signDetached : signValue)(SECRET, v.purpose, v.payload, v.expires ?? 'never');

console.log(await describeMachine());
console.log(
  '\nLength of each value, characters (JWS: header {alg, kid}, claims {sub, exp?, aud: the purpose}; detached: without its claims)',
);
console.log(['value', 'earlier form', 'kit signing', jose ? 'jose HS256 JWS' : 'jose (not installed)'].join(' | '));
for (const v of VALUES) {
  const ours = signOf(v).length;
  console.log([v.name, earlierLength(v), ours, jose ? await joseToken(v) : '-'].join(' | '));
}

/** Microseconds of this process's CPU (user and system) per call of `fn`, run OPS times (awaited when it returns a promise). */
async function perOp(fn) {
  const start = process.cpuUsage();
  for (let i = 0; i < OPS; i++) {
    const out = fn(i);
    if (out instanceof Promise) await out;
  }
  const { user, system } = process.cpuUsage(start);
  return (user + system) / OPS;
}

const subscriber = VALUES.find((v) => v.name === 'subscriber cookie');
const kitToken = signOf(subscriber);
const joinToken = signOf(VALUES[0]);
const earlierInput = `${subscriber.payload}.${Math.floor(subscriber.expires / 1000)}`;
const earlierToken = `${earlierInput}.${earlierMac(earlierInput)}`;
const joseKey = new TextEncoder().encode(SECRET);
const joseJws = jose
  ? await new jose.SignJWT({ sub: subscriber.payload, exp: Math.floor(subscriber.expires / 1000) })
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setAudience('subscriber')
      .sign(joseKey)
  : undefined;

const cases = {
  'kit sign': () => signValue(SECRET, 'subscriber', subscriber.payload, subscriber.expires),
  'kit verify': () => verifyValue(SECRET, 'subscriber', kitToken, { now: NOW }),
  'kit verify detached': () => verifyDetached(SECRET, 'session-join', 'a'.repeat(24), joinToken, { now: NOW }),
  'earlier sign': () => `${earlierInput}.${earlierMac(earlierInput)}`,
  'earlier verify': () => {
    const [id, exp, mac] = earlierToken.split('.');
    const expected = Buffer.from(earlierMac(`${id}.${exp}`));
    return timingSafeEqual(Buffer.from(mac), expected);
  },
  ...(jose && {
    'jose sign': () =>
      new jose.SignJWT({ sub: subscriber.payload, exp: Math.floor(subscriber.expires / 1000) })
        .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
        .setAudience('subscriber')
        .sign(joseKey),
    'jose verify': () =>
      jose.jwtVerify(joseJws, joseKey, { audience: 'subscriber', algorithms: ['HS256'], currentDate: new Date(NOW) }),
  }),
};

const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
for (const fn of Object.values(cases)) await perOp(fn); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, fn] of Object.entries(cases)) samples[name].push(await perOp(fn));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `\nCPU per call, microseconds of the process's CPU (${ROUNDS} alternating rounds of ${OPS} calls: median, min-max)`,
);
for (const [name, xs] of Object.entries(samples)) {
  console.log(`${name} | ${median(xs).toFixed(2)} | ${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`);
}
