// rpc.content.v1.practice-list against real FerretDB and NATS, asked as practice's own NATS user (the catalogue's
// permissions): the confirmed addresses only, each with its consent record, in e-mail order, paged by offset and
// by the last address; a request that is not the schema's is refused here too (content does not trust practice's
// input); and a long list walked page by page from one query (50,000 addresses for the figure in BENCHMARKS.md).
import { jest } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectOptions } from '@hhp/kit';
import { PracticeListRpcResponse, RpcSubjects, type ListedAddress } from '@hhp/proto';
import { startOwnNats, type OwnNats } from '../../../../infra/src/testing/own-nats.js';
import { subscriberModel, type SubscriberDocument } from '../../src/subscribers/subscriber.model.js';
import { startContent, uniqueDb, type ContentService } from './harness.js';

// A nats-server of the suite's own: the request goes to one member of content's queue group, and on the shared
// server that may be another suite's content service, with another database.
let nats: OwnNats;
let service: ContentService | undefined;
let practice: NatsConnection;

/** Connected as the practice service's own NATS user: what it may ask is what the catalogue grants. */
async function asPractice(): Promise<NatsConnection> {
  const env = nats.envFor('practice');
  return connect(natsConnectOptions(env.NATS_URL!, { user: env.NATS_USER!, password: env.NATS_PASSWORD! }));
}

const start = (suite: string) => startContent(uniqueDb(suite), nats.envFor('content'));

async function ask(request: unknown): Promise<{ ok: boolean; data?: unknown; status?: number; message?: string }> {
  const reply = await practice.request(RpcSubjects.practiceList, JSON.stringify(request), { timeout: 300_000 });
  return reply.json();
}

async function page(request: unknown) {
  const reply = await ask(request);
  expect(reply).toMatchObject({ ok: true });
  return PracticeListRpcResponse.parse(reply.data);
}

const at = (iso: string) => new Date(iso);
const subscriber = (email: string, extra: Partial<SubscriberDocument> = {}): SubscriberDocument => ({
  email,
  source: 'footer',
  subscribedAt: at('2026-11-01T10:00:00Z'),
  consent: [{ action: 'signup', at: at('2026-11-01T10:00:00Z'), via: 'sign-up form (footer)' }],
  ...extra,
});
const confirmedAt = at('2026-11-01T10:05:00Z');
const confirmStep = { action: 'confirm' as const, at: confirmedAt, via: 'confirmation link' };

beforeAll(async () => {
  nats = await startOwnNats('content-practice-list', { users: true });
  service = await start('practice-list');
  practice = await asPractice();
});

afterAll(async () => {
  await practice?.close();
  await stop(service);
  await nats?.remove();
});

async function stop(running: ContentService | undefined) {
  if (!running) return;
  await running.mongo.connection.dropDatabase();
  await running.close();
}

describe('rpc.content.v1.practice-list', () => {
  beforeAll(async () => {
    const subscribers = subscriberModel(service!.mongo.connection);
    await subscribers.insertMany([
      subscriber('carol@example.com', { confirmedAt, consent: [subscriber('x').consent![0]!, confirmStep] }),
      subscriber('alice@example.com', {
        source: 'hero',
        confirmedAt,
        consent: [subscriber('x').consent![0]!, confirmStep],
      }),
      subscriber('unconfirmed@example.com'),
      subscriber('left@example.com', {
        confirmedAt,
        unsubscribedAt: at('2026-11-02T08:00:00Z'),
        consent: [
          subscriber('x').consent![0]!,
          confirmStep,
          { action: 'unsubscribe', at: at('2026-11-02T08:00:00Z'), via: 'one-click unsubscribe' },
        ],
      }),
      subscriber('bob@example.com', { confirmedAt, consent: undefined }),
    ]);
  });

  test('when practice asks for the list, then it gets the confirmed addresses only, in e-mail order, each with its consent record', async () => {
    const answer = await page({ limit: 10 });
    expect(answer.total).toBe(3);
    expect(answer.addresses.map((a) => a.email)).toEqual(['alice@example.com', 'bob@example.com', 'carol@example.com']);
    expect(answer.addresses[0]).toEqual<ListedAddress>({
      email: 'alice@example.com',
      source: 'hero',
      subscribedAt: '2026-11-01T10:00:00.000Z',
      confirmedAt: '2026-11-01T10:05:00.000Z',
      consent: [
        { action: 'signup', at: '2026-11-01T10:00:00.000Z', via: 'sign-up form (footer)' },
        { action: 'confirm', at: '2026-11-01T10:05:00.000Z', via: 'confirmation link' },
      ],
    });
    // An address stored before consent records were kept has an empty one, not none.
    expect(answer.addresses[1]!.consent).toEqual([]);
  });

  test('when practice pages by offset or after the last address, then each page continues the last', async () => {
    expect((await page({ limit: 2, offset: 1 })).addresses.map((a) => a.email)).toEqual([
      'bob@example.com',
      'carol@example.com',
    ]);
    const next = await page({ limit: 2, after: 'alice@example.com', withTotal: false });
    expect(next.addresses.map((a) => a.email)).toEqual(['bob@example.com', 'carol@example.com']);
    expect(next).not.toHaveProperty('total');
  });

  test('when the request is not the schema (a limit over 1000, offset and after both, an unknown field), then it is refused 400 and names the field', async () => {
    for (const request of [
      { limit: 1001 },
      { limit: 10, offset: 1, after: 'a@example.com' },
      { limit: 10, filter: { $where: '1' } },
      { limit: 0 },
    ]) {
      const reply = await ask(request);
      expect(reply).toMatchObject({ ok: false, status: 400 });
    }
    expect((await ask({ limit: 1001 })).message).toMatch(/limit/);
  });
});

