// LOAD_TEST_ALLOWLIST and content's per-address sign-up limit: an allowlisted load generator signs up as
// many addresses as it sends; another client is still refused after the limit, and one e-mail address is
// still refused after its own limit from anywhere.
import { randomInt, randomUUID } from 'node:crypto';
import { postJson, startContent, uniqueDb, type ContentService } from './harness.js';

let service: ContentService;
const madeUp = () => `made-up-${randomUUID().slice(0, 12)}@example.com`;
const signUp = (email: string, client: string) =>
  postJson(`${service.url}/api/subscribe-email`, { email, source: 'footer' }, { 'x-forwarded-for': client });
// Each run its own addresses inside and outside the listed range (the bucket outlives a run).
const inside = () => `10.77.${randomInt(256)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  service = await startContent(uniqueDb('allowlist'), {
    SIGNUPS_PER_ADDRESS: '3',
    SIGNUPS_PER_EMAIL: '2',
    LOAD_TEST_ALLOWLIST: '10.77.0.0/16',
  });
});

afterAll(async () => {
  await service.mongo.connection.dropDatabase();
  await service.close();
});

test('when an allowlisted client signs up 8 addresses, then all are taken; a client outside the range is refused after 3', async () => {
  const generator = inside();
  const fromGenerator = await Promise.all(Array.from({ length: 8 }, () => signUp(madeUp(), generator)));
  expect(fromGenerator.map((a) => a.status)).toEqual(Array(8).fill(200));

  const other = `10.78.${randomInt(256)}.${randomInt(1, 255)}`;
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await signUp(madeUp(), other)).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
});

test('when an allowlisted client sends one e-mail address 3 times, then the e-mail limit still refuses the 3rd', async () => {
  const email = madeUp();
  const generator = inside();
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await signUp(email, generator)).status);
  expect(statuses).toEqual([200, 200, 429]);
});
