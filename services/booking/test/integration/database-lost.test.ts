// Booking with its database gone, the probe's case (issue 25: availability was a 500 "Internal server error"
// while a stall was a 503): a visitor gets 503 JSON with Retry-After, and the answers come back with the
// database. The suite runs its own PostgreSQL and FerretDB so that it can kill FerretDB; the kit's
// database-lost test has the traffic and PostgreSQL's death.
import { randomUUID } from 'node:crypto';
import { answerOf, startOwnDatabase, type OwnDatabase } from '../../../../infra/src/testing/own-database.js';
import { book, openDays, plusDays, startBooking, takeConsumers, uniqueDb, type BookingService } from './harness.js';

let db: OwnDatabase;
let service: BookingService;
let giveBack: () => Promise<void>;
const aiDays = openDays('ai-session', 40);

beforeAll(async () => {
  db = await startOwnDatabase('booking-db-lost');
  giveBack = await takeConsumers();
  service = await startBooking(uniqueDb('db-lost'), { MONGODB_URI: db.uri });
}, 60_000);

afterAll(async () => {
  await service?.close();
  await giveBack?.();
  await db?.stop();
});

async function ask(target: string) {
  const started = Date.now();
  const res = await fetch(`${service.url}${target}`, { signal: AbortSignal.timeout(15_000) });
  return answerOf(res, started);
}

test('when FerretDB is killed, then availability, the open days and a session answer 503 JSON with Retry-After, not 500, and 200 once it is back', async () => {
  const { date, slots } = aiDays();
  const id = await book(service, 'ai-session', slots[0]!.startsAt);
  const routes = [
    `/api/availability?type=ai-session&date=${date}`,
    `/api/availability/days?type=dr-helen&from=${date}&to=${plusDays(date, 30)}`,
    `/api/session/${id}`,
  ];
  for (const route of routes) expect((await ask(route)).status).toBe(200);

  db.ferret.process.child.kill('SIGKILL');
  await db.ferret.stop();
  const down = await Promise.all([...routes, ...routes].map((route) => ask(route)));
  for (const answer of down) {
    expect(answer).toMatchObject({
      status: 503,
      retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      contentType: 'application/json; charset=utf-8',
      body: { message: expect.stringMatching(/\S/) },
    });
    expect(answer.ms).toBeLessThan(3500);
  }

  await db.restartFerret();
  const back = Date.now();
  for (;;) {
    const answers = await Promise.all(routes.map((route) => ask(route)));
    if (answers.every((answer) => answer.status === 200)) break;
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503)).toEqual([]);
    expect(Date.now() - back).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);

// A fresh id: the session route's 404 is the service's own, not the database's.
test('when the database is back, then an unknown session is 404 again', async () => {
  expect((await ask(`/api/session/${randomUUID()}`)).status).toBe(404);
});
