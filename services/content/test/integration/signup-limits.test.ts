// The sign-up limits (signup-limits.ts) with the content service's own NATS user and bucket. Every request
// of a test comes from a client address of its own (X-Forwarded-For from loopback, which the kit trusts by
// default), so suites and earlier runs sharing the bucket do not count against each other.
import { randomInt, randomUUID } from 'node:crypto';
import { postJson, startContent, uniqueDb, type ContentService } from './harness.js';

const PER_ADDRESS = 5;
const PER_EMAIL = 2;
const LIMITED = { SIGNUPS_PER_ADDRESS: String(PER_ADDRESS), SIGNUPS_PER_EMAIL: String(PER_EMAIL) };

let service: ContentService;
let replica: ContentService;

const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const madeUp = () => `made-up-${randomUUID().slice(0, 12)}@example.com`;
const subscribers = () => service.mongo.connection.db!.collection('subscribers');
const signUp = (email: string, client: string, target: ContentService = service) =>
  postJson(`${target.url}/api/subscribe-email`, { email, source: 'footer' }, { 'x-forwarded-for': client });

beforeAll(async () => {
  const db = uniqueDb('limits');
  [service, replica] = await Promise.all([startContent(db, LIMITED), startContent(db, LIMITED)]);
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await Promise.all([service.close(), replica.close()]);
});

describe('sign-up limits', () => {
  test('when one client sends 30 made-up addresses at once, then exactly 5 are stored and the rest get 429 with Retry-After', async () => {
    const client = clientAddress();
    const emails = Array.from({ length: 30 }, madeUp);
    const answers = await Promise.all(emails.map((email) => signUp(email, client)));

    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - PER_ADDRESS);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toEqual({ message: 'Too many sign-ups from here. Please try again later.' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await subscribers().countDocuments({ email: { $in: emails } })).toBe(PER_ADDRESS);
  });

  test('when another client signs up meanwhile, then it is not held back by the first', async () => {
    const busy = clientAddress();
    for (let i = 0; i < PER_ADDRESS; i++) await signUp(madeUp(), busy);
    expect((await signUp(madeUp(), busy)).status).toBe(429);

    expect((await signUp(madeUp(), clientAddress())).status).toBe(200);
  });

  test('when one e-mail address is sent from many clients, then it is refused after 2, with the same answer as the per-client limit, whether or not it is on the list', async () => {
    const listed = madeUp();
    const unlisted = madeUp();
    const forListed = [];
    for (let i = 0; i < PER_EMAIL + 1; i++) forListed.push(await signUp(listed, clientAddress()));
    expect(forListed.map((a) => a.status)).toEqual([200, 200, 429]);

    // An address never stored, refused by its client's limit: the same status, headers and body.
    const client = clientAddress();
    for (let i = 0; i < PER_ADDRESS; i++) await signUp(madeUp(), client);
    const forUnlisted = await signUp(unlisted, client);
    expect(forUnlisted.status).toBe(429);
    expect(await subscribers().countDocuments({ email: unlisted })).toBe(0);

    const last = forListed[PER_EMAIL]!;
    expect(await forUnlisted.json()).toEqual(await last.json());
    expect([...forUnlisted.headers.keys()].sort()).toEqual([...last.headers.keys()].sort());
  });

  test('when one mailbox is signed up under plus-addressed aliases from many clients, then they count as one e-mail address, and each is stored as typed', async () => {
    const mailbox = `alias-${randomUUID().slice(0, 12)}`;
    const aliases = [`${mailbox}+1@example.com`, `${mailbox}+2@Example.COM`, `${mailbox}+news@example.com`];
    const answers = [];
    for (const alias of aliases) answers.push(await signUp(alias, clientAddress()));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    const stored = await subscribers()
      .find({ email: { $regex: `^${mailbox}` } })
      .toArray();
    expect(stored.map((doc) => doc.email as string).sort()).toEqual([
      `${mailbox}+1@example.com`,
      `${mailbox}+2@example.com`,
    ]);
  });

  test('when a Gmail mailbox is signed up with dots, a tag, upper case and googlemail.com, then they count as one e-mail address', async () => {
    const name = `dots${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const spelled = `${name.slice(0, 2)}.${name.slice(2, 5)}.${name.slice(5)}`;
    const answers = [];
    for (const email of [`${name}@gmail.com`, `${spelled}+x@googlemail.com`, `${spelled.toUpperCase()}@GMail.com`]) {
      answers.push(await signUp(email, clientAddress()));
    }

    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
  });

  test('when two addresses differ by a dot outside Gmail, then they are two e-mail addresses', async () => {
    const name = `d${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const dotted = `${name.slice(0, 4)}.${name.slice(4)}@example.com`;
    const answers = [];
    for (const email of [dotted, dotted, `${name}@example.com`]) answers.push(await signUp(email, clientAddress()));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });

  test('when a client rotates through the IPv6 addresses of its /64, then they count as one client', async () => {
    const network = `2001:db8:${randomInt(65536).toString(16)}:${randomInt(65536).toString(16)}`;
    const answers = [];
    for (let i = 1; i <= PER_ADDRESS + 3; i++) answers.push(await signUp(madeUp(), `${network}::${i.toString(16)}`));

    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_ADDRESS);
  });

  test('when a client alternates between two replicas, then they share one count', async () => {
    const client = clientAddress();
    const answers = [];
    for (let i = 0; i < 2 * PER_ADDRESS; i++) answers.push(await signUp(madeUp(), client, i % 2 ? replica : service));

    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_ADDRESS);
  });

  test('when a request is refused for bad input, then it does not count', async () => {
    const client = clientAddress();
    for (let i = 0; i < PER_ADDRESS + 2; i++) {
      expect(
        (await postJson(`${service.url}/api/subscribe-email`, { email: 'nope' }, { 'x-forwarded-for': client })).status,
      ).toBe(400);
    }
    expect((await signUp(madeUp(), client)).status).toBe(200);
  });
});
