// rpc.ai.v1.ask: a spoken question (the voice service asks on a visitor's behalf) is the chat's question: the
// same free questions per guest, crisis first and not counted, a subscriber's cookie honoured, the library's
// answer with its sources. A nats-server of this suite's own: ai-query services of other suites (other
// buckets) would answer the same request subject.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AdmitAiResponse,
  AskAiResponse,
  DEFAULT_PRACTITIONER_NAME,
  GiveBackAiResponse,
  RpcSubjects,
  SUBSCRIBER_COOKIE,
  Subjects,
  assistantSystemPrompt,
} from '@hhp/proto';
import { createEnvelope, signSubscriberCookie } from '@hhp/kit';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { COOKIE_SECRET, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';
import { REFUND_TOKEN_TTL_MS, signRefundToken, verifyRefundToken } from '../../src/questions/refund-token.js';

let nats: NatsServer;
let natsDir: string;
let service: AiQuery;

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-spoken-nats-'));
  nats = await startNats({ storeDir: natsDir });
  service = await startAiQuery({ NATS_URL: nats.url, IP_NEW_GUESTS_PER_HOUR: '100000' });
});

afterAll(async () => {
  await service?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

const spoken = (query: string, extra: Record<string, unknown> = {}) =>
  service.bus.request(
    RpcSubjects.askAi,
    { query, clientAddress: '203.0.113.7', requestId: 'spoken-test', ...extra },
    { response: AskAiResponse, timeoutMs: 5000 },
  );

test('when a guest asks out loud, then three questions are answered from the library and the fourth is the limit', async () => {
  const guestId = newGuestId();
  const first = await spoken('I have trouble sleeping at night', { guestId });
  expect(first).toMatchObject({ outcome: 'answered', isCrisis: false, queriesUsed: 1, queriesAllowed: 3 });
  if (first.outcome !== 'answered') throw new Error('not answered');
  expect(first.response.length).toBeGreaterThan(20);
  expect(first.sources.map((s) => s.path)).toContain('/conditions/insomnia');
  await spoken('What helps with stress?', { guestId });
  await spoken('And with headaches?', { guestId });
  const fourth = await spoken('One more question', { guestId });
  expect(fourth).toMatchObject({ outcome: 'quota-exceeded', queriesUsed: 3, queriesAllowed: 3, isSubscriber: false });
  if (fourth.outcome !== 'quota-exceeded') throw new Error('not refused');
  expect(fourth.message).toMatch(/free/i);
  expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
});

test('when the words are a crisis, then the crisis answer comes at once and costs no question', async () => {
  const guestId = newGuestId();
  const answer = await spoken('I want to end my life', { guestId });
  expect(answer).toMatchObject({ outcome: 'answered', isCrisis: true, queriesUsed: 0 });
  if (answer.outcome !== 'answered') throw new Error('not answered');
  expect(answer.response).toContain('988');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
});

test("when the visitor's cookie is a subscriber's, then the questions are unlimited", async () => {
  const cookie = `${SUBSCRIBER_COOKIE}=${signSubscriberCookie('cus_spoken1', COOKIE_SECRET)}`;
  await service.bus.publish(
    createEnvelope(Subjects.subscriptionChanged, {
      customerId: 'cus_spoken1',
      subscriptionId: 'sub_s1',
      status: 'active',
    }),
  );
  const guestId = newGuestId();
  const deadline = Date.now() + 5000;
  while (!(await spoken('Hello', { guestId, cookie })).isSubscriber) {
    if (Date.now() > deadline) throw new Error('the subscription never reached ai-query');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let i = 0; i < 4; i++) {
    const answer = await spoken(`Which teas help digestion? (${i})`, { guestId, cookie });
    expect(answer).toMatchObject({ outcome: 'answered', isSubscriber: true, queriesUsed: 0 });
  }
});

const admitted = (query: string, extra: Record<string, unknown> = {}) =>
  service.bus.request(
    RpcSubjects.askAi,
    { query, clientAddress: '203.0.113.8', requestId: 'admit-test', mode: 'admit', ...extra },
    { response: AdmitAiResponse, timeoutMs: 5000 },
  );

test("when the caller's model answers (admit), then the question is counted and the reply is the chat's instructions for it, never an answer", async () => {
  const guestId = newGuestId();
  const first = await admitted('I have trouble sleeping at night', { guestId });
  expect(first).toMatchObject({ outcome: 'admitted', isEmergency: false, queriesUsed: 1, queriesAllowed: 3 });
  if (first.outcome !== 'admitted') throw new Error('not admitted');
  expect(first.instructions.startsWith(assistantSystemPrompt(DEFAULT_PRACTITIONER_NAME))).toBe(true);
  expect(first.instructions).toContain('Portal passages:');
  expect(first.instructions).toContain('(/conditions/insomnia)');
  expect(first.sources.map((s) => s.path)).toContain('/conditions/insomnia');
  expect(first).not.toHaveProperty('response');
  expect(first).not.toHaveProperty('notice');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  await admitted('What helps with stress?', { guestId });
  await spoken('And with headaches?', { guestId });
  expect(await admitted('One more question', { guestId })).toMatchObject({
    outcome: 'quota-exceeded',
    queriesUsed: 3,
    message: expect.stringMatching(/free/i),
  });
  expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
});

test('when an admitted question is a crisis, then the reply is the crisis words to say, and nothing is counted', async () => {
  const guestId = newGuestId();
  const answer = await admitted('I want to end my life', { guestId });
  expect(answer).toMatchObject({ outcome: 'answered', isCrisis: true, queriesUsed: 0 });
  if (answer.outcome !== 'answered') throw new Error('not answered');
  expect(answer.response).toBe((await spoken('I want to end my life', { guestId })).response);
  expect(answer.response).toContain('text HOME to 741741');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
});

test('when an admitted question is an emergency, then the notice comes first and the emergency prompt is in the instructions; with no free question left, where to get help', async () => {
  const guestId = newGuestId();
  const answer = await admitted('I have crushing chest pain right now', { guestId });
  expect(answer).toMatchObject({ outcome: 'admitted', isEmergency: true, queriesUsed: 1 });
  if (answer.outcome !== 'admitted') throw new Error('not admitted');
  expect(answer.notice).toMatch(/^If this is happening now, please call 911/);
  expect(answer.instructions).toContain('This question may describe a medical emergency');
  for (let i = 0; i < 2; i++) await admitted(`What helps with stress? (${i})`, { guestId });
  const refused = await admitted('I have crushing chest pain right now', { guestId });
  expect(refused).toMatchObject({ outcome: 'answered', isEmergency: true, queriesUsed: 3 });
  if (refused.outcome !== 'answered') throw new Error('not answered');
  expect(refused.response).toMatch(/^If this is happening now, please call 911/);
});

const giveBack = (refundToken: string) =>
  service.bus.request(
    RpcSubjects.giveBackAi,
    { refundToken, requestId: 'give-back-test' },
    { response: GiveBackAiResponse, timeoutMs: 5000 },
  );

/** A guest's question admitted, and its refund token. */
async function admittedToken(guestId: string, query = 'What helps with stress?'): Promise<string> {
  const reply = await admitted(query, { guestId });
  if (reply.outcome !== 'admitted' || !reply.refundToken) throw new Error(`no refund token: ${JSON.stringify(reply)}`);
  return reply.refundToken;
}

test("when an admitted question goes unanswered and is given back, then the guest's count is back where it was", async () => {
  const guestId = newGuestId();
  const token = await admittedToken(guestId);
  expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  expect(await giveBack(token)).toEqual({
    outcome: 'given-back',
    queriesUsed: 0,
    queriesAllowed: 3,
    isSubscriber: false,
  });
  expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  // The question given back can be asked again: three more are admitted, the fourth is the limit.
  for (let i = 0; i < 3; i++) await admittedToken(guestId, `What helps with stress? (${i})`);
  expect(await admitted('One more', { guestId })).toMatchObject({ outcome: 'quota-exceeded' });
});

test('when the same token is given back twice, then the question comes back once', async () => {
  const guestId = newGuestId();
  const first = await admittedToken(guestId, 'What helps with stress?');
  await admittedToken(guestId, 'And with headaches?');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(2);
  expect(await giveBack(first)).toMatchObject({ outcome: 'given-back', queriesUsed: 1 });
  expect(await giveBack(first)).toMatchObject({ outcome: 'already-given-back', queriesUsed: 1 });
  expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  // The slot taken again by a later question is that question's: the old token does not give it back.
  await admittedToken(guestId, 'And with sleep?');
  expect(await storedCount(service, `guest:${guestId}`)).toBe(2);
  expect(await giveBack(first)).toMatchObject({ outcome: 'already-given-back', queriesUsed: 2 });
  expect(await storedCount(service, `guest:${guestId}`)).toBe(2);
});

test('when five give-backs of one token arrive at once, then exactly one question comes back', async () => {
  const guestId = newGuestId();
  const token = await admittedToken(guestId, 'What helps with stress?');
  await admittedToken(guestId, 'And with headaches?');
  const replies = await Promise.all(Array.from({ length: 5 }, () => giveBack(token)));
  expect(replies.filter((r) => r.outcome === 'given-back')).toHaveLength(1);
  expect(replies.filter((r) => r.outcome === 'already-given-back')).toHaveLength(4);
  expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
});

test('when a token is altered, forged with another secret or expired, then it is refused and nothing changes', async () => {
  const guestId = newGuestId();
  const token = await admittedToken(guestId);
  const refundable = verifyRefundToken(token, COOKIE_SECRET);
  expect(refundable?.key).toBe(`guest:${guestId}`);
  const [payload, signature] = token.split('.') as [string, string];
  // Another slot of the same guest, with the genuine signature.
  const json = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { s: string };
  const otherSlot = Buffer.from(JSON.stringify({ ...json, s: json.s.replace(/\.1$/, '.2') })).toString('base64url');
  const expired = signRefundToken(refundable!, COOKIE_SECRET, Date.now() - REFUND_TOKEN_TTL_MS - 1000);
  for (const bad of [
    `${otherSlot}.${signature}`,
    `${payload}.${signature.slice(0, -2)}AA`,
    signRefundToken(refundable!, 'another-secret-that-is-long-enough-0123456789'),
    expired,
    'not-a-token',
  ]) {
    await expect(giveBack(bad)).rejects.toMatchObject({ status: 403 });
  }
  expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  // The genuine token still works afterwards.
  expect(await giveBack(token)).toMatchObject({ outcome: 'given-back', queriesUsed: 0 });
});

test('when the question is not counted (a crisis, a subscriber), then the admit has nothing to give back', async () => {
  const crisis = await admitted('I want to end my life', { guestId: newGuestId() });
  expect(crisis).not.toHaveProperty('refundToken');
  const cookie = `${SUBSCRIBER_COOKIE}=${signSubscriberCookie('cus_spoken1', COOKIE_SECRET)}`;
  const subscriber = await admitted('Which teas help digestion?', { guestId: newGuestId(), cookie });
  expect(subscriber).toMatchObject({ outcome: 'admitted', isSubscriber: true });
  expect(subscriber).not.toHaveProperty('refundToken');
});

test('when the request is not a question, then it is refused with the field named', async () => {
  await expect(spoken('   ')).rejects.toMatchObject({ status: 400 });
  await expect(spoken('hello', { clientAddress: '' })).rejects.toMatchObject({ status: 400 });
});
