import { jest } from '@jest/globals';
import { makeStore as makeAppStore } from '../../src/app/store';
import { api } from '../../src/shared/api/api';
import { selectQuota } from '../../src/shared/ai/api';
import { selectCrisis } from '../../src/shared/crisis/crisis-slice';
import { texts as crisisTexts } from '../../src/shared/crisis/texts';
import { CRISIS_ANSWER_WAIT_MS } from '../../src/shared/crisis/local-check';
import { ask } from '../../src/features/chat/ask';
import { chatStore, type ChatMessage } from '../../src/features/chat/chat-store';
import { texts } from '../../src/features/chat/texts';

// The chat's ask (features/chat/ask.ts) against a stubbed fetch of POST /api/query-ai/stream and the app's
// real store: what the conversation, the counters and the crisis banner show after each kind of answer.

const META = { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false, isCrisis: false, isEmergency: false };
const LIMIT = { message: 'You have used your 3 free questions today.', queriesUsed: 3, queriesAllowed: 3 };

function sse(events: [string, unknown][]): string {
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}

const streamed = (events: [string, unknown][]) =>
  new Response(sse(events), { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

const realFetch = globalThis.fetch;
let requests: { url: string; body: Record<string, unknown> }[] = [];

/** POST /api/query-ai/stream answers with `answer` (a function sees the call's signal). */
function serve(answer: Response | ((signal: AbortSignal) => Promise<Response>)): void {
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    requests.push({ url: String(url), body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return typeof answer === 'function' ? answer(init.signal!) : answer;
  }) as typeof fetch;
}

/** A call that never answers: it fails only when its signal aborts. */
const never = (signal: AbortSignal) =>
  new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));

const stores: ReturnType<typeof makeAppStore>[] = [];
function makeStore() {
  const store = makeAppStore();
  stores.push(store);
  return store;
}

// chatStore is the page's one conversation: each test reads the messages its own question added.
let before = 0;
const added = (): readonly ChatMessage[] => chatStore.get().messages.slice(before);

