// ai_questions_in_flight, the gauge the prod autoscaler scales ai-query on (deploy/k8s/prometheus-adapter):
// read from /metrics while answers are held open by the model stand-in, and after every way a question ends
// (answered, failed, a crisis, refused, the browser gone, spoken). A nats-server of this suite's own: ai-query
// services of other suites would answer the spoken questions' subject.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AdmitAiResponse, AskAiResponse, RpcSubjects } from '@hhp/proto';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { ask, newGuestId, parseSse, startAiQuery, type AiQuery } from './harness.js';

let nats: NatsServer;
let natsDir: string;
let stub: OpenAiStub;
let service: AiQuery;

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-in-flight-nats-'));
  nats = await startNats({ storeDir: natsDir });
  stub = await startOpenAiStub();
  service = await startAiQuery({
    NATS_URL: nats.url,
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: stub.baseUrl,
    OPENAI_MAX_RETRIES: '0',
    OPENAI_TIMEOUT_MS: '5000',
    IP_NEW_GUESTS_PER_HOUR: '100000',
  });
});

afterAll(async () => {
  await service?.close();
  await stub?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

beforeEach(() => stub.reset());
afterEach(async () => {
  // Whatever a test did, nothing stays in flight once its questions have ended.
  await waitFor(async () => (await inFlight()) === 0);
});

/** The gauge's value as a scrape reads it. */
async function inFlight(): Promise<number> {
  const text = await (await fetch(`${service.url}/metrics`)).text();
  const line = /^ai_questions_in_flight(?:\{[^}]*\})? (\S+)$/m.exec(text);
  if (!line) throw new Error('no ai_questions_in_flight in /metrics');
  return Number(line[1]);
}

/** Opens a streamed question and reads it up to its first words: the model then holds the rest back. */
async function streamToFirstWords(query: string, signal?: AbortSignal) {
  const res = await fetch(`${service.url}/api/query-ai/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, guestId: newGuestId() }),
    ...(signal ? { signal } : {}),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: delta')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before its first words: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
  return {
    /** Reads the rest of the stream: its events, from the first. */
    async rest() {
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        text += decoder.decode(next.value, { stream: true });
      }
      return parseSse(text);
    },
  };
}

test('when streamed answers are held open, then the gauge counts them, and it is 0 once they end', async () => {
  expect(await inFlight()).toBe(0);
  stub.behaviour.reply = () => 'Ginger tea after meals may ease digestion, and so may a short walk.';
  stub.behaviour.tokenDelayMs = 150;
  const first = await streamToFirstWords('Bloating after meals');
  expect(await inFlight()).toBe(1);
  const second = await streamToFirstWords('Trouble sleeping');
  expect(await inFlight()).toBe(2);
  const [a, b] = await Promise.all([first.rest(), second.rest()]);
  expect(a.at(-1)![0]).toBe('done');
  expect(b.at(-1)![0]).toBe('done');
  // The answer's end is the question's: the gauge is down before the stream's last event is written.
  expect(await inFlight()).toBe(0);
});

test('when the model fails, then the question leaves the gauge (before and after its first words)', async () => {
  stub.behaviour.failStatus = 500;
  expect((await ask(service, { query: 'Knee pain', guestId: newGuestId() })).status).toBe(502);
  expect(await inFlight()).toBe(0);

  stub.reset();
  stub.behaviour.reply = () => 'one two three four five six seven eight';
  stub.behaviour.tokenDelayMs = 150;
  stub.behaviour.dropAfterChunks = 3;
  const held = await streamToFirstWords('Headaches');
  expect(await inFlight()).toBe(1);
  const events = await held.rest();
  expect(events.at(-1)).toEqual(['error', { message: "The AI assistant couldn't finish this answer." }]);
  expect(await inFlight()).toBe(0);
});

test('when the message is a crisis, then it is answered and leaves the gauge', async () => {
  const body = await (await ask(service, { query: 'I want to die', guestId: newGuestId() })).json();
  expect(body).toMatchObject({ isCrisis: true });
  expect(await inFlight()).toBe(0);
});

test('when a guest is refused by the quota, then the refusal leaves the gauge', async () => {
  const guestId = newGuestId();
  for (let i = 0; i < 3; i++) expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(200);
  expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(429);
  expect(await inFlight()).toBe(0);
});

test('when the browser goes away mid-answer, then the aborted question leaves the gauge', async () => {
  stub.behaviour.reply = () => 'one two three four five six seven eight nine ten';
  stub.behaviour.tokenDelayMs = 300;
  const controller = new AbortController();
  await streamToFirstWords('Tell me about Ayurveda', controller.signal);
  expect(await inFlight()).toBe(1);
  controller.abort();
  await waitFor(() => stub.requests[0]?.aborted === true);
  await waitFor(async () => (await inFlight()) === 0);
});

test('when a question is asked out loud, then it is in flight until its answer, and an admitted one leaves at once', async () => {
  stub.behaviour.reply = () => 'Rest the joint and keep it warm.';
  stub.behaviour.firstTokenDelayMs = 600;
  const answer = service.bus.request(
    RpcSubjects.askAi,
    {
      query: 'Stiff knee in the morning',
      clientAddress: '203.0.113.7',
      requestId: 'in-flight-test',
      guestId: newGuestId(),
    },
    { response: AskAiResponse, timeoutMs: 5000 },
  );
  await waitFor(() => stub.requests.length === 1);
  expect(await inFlight()).toBe(1);
  expect(await answer).toMatchObject({ outcome: 'answered', response: 'Rest the joint and keep it warm.' });
  expect(await inFlight()).toBe(0);

  const admitted = await service.bus.request(
    RpcSubjects.askAi,
    {
      query: 'What helps with stress?',
      clientAddress: '203.0.113.7',
      requestId: 'in-flight-test',
      guestId: newGuestId(),
      mode: 'admit',
    },
    { response: AdmitAiResponse, timeoutMs: 5000 },
  );
  expect(admitted).toMatchObject({ outcome: 'admitted' });
  expect(await inFlight()).toBe(0);
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
