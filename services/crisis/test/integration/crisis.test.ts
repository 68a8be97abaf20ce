import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { CRISIS_MODEL_VERSION } from '@hhp/crisis-model';
import { RULES_VERSION } from '@hhp/crisis-rules';
import { CrisisInfo, DetectCrisisResponse, RpcSubjects } from '@hhp/proto';
import { EVENTS_STREAM, Subjects } from '@hhp/proto';
import { startService, type RunningService } from '@hhp/kit';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { CrisisConfig } from '../../src/config.js';
import { crisisService } from '../../src/service.js';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';

type Config = CrisisConfig;

const configFor = (env: Record<string, string> = {}): Config =>
  CrisisConfig.parse({
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    MONGODB_DB: `crisis-test-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    ...env,
  });

describe('crisis service', () => {
  let service: RunningService<Config>;
  beforeAll(async () => {
    service = await startService({
      name: 'crisis-test',
      config: configFor(),
      setup: crisisService(),
    });
    // Ready once the crisis model has loaded: the verdicts below are the rules' and the model's together.
    for (let i = 0; i < 600 && !(await fetch(`${service.url}/readyz`)).ok; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);
  afterAll(() => service.close());

  const detect = (body: unknown) =>
    fetch(`${service.url}/api/detect-crisis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test.each([
    ['I want to die', true],
    ['everyone would be better off without me', true],
    ['I have been thinking about how to harm myself', true],
    ['My knee hurts after running', false],
    ['Is ginger good for harmony in digestion?', false],
    // Rules 1.1.0: other tenses, "ending it", plain overdoses, domestic violence, shorthand and Spanish.
    ["I've been cutting again", true],
    ["I'm going to end it tonight", true],
    ['swallowed a whole bottle of sleeping pills', true],
    ['my husband hits me', true],
    ['kms', true],
    ['ya no quiero vivir', true],
    ['ending my subscription', false],
    ['I walk 5 kms every day', false],
    ['me muero de hambre después del gimnasio', false],
  ])('when asked about %j, then isCrisis is %s', async (query, isCrisis) => {
    const res = await detect({ query });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ isCrisis });
  });

  test('when the query is missing or not text, then the answer is a 400 naming it', async () => {
    const missing = await detect({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'query: is required' });
    const operator = await detect({ query: { $gt: '' } });
    expect(operator.status).toBe(400);
  });

  test('when ai-query asks which rules it runs, then it names the rules version that ai-query runs too', async () => {
    const info = await service.bus.request(RpcSubjects.crisisInfo, {}, { response: CrisisInfo, timeoutMs: 2000 });
    expect(info).toEqual({ moderation: false, rulesVersion: RULES_VERSION, model: CRISIS_MODEL_VERSION });
    expect(RULES_VERSION).toBe('1.2.0');
  });

  test('when ai-query asks over NATS, then it gets the same verdict', async () => {
    const reply = await service.bus.request(
      RpcSubjects.detectCrisis,
      { query: "I can't go on anymore" },
      { response: DetectCrisisResponse, timeoutMs: 2000 },
    );
    expect(reply).toEqual({ isCrisis: true });
  });

  test('when a crisis is detected, then crisis.v1.detected names the rule and a hashed visitor, never the text', async () => {
    const durable = `crisis-events-${randomUUID().slice(0, 8)}`;
    await service.bus.jsm.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      filter_subject: Subjects.crisisDetected,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
    });
    await detect({ query: 'I am going to kill myself tonight' });
    const consumer = await service.bus.js.consumers.get(EVENTS_STREAM, durable);
    const msg = await consumer.next({ expires: 5000 });
    const event = msg!.json<{ data: Record<string, unknown> }>();
    expect(event.data).toEqual({
      source: 'rules',
      channel: 'http',
      ruleId: expect.any(String),
      visitor: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(new TextDecoder().decode(msg!.data)).not.toContain('tonight');
  });
});

describe('crisis service with a moderation model', () => {
  let stub: OpenAiStub;
  let service: RunningService<Config>;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    service = await startService({
      name: 'crisis-moderation-test',
      config: configFor({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: stub.baseUrl, MODERATION_TIMEOUT_MS: '300' }),
      // The moderation layer beside the rules alone (no crisis model: its folder does not exist), so that each
      // verdict below is the rules' or the moderation model's; crisis-model.test.ts has the three together.
      setup: crisisService({ modelDir: path.join(os.tmpdir(), 'no-embedding-model-here') }),
    });
  });
  afterAll(async () => {
    await service?.close();
    await stub?.close();
  });
  beforeEach(() => stub.reset());

  const detect = async (query: string) =>
    (
      await fetch(`${service.url}/api/detect-crisis`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      })
    ).json();

  test('when only the model sees self-harm, then the alarm is raised', async () => {
    stub.behaviour.flagSelfHarm = (input) => input.includes('the pills in the drawer');
    expect(await detect('I keep counting the pills in the drawer')).toEqual({ isCrisis: true });
    expect(stub.requests.map((r) => [r.path, r.authorization, r.body])).toEqual([
      [
        '/v1/moderations',
        'Bearer sk-test',
        { model: 'omni-moderation-latest', input: 'I keep counting the pills in the drawer' },
      ],
    ]);
    expect(await detect('My knee aches after running')).toEqual({ isCrisis: false });
  });

  test('when the rules see it, then the model is not needed', async () => {
    expect(await detect('I want to die')).toEqual({ isCrisis: true });
    expect(stub.requests).toEqual([]);
  });

  test('when the model answers with an error, then the rules decide: never open', async () => {
    stub.behaviour.flagSelfHarm = () => true;
    stub.behaviour.moderationFailStatus = 500;
    expect(await detect('My shoulder is stiff')).toEqual({ isCrisis: false });
    expect(stub.requests.map((r) => r.path)).toEqual(['/v1/moderations']);
    stub.behaviour.flagSelfHarm = (input) => input.includes('pills');
    expect(await detect('I keep counting the pills')).toEqual({ isCrisis: false });
    expect(await detect('I want to die')).toEqual({ isCrisis: true });
  });

  test('when the model is slower than its timeout, then the rules decide within it', async () => {
    stub.behaviour.flagSelfHarm = () => true;
    stub.behaviour.moderationDelayMs = 2000;
    const started = performance.now();
    expect(await detect('My shoulder is stiff')).toEqual({ isCrisis: false });
    expect(performance.now() - started).toBeLessThan(1500); // MODERATION_TIMEOUT_MS is 300
    expect(await detect('I want to die')).toEqual({ isCrisis: true });
  });
});
