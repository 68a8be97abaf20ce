// Sessions, staff and the audit log against real FerretDB, NATS and Mailpit: idle and absolute expiry (the
// service's clock moved), a revoked staff member's sessions ending at once, the Origin check, the sign-in
// rate limit, the `__Host-` cookie over https, and what the audit log holds.
import { startMailpit, type Mailpit } from '../../../../infra/src/testing/mailpit.js';
import { SoftwarePasskey } from './authenticator.js';
import {
  address,
  ConsoleClient,
  firstAdmin,
  invitedStaff,
  startPractice,
  uniqueDb,
  type PracticeService,
} from './harness.js';

const MINUTE_MS = 60_000;

let mailpit: Mailpit;
const running = new Set<PracticeService>();

async function start(label: string, env: Record<string, string> = {}) {
  const email = address(`${label}-admin`);
  const service = await startPractice(uniqueDb(label), {
    SMTP_URL: mailpit.smtpUrl,
    PRACTICE_FIRST_ADMIN_EMAIL: email,
    ...env,
  });
  running.add(service);
  return { service, admin: await firstAdmin(service, mailpit, email), email };
}

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

describe('expiry', () => {
  let service: PracticeService;
  let admin: { client: ConsoleClient; passkey: SoftwarePasskey };

  beforeAll(async () => {
    ({ service, admin } = await start('expiry'));
  });

  test('when a session has been idle for 30 minutes, then it has ended; a request within them keeps it alive', async () => {
    const { client, passkey } = admin;
    service.clock.advance(29 * MINUTE_MS);
    expect((await client.get('/api/practice/me')).status).toBe(200);
    service.clock.advance(29 * MINUTE_MS);
    expect((await client.get('/api/practice/me')).status).toBe(200);
    service.clock.advance(30 * MINUTE_MS);
    expect((await client.get('/api/practice/me')).status).toBe(401);
    // Ended for good: the clock moved back does not revive it.
    service.clock.advance(-30 * MINUTE_MS);
    expect((await client.get('/api/practice/me')).status).toBe(401);
    expect((await client.signIn(passkey)).status).toBe(200);
  });

  test('when a session is 12 hours old, then it has ended however busy it was', async () => {
    const { client, passkey } = admin;
    expect((await client.signIn(passkey)).status).toBe(200);
    const { sessionExpiresAt } = (await (await client.get('/api/practice/me')).json()) as { sessionExpiresAt: string };
    expect(Date.parse(sessionExpiresAt) - service.clock.now().getTime()).toBeGreaterThan(
      12 * 60 * MINUTE_MS - MINUTE_MS,
    );
    // A request every 25 minutes: never idle; 28 of them reach 11 h 40 min, the 29th 12 h 5 min.
    for (let step = 1; step <= 29; step++) {
      service.clock.advance(25 * MINUTE_MS);
      const status = (await client.get('/api/practice/me')).status;
      expect([step, status]).toEqual([step, step < 29 ? 200 : 401]);
    }
    expect((await client.signIn(passkey)).status).toBe(200);
  });
});

