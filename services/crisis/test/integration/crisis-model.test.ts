import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CRISIS_MODEL_VERSION } from '@hhp/crisis-model';
import { RULES_VERSION } from '@hhp/crisis-rules';
import { CrisisInfo, DetectCrisisResponse, EVENTS_STREAM, RpcSubjects, Subjects } from '@hhp/proto';
import { startService, type RunningService } from '@hhp/kit';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { CrisisConfig } from '../../src/config.js';
import { crisisService } from '../../src/service.js';

// The crisis service with its second layer, the in-process crisis model (the real sentence-embedding model the
// bootstrap installs), and without it when the model's files are broken.

const configFor = (env: Record<string, string> = {}) =>
  CrisisConfig.parse({
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    MONGODB_DB: `crisis-model-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    ...env,
  });

async function ready(service: RunningService<CrisisConfig>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${service.url}/readyz`)).ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the crisis service did not become ready');
}

/** The whole answer of POST /api/detect-crisis. */
const verdict = async (service: RunningService<CrisisConfig>, query: string) => {
  const res = await fetch(`${service.url}/api/detect-crisis`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { isCrisis: boolean; crisisLines?: true };
};
const detect = async (service: RunningService<CrisisConfig>, query: string) => (await verdict(service, query)).isCrisis;

// Warning signs with no word the rules look for (each checked below to pass the rules), and ordinary questions.
const WARNING_SIGNS = [
  "i found a new home for my cat and wrote letters to my family. after friday it won't matter anymore",
  'I have a rope in my closet and I keep thinking about it.',
  'I keep counting the pills in the drawer',
];
const ORDINARY = ['what helps with heartburn after dinner?', 'can chiropractic help my lower back?'];
// The same in Spanish, read by the multilingual model (MiniLM reads Spanish poorly).
const SPANISH_WARNING_SIGNS = [
  'ya no aguanto más, hoy en la noche lo voy a hacer',
  'tengo el frasco de pastillas en la mesa y no dejo de mirarlo',
];
const SPANISH_ORDINARY = ['me duele la cabeza desde ayer, qué puedo tomar', 'qué infusión ayuda a dormir mejor'];

describe('the crisis service with the crisis model', () => {
  let service: RunningService<CrisisConfig>;
  beforeAll(async () => {
    service = await startService({ name: 'crisis-model-test', config: configFor(), setup: crisisService() });
    await ready(service);
  }, 120_000);
  afterAll(() => service.close());

  test('when a warning sign names no trigger word, then the rules pass it and the model calls it a crisis', async () => {
    const { detectCrisis } = await import('@hhp/crisis-rules');
    for (const query of WARNING_SIGNS) {
      expect(detectCrisis(query).isCrisis).toBe(false);
      expect(await detect(service, query)).toBe(true);
    }
    for (const query of ORDINARY) expect(await detect(service, query)).toBe(false);
  });

  test('when a warning sign in Spanish names no trigger word, then the multilingual model calls it a crisis', async () => {
    const { detectCrisis } = await import('@hhp/crisis-rules');
    for (const query of SPANISH_WARNING_SIGNS) expect(detectCrisis(query).isCrisis).toBe(false);
    // Spanish joins after the service is ready (the multilingual model embeds its examples, from the cache after
    // the first start on a machine): until then the rules alone judge it.
    for (let i = 0; i < 1200 && !(await detect(service, SPANISH_WARNING_SIGNS[0]!)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const query of SPANISH_WARNING_SIGNS) expect(await detect(service, query)).toBe(true);
    for (const query of SPANISH_ORDINARY) expect(await detect(service, query)).toBe(false);
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/^embedding_model_up\{[^}]*model="e5"[^}]*\} 1$/m);
  }, 150_000);

  test('when the model decided, then crisis.v1.detected says "model" and carries no text', async () => {
    const durable = `crisis-model-events-${randomUUID().slice(0, 8)}`;
    await service.bus.jsm.consumers.add(EVENTS_STREAM, {
      durable_name: durable,
      filter_subject: Subjects.crisisDetected,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
    });
    expect(await detect(service, WARNING_SIGNS[0]!)).toBe(true);
    const consumer = await service.bus.js.consumers.get(EVENTS_STREAM, durable);
    const msg = await consumer.next({ expires: 5000 });
    expect(msg!.json<{ data: Record<string, unknown> }>().data).toEqual({
      source: 'model',
      channel: 'http',
      visitor: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(new TextDecoder().decode(msg!.data)).not.toContain('friday');
  });

  test("when a message lies in the model's middle band (possibly at risk), then it is no crisis and none is counted or published", async () => {
    const { detectCrisis } = await import('@hhp/crisis-rules');
    // A line of the validation split between the two English thresholds (crisis-model's README, "How it decides").
    const possible = 'no need to worry about my sleep issues, they wont be a thing for much longer';
    expect(detectCrisis(possible).isCrisis).toBe(false);
    const counted = async () =>
      Number(
        /^crisis_detected_total\{[^}]*source="model"[^}]*channel="http"[^}]*\} (\d+)$/m.exec(
          await (await fetch(`${service.url}/metrics`)).text(),
        )?.[1] ?? 0,
      );
    const before = await counted();
    expect(await detect(service, possible)).toBe(false);
    expect(await counted()).toBe(before);
    // The count moves for a crisis the model decides (so the figure above is the one that would have moved).
    expect(await detect(service, WARNING_SIGNS[1]!)).toBe(true);
    expect(await counted()).toBe(before + 1);
  });

  test("when a message lies in the model's middle band, then the answer says crisisLines (over HTTP and NATS); a crisis or an ordinary message does not", async () => {
    // Both well inside the band (scores about -0.027 and -0.024, its edges -0.095 and 0.034).
    const possible = [
      'no need to worry about my sleep issues, they wont be a thing for much longer',
      'i dont think ill be here next month to see the results of the blood test tbh',
    ];
    for (const query of possible) {
      expect(await verdict(service, query)).toEqual({ isCrisis: false, crisisLines: true });
      const reply = await service.bus.request(
        RpcSubjects.detectCrisis,
        { query },
        { response: DetectCrisisResponse, timeoutMs: 2000 },
      );
      expect(reply).toEqual({ isCrisis: false, crisisLines: true });
    }
    // A crisis is the crisis answer, whichever layer decided: never the gentle lines with it.
    expect(await verdict(service, WARNING_SIGNS[1]!)).toEqual({ isCrisis: true });
    expect(await verdict(service, 'I want to die')).toEqual({ isCrisis: true });
    for (const query of ORDINARY) expect(await verdict(service, query)).toEqual({ isCrisis: false });
  });

  test('when ai-query says it has run this same model on the message, then the model is not run again; the rules still judge', async () => {
    const ask = (query: string, modelRead?: string) =>
      service.bus.request(
        RpcSubjects.detectCrisis,
        { query, ...(modelRead ? { modelRead } : {}) },
        { response: DetectCrisisResponse, timeoutMs: 2000 },
      );
    const runs = async () => {
      const metrics = await (await fetch(`${service.url}/metrics`)).text();
      return Number(/^embedding_seconds_count\{[^}]*use="crisis"[^}]*\} (\d+)/m.exec(metrics)?.[1] ?? 0);
    };
    const before = await runs();
    // The model's catch, which ai-query's copy of the model has already judged: the service trusts it.
    expect(await ask(WARNING_SIGNS[1]!, CRISIS_MODEL_VERSION)).toEqual({ isCrisis: false });
    expect(await ask('I want to die', CRISIS_MODEL_VERSION)).toEqual({ isCrisis: true });
    expect(await runs()).toBe(before);
    // Another model's reading is no reason to skip this one's.
    expect(await ask(WARNING_SIGNS[1]!, 'abcdef012345')).toEqual({ isCrisis: true });
    expect(await ask(WARNING_SIGNS[1]!)).toEqual({ isCrisis: true });
    expect(await runs()).toBe(before + 2);
  });

  test('when the HTTP route is sent modelRead, then it is refused: only ai-query, over NATS, may say what it has run', async () => {
    const res = await fetch(`${service.url}/api/detect-crisis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: WARNING_SIGNS[1], modelRead: CRISIS_MODEL_VERSION }),
    });
    expect(res.status).toBe(400);
  });

  test('when ai-query asks what it judges with, then it names the crisis model version besides the rules', async () => {
    const info = await service.bus.request(RpcSubjects.crisisInfo, {}, { response: CrisisInfo, timeoutMs: 2000 });
    expect(info).toEqual({ moderation: false, rulesVersion: RULES_VERSION, model: CRISIS_MODEL_VERSION });
  });

  test('the model is up, and its time per message is measured', async () => {
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toMatch(/^embedding_model_up\{[^}]*\} 1$/m);
    expect(metrics).toMatch(/^embedding_seconds_count\{[^}]*use="crisis"[^}]*\} [1-9]/m);
  });
});

describe('the crisis service when the model cannot load', () => {
  let service: RunningService<CrisisConfig>;
  beforeAll(async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'broken-model-'));
    await writeFile(path.join(broken, 'model.onnx'), 'not a model');
    await writeFile(path.join(broken, 'tokenizer.json'), '{}');
    service = await startService({
      name: 'crisis-no-model',
      config: configFor({ EMBEDDING_MODEL_DIR: broken }),
      setup: crisisService(),
    });
    await ready(service);
  }, 60_000);
  afterAll(() => service.close());

  test('then it is ready, the rules still answer, embedding_model_up is 0, and it names no model', async () => {
    expect(await detect(service, 'I want to die')).toBe(true);
    expect(await detect(service, 'my knee hurts after running')).toBe(false);
    expect(await (await fetch(`${service.url}/metrics`)).text()).toMatch(/^embedding_model_up\{[^}]*\} 0$/m);
    const info = await service.bus.request(RpcSubjects.crisisInfo, {}, { response: CrisisInfo, timeoutMs: 2000 });
    expect(info).toEqual({ moderation: false, rulesVersion: RULES_VERSION });
  });
});
