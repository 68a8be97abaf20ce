// ai-query's own crisis model (in-process, the same one the crisis service runs): a warning sign that names no
// trigger word gets the crisis answer at the free limit, by chat and spoken, uncounted, even with no crisis
// service to ask. A nats-server of this suite's own, with no crisis service on it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { detectCrisis } from '@hhp/crisis-rules';
import { AskAiResponse, RpcSubjects } from '@hhp/proto';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { ask, newGuestId, parseSse, startAiQuery, storedCount, type AiQuery } from './harness.js';

let nats: NatsServer;
let natsDir: string;
let service: AiQuery;

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-crisis-model-nats-'));
  nats = await startNats({ storeDir: natsDir });
  service = await startAiQuery({ NATS_URL: nats.url, IP_NEW_GUESTS_PER_HOUR: '100000', CRISIS_TIMEOUT_MS: '100' });
  for (let i = 0; i < 600 && !(await fetch(`${service.url}/readyz`)).ok; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  await service?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

const CHAT_SIGN = 'I gave my dog to my sister and said goodbye to my friends. I wont need anything after tonight.';
const SPOKEN_SIGN = 'I have a rope in my closet and I keep thinking about it';
/**
 * A line of the validation split in the crisis model's middle band ("possibly at risk": score -0.027, between
 * en -0.0951 and the crisis threshold 0.0335): a question about sleep with a warning sign in it.
 */
const MIDDLE_BAND = 'no need to worry about my sleep issues, they wont be a thing for much longer';

async function useFreeQuestions(guestId: string): Promise<void> {
  for (const query of ['What helps with bloating?', 'Is ginger good for nausea?', 'How can I sleep better?']) {
    expect((await ask(service, { query, guestId })).status).toBe(200);
  }
  expect((await ask(service, { query: 'And what about heartburn at night?', guestId })).status).toBe(429);
}

test('the sentences name nothing the rules look for', () => {
  expect(detectCrisis(MIDDLE_BAND).isCrisis).toBe(false);
  expect(detectCrisis(CHAT_SIGN).isCrisis).toBe(false);
  expect(detectCrisis(SPOKEN_SIGN).isCrisis).toBe(false);
});

test('when a guest at the free limit writes a warning sign, then the chat answers with the crisis lines, uncounted', async () => {
  const guestId = newGuestId();
  await useFreeQuestions(guestId);
  const res = await ask(service, { query: CHAT_SIGN, guestId });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { isCrisis: boolean; queriesUsed: number; response: string };
  expect(body).toMatchObject({ isCrisis: true, queriesUsed: 3 });
  expect(body.response).toContain('988');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
});

test('when a guest at the free limit says a warning sign out loud, then the answer is the crisis answer, uncounted', async () => {
  const guestId = newGuestId();
  await useFreeQuestions(guestId);
  const reply = await service.bus.request(
    RpcSubjects.askAi,
    { query: SPOKEN_SIGN, guestId, clientAddress: '203.0.113.9', requestId: 'spoken-crisis-model' },
    { response: AskAiResponse, timeoutMs: 5000 },
  );
  expect(reply).toMatchObject({ outcome: 'answered', isCrisis: true, queriesUsed: 3 });
  if (reply.outcome !== 'answered') throw new Error('not answered');
  expect(reply.response).toContain('988');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
});

test('when the message is a medical emergency the model alone took for a crisis, then the emergency answer comes', async () => {
  const res = await ask(service, { query: "I'm on warfarin and I can't stop the bleeding", guestId: newGuestId() });
  expect(await res.json()).toMatchObject({ isEmergency: true, queriesUsed: 0 });
});

test("when a message lies in the crisis model's middle band, then the answer is the ordinary one, counted, with the crisis lines", async () => {
  const guestId = newGuestId();
  const res = await ask(service, { query: MIDDLE_BAND, guestId });
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    isCrisis: boolean;
    crisisLines?: boolean;
    queriesUsed: number;
    response: string;
  };
  expect(body).toMatchObject({ isCrisis: false, isEmergency: false, crisisLines: true, queriesUsed: 1 });
  // The answer, not the crisis answer in its place.
  expect(body.response).not.toContain('988');

  const streamed = await ask(service, { query: MIDDLE_BAND, guestId }, {}, '/api/query-ai/stream');
  const [meta] = parseSse(await streamed.text());
  expect(meta).toEqual(['meta', expect.objectContaining({ isCrisis: false, crisisLines: true, queriesUsed: 2 })]);
});

test('when a message is ordinary, then the answer carries no crisis lines', async () => {
  const res = await ask(service, { query: 'What helps with bloating after meals?', guestId: newGuestId() });
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ isCrisis: false });
  expect(body).not.toHaveProperty('crisisLines');
});
