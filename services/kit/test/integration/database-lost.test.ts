// A service built on the kit whose database goes away under traffic: to a visitor that is the same as a
// stall, a 503 JSON answer with Retry-After, soon, never a 500; and once the database is back, answers again.
// The suite runs its own PostgreSQL and FerretDB (as `npm start` does) so that it can kill them.
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { Schema } from 'mongoose';
import { pino } from 'pino';
import type { z } from 'zod';
import {
  answerOf,
  startOwnDatabase,
  type Answer,
  type OwnDatabase,
} from '../../../../infra/src/testing/own-database.js';
import { orUnavailable, serviceConfig, startService, type RunningService } from '../../src/index.js';

type Config = z.output<ReturnType<typeof serviceConfig>>;

let db: OwnDatabase;
let service: RunningService<Config>;
/** The service's error lines (a 500's error, should one come): shown when an answer is wrong. */
const logged: { err?: { type?: string; message?: string; code?: unknown } }[] = [];
beforeAll(async () => {
  db = await startOwnDatabase('kit-db-lost');
  service = await startService({
    name: 'kit-db-lost-test',
    config: {
      ...serviceConfig('kit-db-lost-test', 0).parse({}),
      PORT: 0,
      MONGODB_URI: db.uri,
      NATS_URL: process.env.NATS_URL!,
      MONGODB_DB: `kit-db-lost-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'error',
    },
    logger: pino(
      { level: 'error' },
      { write: (line: string) => logged.push(JSON.parse(line) as (typeof logged)[number]) },
    ),
    setup: ({ mongo }) => {
      const Item = mongo.connection.model('Item', new Schema({ _id: String, n: Number }, { versionKey: false }));
      const router = Router();
      // A read and a write with no deadline of their own, and a read within a route's deadline.
      router.get('/api/items', async (_req, res) => {
        res.json({ count: await Item.countDocuments() });
      });
      router.post('/api/items', async (_req, res) => {
        await Item.create({ _id: randomUUID(), n: 1 });
        res.json({ stored: true });
      });
      router.get('/api/items/first', async (_req, res) => {
        const item = await orUnavailable(1500, Item.findOne().lean(), 'Items are unavailable right now');
        res.json({ item });
      });
      // A command the database refuses while it is up (PostgreSQL takes no NUL in text): a bug, not an outage.
      router.post('/api/items/nul', async (_req, res) => {
        await Item.create({ _id: 'a\u0000b', n: 1 });
        res.json({ stored: true });
      });
      return { routers: [router] };
    },
  });
}, 60_000);

afterAll(async () => {
  await service?.close();
  await db?.stop();
});

async function ask(method: 'GET' | 'POST', target: string): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${service.url}${target}`, {
    method,
    ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  return answerOf(res, started);
}

const ROUTES = [
  ['GET', '/api/items'],
  ['POST', '/api/items'],
  ['GET', '/api/items/first'],
] as const;

/** Visitors asking each route in turn, until stopped; every answer is kept. */
function traffic(visitors: number) {
  const answers: (Answer & { route: string })[] = [];
  let running = true;
  const loops = Array.from({ length: visitors }, async (_, v) => {
    for (let i = v; running; i++) {
      const [method, target] = ROUTES[i % ROUTES.length]!;
      const answer = await ask(method, target).catch((err: Error) => ({
        status: 0,
        retryAfter: null,
        contentType: null,
        body: err.message,
        ms: 0,
      }));
      answers.push({ ...answer, route: `${method} ${target}` });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function untilAnswered(deadlineMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < deadlineMs) {
    const answers = await Promise.all(ROUTES.map(([method, target]) => ask(method, target)));
    if (answers.every((answer) => answer.status === 200)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`not answering ${deadlineMs} ms after the database came back`);
}

function expectOnly200Or503(answers: readonly (Answer & { route: string })[]) {
  const wrong = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
  // With the service's error lines when one is wrong: what the 500 was.
  const errors = logged
    .map(({ err }) => `${err?.type} ${String(err?.code)}: ${err?.message?.slice(0, 300)}`)
    .filter((line) => !/^(HttpError|MongoServerSelectionError|MongoNetworkError) |status code 503/.test(line));
  const report = wrong.map(({ route, status, body }) => ({ route, status, body }));
  expect(report.length === 0 ? [] : { wrong: report, errors }).toEqual([]);
  const unavailable = answers.filter((answer) => answer.status === 503);
  expect(unavailable.length).toBeGreaterThan(0);
  for (const answer of unavailable) {
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    expect(answer.body).toEqual({ message: expect.stringMatching(/\S/) });
  }
  return unavailable;
}

describe('when the database goes away mid-traffic', () => {
  test('when the database refuses a command while it answers, then that stays a 500 (no Retry-After: a retry would fail alike)', async () => {
    const answer = await ask('POST', '/api/items/nul');
    expect(answer.status).toBe(500);
    expect(answer.retryAfter).toBeNull();
    expect(answer.body).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.' });
    logged.length = 0;
  });

  beforeEach(() => {
    logged.length = 0;
  });

  test('when FerretDB is killed, then visitors get 503 JSON with Retry-After within a few seconds, never a 500, and 200 once it is back', async () => {
    await untilAnswered(5000);
    const load = traffic(4);
    await sleep(300);
    db.ferret.process.child.kill('SIGKILL');
    await sleep(4000);
    // Asked while it is down: each answer comes without waiting for mongoose's 10 s buffer.
    const down = await Promise.all(ROUTES.map(([method, target]) => ask(method, target)));
    await db.restartFerret();
    const recoveredInMs = await untilAnswered(15_000);
    await load.stop();

    const unavailable = expectOnly200Or503(load.answers);
    for (const answer of down) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
      expect(answer.ms).toBeLessThan(3500);
    }
    expect(Math.max(...unavailable.map((answer) => answer.ms))).toBeLessThan(3500);
    expect(recoveredInMs).toBeLessThan(5000);
  }, 60_000);

  test('when PostgreSQL under FerretDB is killed, then visitors get 503 JSON with Retry-After, never a 500, and 200 once it is back', async () => {
    await untilAnswered(5000);
    const load = traffic(4);
    await sleep(300);
    // Immediate shutdown: the server and its backends go at once, no checkpoint, recovery at the next start
    // (a SIGKILL of the postmaster alone would leave its backends holding the shared memory).
    db.postgres.process.child.kill('SIGQUIT');
    await sleep(4000);
    const down = await Promise.all(ROUTES.map(([method, target]) => ask(method, target)));
    await db.restartPostgres();
    const recoveredInMs = await untilAnswered(20_000);
    await load.stop();

    const unavailable = expectOnly200Or503(load.answers);
    for (const answer of down) {
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(3500);
    }
    expect(Math.max(...unavailable.map((answer) => answer.ms))).toBeLessThan(3500);
    expect(recoveredInMs).toBeLessThan(15_000);
  }, 60_000);
});