beforeEach(() => {
  requests = [];
  chatStore.setLimitReached(false);
  before = chatStore.get().messages.length;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

describe("the chat's ask", () => {
  test('when the answer streams in, then the question and the finished answer are in the conversation and announced', async () => {
    serve(
      streamed([
        ['meta', META],
        ['delta', { text: 'Gin' }],
        ['delta', { text: 'ger.' }],
        ['done', { response: 'Ginger tea.', sources: [{ title: 'Ayurveda', path: '/treatments' }] }],
      ]),
    );
    const seen: string[] = [];
    const unsubscribe = chatStore.subscribe(() => {
      const last = chatStore.get().messages.at(-1);
      if (last?.streaming) seen.push(last.content);
    });
    const store = makeStore();
    await ask('  What helps with\u200B nausea?  ', new AbortController().signal, store.dispatch);
    unsubscribe();

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/query-ai/stream',
      body: { query: 'What helps with nausea?', userId: null, sessionId: null },
    });
    expect(requests[0]!.body.guestId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(seen).toEqual(['', 'Gin', 'Ginger.']);
    expect(added()).toEqual([
      expect.objectContaining({ role: 'user', content: 'What helps with nausea?' }),
      expect.objectContaining({
        role: 'assistant',
        content: 'Ginger tea.',
        sources: [{ title: 'Ayurveda', path: '/treatments' }],
        isCrisis: false,
        streaming: false,
      }),
    ]);
    expect(chatStore.get()).toMatchObject({
      pending: false,
      limitReached: false,
      announcement: texts.answered('Dr. Helen', 'Ginger tea.'),
    });
    expect(selectQuota(store.getState()).data).toEqual({ queriesUsed: 1, queriesAllowed: 3, isSubscriber: false });
    expect(selectCrisis(store.getState()).visible).toBe(false);
  });

  test('when the question is blank, or another is still pending, then nothing is sent or added', async () => {
    serve(streamed([['done', { response: 'x', sources: [] }]]));
    const store = makeStore();
    await ask(' \u200B  ', new AbortController().signal, store.dispatch);
    chatStore.setPending(true);
    await ask('A second question', new AbortController().signal, store.dispatch);
    chatStore.setPending(false);
    expect(requests).toEqual([]);
    expect(added()).toEqual([]);
  });

  test('when the service says the message is a crisis, then the answer is marked so and the banner is raised by the server', async () => {
    serve(
      streamed([
        ['meta', { ...META, isCrisis: true, queriesUsed: 0 }],
        ['done', { response: 'Please call 988.', sources: [] }],
      ]),
    );
    const store = makeStore();
    await ask('I feel hopeless', new AbortController().signal, store.dispatch);
    expect(added().at(-1)).toMatchObject({ role: 'assistant', content: 'Please call 988.', isCrisis: true });
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'server', raised: 1 });
  });

  test("when a guest's question is refused with 429, then the 429's words are the answer and the upgrade panel shows", async () => {
    serve(new Response(JSON.stringify({ ...LIMIT, isSubscriber: false }), { status: 429 }));
    const store = makeStore();
    await ask('And rashes?', new AbortController().signal, store.dispatch);
    expect(added()).toEqual([
      expect.objectContaining({ role: 'user', content: 'And rashes?' }),
      expect.objectContaining({ role: 'assistant', content: LIMIT.message }),
    ]);
    expect(chatStore.get()).toMatchObject({
      limitReached: true,
      pending: false,
      announcement: texts.answered('Dr. Helen', `${LIMIT.message} ${texts.limitTitle}. ${texts.limitSubtext}`),
    });
    expect(selectQuota(store.getState()).data).toEqual({ queriesUsed: 3, queriesAllowed: 3, isSubscriber: false });
  });

  test("when a subscriber's question is refused with 429, then the 429's words are the answer and no upgrade panel shows", async () => {
    serve(new Response(JSON.stringify({ ...LIMIT, isSubscriber: true }), { status: 429 }));
    await ask('And rashes?', new AbortController().signal, makeStore().dispatch);
    expect(added().at(-1)).toMatchObject({ role: 'assistant', content: LIMIT.message });
    expect(chatStore.get().limitReached).toBe(false);
  });

  test('when the service fails midway through an ordinary answer, then the half answer goes and the apology is said', async () => {
    serve(
      streamed([
        ['meta', META],
        ['delta', { text: 'Half an' }],
        ['error', { message: 'The model failed' }],
      ]),
    );
    await ask('What helps with sleep?', new AbortController().signal, makeStore().dispatch);
    expect(added()).toEqual([
      expect.objectContaining({ role: 'user', content: 'What helps with sleep?' }),
      expect.objectContaining({ role: 'assistant', content: texts.apology }),
    ]);
    expect(chatStore.get()).toMatchObject({ pending: false, announcement: texts.answered('Dr. Helen', texts.apology) });
  });

  test('when a message that reads as a crisis gets a failure, then the crisis lines are the answer and the banner says unanswered', async () => {
    serve(new Response('Bad gateway', { status: 502 }));
    const store = makeStore();
    await ask('I want to end it all', new AbortController().signal, store.dispatch);
    expect(added().at(-1)).toMatchObject({ role: 'assistant', content: crisisTexts.unanswered, isCrisis: true });
    expect(chatStore.get().announcement).toContain(crisisTexts.call);
    expect(chatStore.get().limitReached).toBe(false);
    expect(selectCrisis(store.getState())).toEqual({ visible: true, source: 'unanswered', raised: 1 });
  });

  test('when a message that reads as a crisis is refused with 429, then the crisis lines are the answer and the upgrade panel shows', async () => {
    serve(new Response(JSON.stringify({ ...LIMIT, isSubscriber: false }), { status: 429 }));
    await ask('thinking about suicide', new AbortController().signal, makeStore().dispatch);
    expect(added().at(-1)).toMatchObject({ content: crisisTexts.unanswered, isCrisis: true });
    expect(added().some((m) => m.content === LIMIT.message)).toBe(false);
    expect(chatStore.get().limitReached).toBe(true);
  });

  test('when the panel closes while the answer is awaited, then the call is aborted and the chat says it stopped', async () => {
    let aborted = false;
    serve((signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return never(signal);
    });
    const closed = new AbortController();
    const asking = ask('What helps with sleep?', closed.signal, makeStore().dispatch);
    expect(chatStore.get().pending).toBe(true);
    closed.abort();
    // At once, not when the 15 seconds' deadline would have given up.
    const later = new Promise((resolve) => setTimeout(resolve, 1000, 'still waiting'));
    await expect(Promise.race([asking.then(() => 'stopped'), later])).resolves.toBe('stopped');
    expect(aborted).toBe(true);
    expect(added().at(-1)).toMatchObject({ role: 'assistant', content: texts.interrupted });
    expect(chatStore.get().pending).toBe(false);
  });

  test('when the answer to a crisis message has not begun in time, then the call is given up and the crisis lines show', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    serve(never);
    const store = makeStore();
    const asking = ask('I want to hurt myself', new AbortController().signal, store.dispatch);
    await jest.advanceTimersByTimeAsync(CRISIS_ANSWER_WAIT_MS - 1);
    expect(chatStore.get().pending).toBe(true);
    await jest.advanceTimersByTimeAsync(1);
    await asking;
    expect(added().at(-1)).toMatchObject({ content: crisisTexts.unanswered, isCrisis: true });
    expect(selectCrisis(store.getState()).source).toBe('unanswered');
  });

  test('when an ordinary answer has not begun in 15 seconds, then the apology is said (a crisis message would not wait so long)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    serve(never);
    const asking = ask('What helps with sleep?', new AbortController().signal, makeStore().dispatch);
    await jest.advanceTimersByTimeAsync(CRISIS_ANSWER_WAIT_MS);
    expect(chatStore.get().pending).toBe(true);
    await jest.advanceTimersByTimeAsync(15_000 - CRISIS_ANSWER_WAIT_MS);
    await asking;
    expect(added().at(-1)).toMatchObject({ role: 'assistant', content: texts.apology });
  });
});
