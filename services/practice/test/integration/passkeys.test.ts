// Staff sign-in with passkeys against real FerretDB, NATS and Mailpit, the authenticator a P-256 key in Node
// (authenticator.ts) and @simplewebauthn/server unmocked: the first admin's invite at start (once), registering
// a passkey with an invite, signing in with it, and each way a ceremony is refused.
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { SoftwarePasskey } from './authenticator.js';
import {
  address,
  ConsoleClient,
  firstAdmin,
  inviteTokenFor,
  ORIGIN,
  RP_ID,
  startPractice,
  uniqueDb,
  type PracticeService,
} from './harness.js';

const HOUR_MS = 60 * 60 * 1000;

let mailpit: Mailpit;
const running = new Set<PracticeService>();

async function start(db: string, env: Record<string, string>) {
  const service = await startPractice(db, { SMTP_URL: mailpit.smtpUrl, ...env });
  running.add(service);
  return service;
}

async function stop(service: PracticeService) {
  running.delete(service);
  await service.close();
}

const invitesTo = async (email: string) =>
  (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === email)).length;

beforeAll(async () => {
  mailpit = await startMailpit();
});

afterAll(async () => {
  for (const service of running) {
    await service.mongo.connection.dropDatabase().catch(() => undefined);
    await service.close();
  }
  await mailpit.stop();
});

describe('the first admin', () => {
  test('when the service starts with no staff and PRACTICE_FIRST_ADMIN_EMAIL, then she gets one invite, not one per restart', async () => {
    const db = uniqueDb('first');
    const email = address('first');
    await stop(await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email }));
    await inviteTokenFor(mailpit, email);
    await stop(await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email }));
    expect(await invitesTo(email)).toBe(1);
  });

  test('when her invite expired unused, then the next start sends a new one and the old link is refused', async () => {
    const db = uniqueDb('expired');
    const email = address('expired');
    const first = await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email });
    const oldToken = await inviteTokenFor(mailpit, email);
    await first.mongo.connection.collection('invites').updateMany({}, { $set: { expiresAt: new Date(0) } });
    await stop(first);

    const second = await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email });
    expect(await invitesTo(email)).toBe(2);
    const client = new ConsoleClient(second.url);
    const refused = await client.register(oldToken, new SoftwarePasskey(RP_ID));
    expect(refused.status).toBe(410);
    expect((await refused.json()).message).toMatch(/used already, or it expired/);
    await stop(second);
  });

  test('when she has registered, then a restart invites nobody', async () => {
    const db = uniqueDb('staffed');
    const email = address('staffed');
    const first = await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email });
    await firstAdmin(first, mailpit, email);
    await first.mongo.connection.collection('invites').updateMany({}, { $set: { expiresAt: new Date(0) } });
    await stop(first);
    await stop(await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email }));
    expect(await invitesTo(email)).toBe(1);
  });
});

describe('when the e-mail cannot be sent', () => {
  test('then the service still starts, an invite is 503 and kept nowhere, and the next start with e-mail invites her', async () => {
    const db = uniqueDb('nomail');
    const email = address('nomail');
    const closed = { SMTP_URL: 'smtp://127.0.0.1:9' };
    const first = await start(db, { ...closed, PRACTICE_FIRST_ADMIN_EMAIL: email });
    expect(await first.mongo.connection.collection('invites').countDocuments()).toBe(0);
    await stop(first);
    const second = await start(db, { PRACTICE_FIRST_ADMIN_EMAIL: email });
    const { client } = await firstAdmin(second, mailpit, email);
    await stop(second);

    const third = await start(db, closed);
    const admin = new ConsoleClient(third.url);
    admin.cookie = client.cookie;
    const res = await admin.post('/api/practice/staff/invite', { email: address('unsent'), role: 'practitioner' });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/could not be sent/);
    expect(await third.mongo.connection.collection('invites').countDocuments({ usedAt: { $exists: false } })).toBe(0);
    await stop(third);
  });
});