// PRACTICE_LIST_SIZE=50000 for the figure in BENCHMARKS.md ("The e-mail list"); 3,000 by default (a busy machine's
// FerretDB reads and sorts such a list in seconds, and the walk must still be one sort, not one per page).
describe('a long list walked page by page', () => {
  let big: ContentService;
  const SIZE = Number(process.env.PRACTICE_LIST_SIZE ?? 3000);

  beforeAll(async () => {
    // The only content service answering from here on (one member of the queue group answers each request).
    await stop(service);
    service = undefined;
    big = await start('practice-list-long');
    const subscribers = subscriberModel(big.mongo.connection);
    const step = subscriber('x').consent![0]!;
    for (let start = 0; start < SIZE; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, SIZE - start) }, (_, i) =>
        subscriber(`reader-${String(start + i).padStart(6, '0')}@example.com`, {
          confirmedAt,
          consent: [step, confirmStep],
        }),
      );
      await subscribers.collection.insertMany(batch, { ordered: false });
    }
  }, 600_000);

  afterAll(() => stop(big), 300_000);

  test('when practice walks the whole list a page of 1000 after the last address, then every address comes once, in order, from one query of the list', async () => {
    const find = jest.spyOn(subscriberModel(big.mongo.connection), 'find');
    const seen: string[] = [];
    const pageTimes: number[] = [];
    const started = performance.now();
    let after: string | undefined;
    for (;;) {
      const t = performance.now();
      const answer = await page({ limit: 1000, ...(after ? { after, withTotal: false } : {}) });
      pageTimes.push(performance.now() - t);
      seen.push(...answer.addresses.map((a) => a.email));
      if (answer.addresses.length < 1000) break;
      after = answer.addresses.at(-1)!.email;
    }
    const ms = performance.now() - started;
    expect(seen.length).toBe(SIZE);
    expect(new Set(seen).size).toBe(SIZE);
    expect([...seen].sort()).toEqual(seen);
    // One walk: each page continued the cursor the one before left open, instead of sorting the list again.
    expect(find).toHaveBeenCalledTimes(1);
    find.mockRestore();
    const [first, ...rest] = pageTimes;
    const sorted = [...rest].sort((a, b) => a - b);
    // For BENCHMARKS.md: the whole walk, the first page (the query: on FerretDB a read and sort of the whole list),
    // and the median of the others.
    console.log(
      `practice-list: ${SIZE} addresses in ${pageTimes.length} pages, ${Math.round(ms)} ms; first page ${Math.round(
        first!,
      )} ms, the others' median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms`,
    );
  }, 900_000);

  test('when a walk is asked from an address no open walk ends at, then it is queried afresh and answers the same', async () => {
    const fresh = await page({ limit: 3, after: 'reader-000100@example.com', withTotal: false });
    expect(fresh.addresses.map((a) => a.email)).toEqual([
      'reader-000101@example.com',
      'reader-000102@example.com',
      'reader-000103@example.com',
    ]);
    const on = await page({ limit: 2, after: 'reader-000103@example.com', withTotal: false });
    expect(on.addresses.map((a) => a.email)).toEqual(['reader-000104@example.com', 'reader-000105@example.com']);
  }, 600_000);
});
