import { makeStore as makeAppStore } from '../../src/app/store';
import { api } from '../../src/shared/api/api';
import { aiApi, selectQuota } from '../../src/shared/ai/api';
import { readAnswer, type StreamMeta } from '../../src/shared/ai/stream-api';

// Every store is reset after its test: RTK Query's timers (an unused entry is kept an hour) would keep jest up.
const stores: ReturnType<typeof makeAppStore>[] = [];
function makeStore() {
  const store = makeAppStore();
  stores.push(store);
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

const META = { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false, isCrisis: false, isEmergency: false };

function sse(events: [string, unknown][]): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

function streamed(body: string): Response {
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

async function read(response: Response, store = makeStore()) {
  const metas: StreamMeta[] = [];
  const deltas: string[] = [];
  const result = await readAnswer(
    response,
    { meta: (m) => metas.push(m), delta: (t) => deltas.push(t) },
    store.dispatch,
  );
  return { result, metas, deltas, store };
}

describe('the chat stream client', () => {
  test('when the answer streams whole, then the handlers see meta and deltas and the result is the done event', async () => {
    const { result, metas, deltas } = await read(
      streamed(
        sse([
          ['meta', META],
          ['delta', { text: 'Gin' }],
          ['delta', { text: 'ger.' }],
          ['done', { response: 'Ginger.', sources: [{ title: 'Ayurveda', path: '/treatments' }] }],
        ]),
      ),
    );
    expect(metas).toEqual([META]);
    expect(deltas).toEqual(['Gin', 'ger.']);
    expect(result).toEqual({ data: { response: 'Ginger.', sources: [{ title: 'Ayurveda', path: '/treatments' }] } });
  });

  test('when the service refuses with 429, then the error has status 429 and the message "429: body"', async () => {
    const body = {
      message: 'You have used your 3 free questions today.',
      queriesUsed: 3,
      queriesAllowed: 3,
      isSubscriber: false,
    };
    const { result } = await read(new Response(JSON.stringify(body), { status: 429, statusText: 'Too Many Requests' }));
    expect(result.error?.status).toBe(429);
    expect(result.error?.message).toBe('429: You have used your 3 free questions today.');
  });

  test('when the service fails with a body that is not JSON, then the status is typed and the text follows it', async () => {
    const { result } = await read(new Response('Bad gateway', { status: 502 }));
    expect(result.error).toMatchObject({ status: 502, message: '502: Bad gateway' });
    const empty = await read(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    expect(empty.result.error).toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  test('when the stream reports an error event, then the status is STREAM_ERROR with its message', async () => {
    const { result, metas } = await read(
      streamed(
        sse([
          ['meta', META],
          ['error', { message: 'The model failed' }],
        ]),
      ),
    );
    expect(metas).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 'STREAM_ERROR', message: 'The model failed' });
  });

  test('when the stream ends before its done event, then the status is STREAM_ERROR', async () => {
    const { result } = await read(
      streamed(
        sse([
          ['meta', META],
          ['delta', { text: 'Gin' }],
        ]),
      ),
    );
    expect(result.error?.status).toBe('STREAM_ERROR');
  });

  test("when an event does not match proto's schema, then the status is PARSING_ERROR and no handler sees it", async () => {
    const { result, metas } = await read(streamed(sse([['meta', { ...META, queriesUsed: 'one' }]])));
    expect(metas).toEqual([]);
    expect(result.error?.status).toBe('PARSING_ERROR');
    const delta = await read(
      streamed(
        sse([
          ['meta', META],
          ['delta', { words: 'Gin' }],
        ]),
      ),
    );
    expect(delta.result.error?.status).toBe('PARSING_ERROR');
    const broken = await read(streamed('event: meta\ndata: {not json\n\n'));
    expect(broken.result.error?.status).toBe('PARSING_ERROR');
  });

  test('when a server older than the emergency flag answers, then its meta without isEmergency is accepted', async () => {
    const { isEmergency: _, ...older } = META;
    const { metas, result } = await read(
      streamed(
        sse([
          ['meta', older],
          ['done', { response: 'x', sources: [] }],
        ]),
      ),
    );
    expect(metas).toEqual([older]);
    expect(result.data?.response).toBe('x');
  });
});

describe('the quota has one copy: RTK Query', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** /api/quota answers each read with the next of `answers` (a promise holds an answer back). */
  function quotaServer(answers: (object | Promise<object>)[]) {
    const reads: string[] = [];
    globalThis.fetch = (async (url: string) => {
      reads.push(String(url));
      const body = await answers[Math.min(reads.length - 1, answers.length - 1)];
      return new Response(JSON.stringify(body), { status: 200 });
    }) as typeof fetch;
    return reads;
  }

  test("when an answer's meta arrives, then the cached /api/quota takes its counters", async () => {
    quotaServer([{ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false }]);
    const store = makeStore();
    await store.dispatch(aiApi.endpoints.quota.initiate());
    expect(selectQuota(store.getState()).data).toEqual({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false });
    await read(streamed(sse([['meta', { ...META, queriesUsed: 2 }]])), store);
    expect(selectQuota(store.getState()).data).toEqual({ queriesUsed: 2, queriesAllowed: 3, isSubscriber: false });
  });

  test('when /api/quota was never read, then a 429 still leaves its counters in the cache', async () => {
    const store = makeStore();
    const body = { message: 'No more', queriesUsed: 3, queriesAllowed: 3, isSubscriber: false };
    await read(new Response(JSON.stringify(body), { status: 429 }), store);
    expect(selectQuota(store.getState()).data).toEqual({ queriesUsed: 3, queriesAllowed: 3, isSubscriber: false });
  });

  test('when a read of /api/quota is in flight as the answer begins, then the counters are read again after it', async () => {
    let release!: (body: object) => void;
    const stale = new Promise<object>((resolve) => (release = resolve));
    const reads = quotaServer([stale, { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false }]);
    const store = makeStore();
    const first = store.dispatch(aiApi.endpoints.quota.initiate());
    await read(
      streamed(
        sse([
          ['meta', META],
          ['done', { response: 'x', sources: [] }],
        ]),
      ),
      store,
    );
    expect(selectQuota(store.getState()).data?.queriesUsed).toBe(1);
    release({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false }); // read before the question counted
    await first;
    await waitFor(
      () =>
        reads.length === 2 &&
        !selectQuota(store.getState()).isLoading &&
        selectQuota(store.getState()).status === 'fulfilled',
    );
    expect(selectQuota(store.getState()).data?.queriesUsed).toBe(1);
    first.unsubscribe();
  });

  test('when a counted answer fails midway, then the counters are read again (the question was given back)', async () => {
    const reads = quotaServer([
      { queriesUsed: 0, queriesAllowed: 3, isSubscriber: false },
      { queriesUsed: 0, queriesAllowed: 3, isSubscriber: false },
    ]);
    const store = makeStore();
    const subscription = store.dispatch(aiApi.endpoints.quota.initiate());
    await subscription;
    await read(streamed(sse([['meta', META]])), store);
    await waitFor(
      () =>
        reads.length === 2 &&
        !selectQuota(store.getState()).isLoading &&
        selectQuota(store.getState()).status === 'fulfilled',
    );
    expect(selectQuota(store.getState()).data?.queriesUsed).toBe(0);
    subscription.unsubscribe();
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}