describe('staff', () => {
  let service: PracticeService;
  let admin: { client: ConsoleClient; passkey: SoftwarePasskey };
  let adminEmail: string;

  beforeAll(async () => {
    ({ service, admin, email: adminEmail } = await start('staff'));
  });

  test('when an admin revokes a staff member, then her sessions end at once and her passkey signs in no more', async () => {
    const email = address('revoked');
    const { client, passkey, id } = await invitedStaff(admin.client, mailpit, email, 'practitioner');
    const elsewhere = new ConsoleClient(service.url);
    expect((await elsewhere.signIn(passkey)).status).toBe(200);
    expect((await client.get('/api/practice/me')).status).toBe(200);

    const revoked = await admin.client.post(`/api/practice/staff/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await client.get('/api/practice/me')).status).toBe(401);
    expect((await elsewhere.get('/api/practice/me')).status).toBe(401);
    expect((await new ConsoleClient(service.url).signIn(passkey)).status).toBe(401);

    const list = (await (await admin.client.get('/api/practice/staff')).json()) as {
      staff: { id: string; status: string }[];
    };
    expect(list.staff.find((member) => member.id === id)).toMatchObject({ status: 'revoked', passkeys: 0 });
  });

  test('when an admin revokes herself or nobody, then 409 or 404 and nothing changes', async () => {
    const { id } = (await (await admin.client.get('/api/practice/me')).json()) as { id: string };
    expect((await admin.client.post(`/api/practice/staff/${id}/revoke`)).status).toBe(409);
    const nobody = await admin.client.post('/api/practice/staff/00000000-0000-4000-8000-000000000000/revoke');
    expect(nobody.status).toBe(404);
    expect((await admin.client.get('/api/practice/me')).status).toBe(200);
  });

  test('when a practitioner signs in, then she is a practitioner: me answers, the staff list is 403', async () => {
    const { client } = await invitedStaff(admin.client, mailpit, address('pract'), 'practitioner');
    expect(await (await client.get('/api/practice/me')).json()).toMatchObject({ role: 'practitioner' });
    expect((await client.get('/api/practice/staff')).status).toBe(403);
  });

  test('when staff act, then the audit log holds who, what, when and from where, newest first', async () => {
    const invitee = address('audited');
    await admin.client.post('/api/practice/staff/invite', { email: invitee, role: 'practitioner' });
    const res = await admin.client.get('/api/practice/audit?limit=200');
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as {
      entries: { at: string; email?: string; action: string; target?: string; ip: string; userAgent: string }[];
    };
    const actions = entries.map((entry) => entry.action);
    for (const action of ['passkey-registered', 'signed-in', 'staff-invited', 'staff-revoked', 'staff-listed'])
      expect(actions).toContain(action);
    const invited = entries.find((entry) => entry.action === 'staff-invited' && entry.target?.startsWith(invitee))!;
    expect(invited).toMatchObject({
      email: adminEmail,
      ip: expect.stringMatching(/127\.0\.0\.1/),
      userAgent: 'practice-test/1.0',
    });
    expect(Math.abs(Date.parse(invited.at) - service.clock.now().getTime())).toBeLessThan(60_000);
    const times = entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('when a sign-in is refused, then the audit log says so, from where', async () => {
    await new ConsoleClient(service.url).signIn(new SoftwarePasskey('localhost'));
    const { entries } = (await (await admin.client.get('/api/practice/audit?limit=5')).json()) as {
      entries: { action: string; ip: string; staffId?: string }[];
    };
    expect(entries.find((entry) => entry.action === 'sign-in-refused')).toMatchObject({ ip: expect.any(String) });
  });
});

describe('the browser boundary', () => {
  let service: PracticeService;
  let admin: { client: ConsoleClient; passkey: SoftwarePasskey };

  beforeAll(async () => {
    ({ service, admin } = await start('origin', { PRACTICE_SIGN_INS_PER_ADDRESS: '6' }));
  });

  test('when a state-changing call comes from another origin, `null` or none, then 403 and nothing is done', async () => {
    const invitee = address('cross');
    for (const origin of ['https://evil.example', 'null', '']) {
      const res = await admin.client.call(
        'POST',
        '/api/practice/staff/invite',
        { email: invitee, role: 'admin' },
        { origin },
      );
      expect([origin, res.status, (await res.json()).message]).toEqual([
        origin,
        403,
        'This request must come from the practice console itself.',
      ]);
    }
    const signOut = await admin.client.call('POST', '/api/practice/sign-out', {}, { origin: 'https://evil.example' });
    expect(signOut.status).toBe(403);
    expect((await admin.client.get('/api/practice/me')).status).toBe(200);
    const mails = (await mailpit.client.messages()).filter((m) => m.To.some((a) => a.Address === invitee));
    expect(mails).toHaveLength(0);
  });

  test('every answer says noindex and no-store', async () => {
    const res = await admin.client.get('/api/practice/me');
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('when one address tries to sign in too often, then 429 with Retry-After, and the passkey works again in the next window', async () => {
    const client = new ConsoleClient(service.url);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.signIn(new SoftwarePasskey('localhost'))).status);
    // The admin's registration took 2 of the 6, so two attempts (options, verify) of 4 fit.
    expect(statuses).toEqual([401, 401, 429, 429]);
    const refused = await client.post('/api/practice/sign-in/options', {});
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.signIn(admin.passkey)).status).toBe(429);
    service.clock.advance(15 * MINUTE_MS);
    expect((await client.signIn(admin.passkey)).status).toBe(200);
  });
});

describe('over https', () => {
  test('when PUBLIC_URL is https, then the cookie is __Host-, Secure, HttpOnly, SameSite=Strict, Path=/', async () => {
    const email = address('https-admin');
    const service = await startPractice(uniqueDb('https'), {
      SMTP_URL: mailpit.smtpUrl,
      PRACTICE_FIRST_ADMIN_EMAIL: email,
      PUBLIC_URL: 'https://portal.example',
    });
    running.add(service);
    const client = new ConsoleClient(service.url, 'https://portal.example');
    const { inviteTokenFor } = await import('./harness.js');
    const passkey = new SoftwarePasskey('portal.example');
    const res = await client.register(await inviteTokenFor(mailpit, email), passkey);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-hhp_practice=[A-Za-z0-9_-]{43};/);
    for (const part of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(part);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});