describe('registering and signing in', () => {
  let service: PracticeService;
  let admin: { client: ConsoleClient; passkey: SoftwarePasskey };
  const email = address('admin');

  beforeAll(async () => {
    service = await start(uniqueDb('flow'), { PRACTICE_FIRST_ADMIN_EMAIL: email });
    admin = await firstAdmin(service, mailpit, email);
  });

  test('when the invited admin has registered a passkey, then she is signed in as admin, and signs in with it again after signing out', async () => {
    const { client, passkey } = admin;
    const me = await client.get('/api/practice/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, role: 'admin' });

    expect((await client.post('/api/practice/sign-out')).status).toBe(200);
    expect(client.cookie).toBeUndefined();
    expect((await client.get('/api/practice/me')).status).toBe(401);

    const signedIn = await client.signIn(passkey);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^hhp_practice=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(await (await client.get('/api/practice/me')).json()).toMatchObject({ email, role: 'admin' });

    // The session's id is stored only as its hash.
    const value = client.cookie!.split('=')[1]!;
    const stored = await service.mongo.connection.collection('sessions').find({}).toArray();
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(value);
  });

  test('when an invite was used, then it registers nothing more, and a second passkey on it is refused', async () => {
    const invitee = address('once');
    expect(
      (await admin.client.post('/api/practice/staff/invite', { email: invitee, role: 'practitioner' })).status,
    ).toBe(200);
    const token = await inviteTokenFor(mailpit, invitee);
    // Two ceremonies begun on the same invite: only the first one to finish registers.
    const first = new ConsoleClient(service.url);
    const second = new ConsoleClient(service.url);
    const optionsA = await (await first.post('/api/practice/register/options', { token })).json();
    const optionsB = await (await second.post('/api/practice/register/options', { token })).json();
    const keyA = new SoftwarePasskey(RP_ID);
    const keyB = new SoftwarePasskey(RP_ID);
    const a = await first.post('/api/practice/register/verify', {
      token,
      credential: keyA.register(optionsA, { origin: ORIGIN }),
    });
    expect(a.status).toBe(200);
    const b = await second.post('/api/practice/register/verify', {
      token,
      credential: keyB.register(optionsB, { origin: ORIGIN }),
    });
    expect(b.status).toBe(410);
    expect((await second.post('/api/practice/register/options', { token })).status).toBe(410);
    expect((await new ConsoleClient(service.url).signIn(keyB)).status).toBe(401);
    expect((await new ConsoleClient(service.url).signIn(keyA)).status).toBe(200);
  });

  test('when a passkey is made, then only key types whose signatures sign-in reads are offered (no ML-DSA)', async () => {
    const invitee = address('algorithms');
    expect(
      (await admin.client.post('/api/practice/staff/invite', { email: invitee, role: 'practitioner' })).status,
    ).toBe(200);
    const token = await inviteTokenFor(mailpit, invitee);
    const options = await (
      await new ConsoleClient(service.url).post('/api/practice/register/options', { token })
    ).json();
    expect(options.pubKeyCredParams.map(({ alg }: { alg: number }) => alg)).toEqual([-8, -7, -257]);
  });

  test('when an invite is 24 hours old, then it is refused', async () => {
    const invitee = address('late');
    await admin.client.post('/api/practice/staff/invite', { email: invitee, role: 'practitioner' });
    const token = await inviteTokenFor(mailpit, invitee);
    service.clock.advance(24 * HOUR_MS);
    try {
      const res = await new ConsoleClient(service.url).register(token, new SoftwarePasskey(RP_ID));
      expect(res.status).toBe(410);
    } finally {
      service.clock.advance(-24 * HOUR_MS);
    }
  });

  test('when sign-in options are asked for, with `{}` or without a body (it takes none), then fresh options each time', async () => {
    const client = new ConsoleClient(service.url);
    const bare = await client.call('POST', '/api/practice/sign-in/options');
    expect(bare.status).toBe(200);
    const options = await client.post('/api/practice/sign-in/options', {});
    expect(options.status).toBe(200);
    const [first, second] = [await bare.json(), await options.json()];
    expect(second).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(first.challenge).not.toBe(second.challenge);
    expect((await client.post('/api/practice/sign-in/options', { extra: 1 })).status).toBe(400);
  });

  test('when a passkey the server never registered signs in, then 401 and nothing more is said', async () => {
    const res = await new ConsoleClient(service.url).signIn(new SoftwarePasskey(RP_ID));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('This passkey does not sign in to the practice console.');
  });

  test('when an assertion is replayed, was made for another origin, without user verification, or after its challenge expired, then 401', async () => {
    const client = new ConsoleClient(service.url);
    const fresh = async () => (await client.post('/api/practice/sign-in/options', {})).json();
    const verify = (credential: unknown) => client.post('/api/practice/sign-in/verify', { credential });

    const once = admin.passkey.assert(await fresh(), { origin: ORIGIN });
    expect((await verify(once)).status).toBe(200);
    expect((await verify(once)).status).toBe(401);

    expect((await verify(admin.passkey.assert(await fresh(), { origin: 'https://evil.example' }))).status).toBe(401);
    expect((await verify(admin.passkey.assert(await fresh(), { origin: ORIGIN, userVerified: false }))).status).toBe(
      401,
    );
    const made = await fresh();
    service.clock.advance(5 * 60 * 1000 + 1);
    try {
      expect((await verify(admin.passkey.assert(made, { origin: ORIGIN }))).status).toBe(401);
    } finally {
      service.clock.advance(-(5 * 60 * 1000 + 1));
    }
    expect((await verify(admin.passkey.assert(await fresh(), { origin: ORIGIN }))).status).toBe(200);
  });

  test('when one assertion is sent several times at once, then exactly one of them signs in', async () => {
    const client = new ConsoleClient(service.url);
    const options = await (await client.post('/api/practice/sign-in/options', {})).json();
    const credential = admin.passkey.assert(options, { origin: ORIGIN });
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        new ConsoleClient(service.url).post('/api/practice/sign-in/verify', { credential }),
      ),
    ).then((answers) => answers.map((res) => res.status).sort());
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401]);
  });

  test('when a registration comes without user verification or for a challenge never given, then 400 and the invite stays usable', async () => {
    const invitee = address('uv');
    await admin.client.post('/api/practice/staff/invite', { email: invitee, role: 'practitioner' });
    const token = await inviteTokenFor(mailpit, invitee);
    const client = new ConsoleClient(service.url);
    const key = new SoftwarePasskey(RP_ID);
    const options = await (await client.post('/api/practice/register/options', { token })).json();
    const noUv = key.register(options, { origin: ORIGIN, userVerified: false });
    expect((await client.post('/api/practice/register/verify', { token, credential: noUv })).status).toBe(400);
    const forged = key.register(options, { origin: ORIGIN, challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLW91cnM' });
    expect((await client.post('/api/practice/register/verify', { token, credential: forged })).status).toBe(400);
    expect((await client.register(token, key)).status).toBe(200);
  });
});
