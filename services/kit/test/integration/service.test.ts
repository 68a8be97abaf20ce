import { randomUUID } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { Router } from 'express';
import { z } from 'zod';
import { DEAD_LETTER_SUBJECT, EVENTS_STREAM, MAX_JSON_BODY_BYTES } from '@hhp/proto';
import { AckPolicy, DeliverPolicy } from '@nats-io/jetstream';
import { HttpError, createEnvelope, parse, startService, type RunningService } from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const config = () => testConfig('kit-test', 'kit-test');

const Echo = z.object({ word: z.string().min(1) }).strict();

describe('a service built on the kit', () => {
  let service: RunningService<Config>;

  beforeAll(async () => {
    service = await startService({
      name: 'kit-test',
      config: config(),
      setup: () => {
        const router = Router();
        router.post('/api/echo', (req, res) => {
          res.json(parse(Echo, req.body));
        });
        router.get('/api/teapot', () => {
          throw new HttpError(418, 'I am a teapot');
        });
        router.get('/api/boom', () => {
          throw new Error('secret detail');
        });
        return { routers: [router] };
      },
    });
  });
  afterAll(() => service.close());

  const post = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });

  test('when probed, then /healthz, /readyz and /metrics answer', async () => {
    expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { mongodb: 'ok', nats: 'ok' } });
    const metrics = await (await fetch(`${service.url}/metrics`)).text();
    expect(metrics).toContain('http_request_duration_seconds');
  });

  test('when a route does not exist, then the answer is a JSON 404 naming it', async () => {
    const res = await fetch(`${service.url}/api/nothing-here?x=1`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
  });

  test('when the body is valid, then the route sees it and the request id is echoed', async () => {
    const res = await fetch(`${service.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'abc-123' },
      body: JSON.stringify({ word: 'calm' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(await res.json()).toEqual({ word: 'calm' });
  });

  test.each([
    ['markup', '<b>x</b>'],
    ['a colon', 'a:b'],
    ['65 characters', 'a'.repeat(65)],
  ])(
    'when the request id has %s, then the service answers with one of its own (the rule nginx applies)',
    async (_name, id) => {
      const res = await fetch(`${service.url}/api/teapot`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  test.each([
    [
      'malformed JSON',
      '{"word":',
      'application/json',
      400,
      'The request was not understood: its body is not valid JSON. Please reload the page and try again.',
    ],
    [
      'a wrong content type',
      'word=calm',
      'application/x-www-form-urlencoded',
      415,
      'Content-Type must be application/json',
    ],
    [
      'an oversized body',
      JSON.stringify({ word: 'x'.repeat(MAX_JSON_BODY_BYTES) }),
      'application/json',
      413,
      `Request body is too large (limit ${MAX_JSON_BODY_BYTES / 1024}kb)`,
    ],
    ['a missing field', '{}', 'application/json', 400, 'word: is required'],
    ['an unknown field', '{"word":"a","extra":1}', 'application/json', 400, 'extra: is not allowed'],
    ['an operator object', '{"word":{"$gt":""}}', 'application/json', 400, 'word: must be a string'],
  ])('when the body has %s, then the answer is %#: a clear 4xx', async (_name, body, type, status, message) => {
    const res = await post('/api/echo', body, type);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
  });

  const compressed = (encoding: string, body: Buffer) =>
    fetch(`${service.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body,
    });
  const word = Buffer.from(JSON.stringify({ word: 'calm' }));

  test('when the body is compressed with gzip, deflate or br, then the route sees it', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync(word)],
      ['deflate', deflateSync(word)],
      ['br', brotliCompressSync(word)],
    ] as const) {
      const res = await compressed(encoding, body);
      expect([encoding, res.status, await res.json()]).toEqual([encoding, 200, { word: 'calm' }]);
    }
  });

  test.each([
    ['gzip', 'not gzip at all', 'Request body is not valid gzip data (Content-Encoding: gzip)'],
    ['gzip', gzipSync(word).subarray(0, 12), 'Request body is not valid gzip data (Content-Encoding: gzip)'],
    ['deflate', 'not deflate either', 'Request body is not valid deflate data (Content-Encoding: deflate)'],
    [
      'br',
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x12]),
      'Request body is not valid br data (Content-Encoding: br)',
    ],
  ])('when a %s body is corrupt, then the answer is a 400 naming the encoding', async (encoding, body, message) => {
    const res = await compressed(encoding, Buffer.from(body));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  test('when a compressed body inflates past the limit, then the answer is 413', async () => {
    const inflated = JSON.stringify({ word: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const res = await compressed('gzip', gzipSync(Buffer.from(inflated)));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: `Request body is too large (limit ${MAX_JSON_BODY_BYTES / 1024}kb)` });
  });

  test('when a route throws, then an HttpError keeps its status and anything else is a 500 without details', async () => {
    const teapot = await fetch(`${service.url}/api/teapot`);
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toEqual({ message: 'I am a teapot' });
    const boom = await fetch(`${service.url}/api/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ message: 'Something went wrong on our side. Please try again in a moment.' });
  });
});

describe('the event bus', () => {
  let service: RunningService<Config>;
  beforeAll(async () => {
    service = await startService({ name: 'kit-bus-test', config: config(), setup: () => ({ routers: [] }) });
  });
  afterAll(() => service.close());

  test('when the same event is published twice, then the stream keeps it once', async () => {
    const event = createEnvelope('email.v1.kit-test', { n: 1 });
    const first = await service.bus.publish(event);
    const second = await service.bus.publish(event);
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(second.seq).toBe(first.seq);
  });

  test('when a handler succeeds, then it sees the event with its request id, once', async () => {
    const subject = `email.v1.ok-${randomUUID().slice(0, 8)}`;
    const seen: { data: unknown; requestId: string | undefined }[] = [];
    const subscription = await service.bus.subscribe(
      subject,
      `kit-ok-${randomUUID().slice(0, 8)}`,
      async (event, ctx) => {
        seen.push({ data: (event as { data: unknown }).data, requestId: ctx.requestId });
      },
    );
    await service.bus.publish(createEnvelope(subject, { hello: 'world' }), { requestId: 'req-42' });
    await waitUntil(() => seen.length > 0);
    await subscription.stop();
    expect(seen).toEqual([{ data: { hello: 'world' }, requestId: 'req-42' }]);
  });

  test('when a handler keeps failing, then the event is retried and then dead-lettered', async () => {
    const suffix = randomUUID().slice(0, 8);
    const subject = `email.v1.fail-${suffix}`;
    const deadLetters = `kit-dlq-${suffix}`;
    await service.bus.jsm.consumers.add(EVENTS_STREAM, {
      durable_name: deadLetters,
      filter_subject: DEAD_LETTER_SUBJECT,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
    });
    let attempts = 0;
    const subscription = await service.bus.subscribe(
      subject,
      `kit-fail-${suffix}`,
      async () => {
        attempts += 1;
        throw new Error('handler broke');
      },
      { maxDeliver: 3, backoffMs: [50] },
    );
    await service.bus.publish(createEnvelope(subject, { n: 1 }));
    await waitUntil(() => attempts === 3);
    const consumer = await service.bus.js.consumers.get(EVENTS_STREAM, deadLetters);
    const dead = await consumer.next({ expires: 5000 });
    await subscription.stop();
    expect(attempts).toBe(3);
    expect(dead?.headers?.get('x-original-subject')).toBe(subject);
    expect(dead?.headers?.get('x-error')).toBe('handler broke');
  });

  test('when a request is answered, then the caller gets the validated reply; a bad request is a 400', async () => {
    const subject = `rpc.kit-test.${randomUUID().slice(0, 8)}`;
    const sub = service.bus.reply(subject, {
      request: Echo,
      handler: async ({ word }) => ({ upper: word.toUpperCase() }),
    });
    const reply = await service.bus.request(subject, { word: 'calm' }, { response: z.object({ upper: z.string() }) });
    expect(reply).toEqual({ upper: 'CALM' });
    await expect(service.bus.request(subject, { nope: 1 }, { response: z.unknown() })).rejects.toMatchObject({
      status: 400,
    });
    await sub.drain();
  });

  test('when nobody answers a request, then the caller gets a 503 in time', async () => {
    const started = Date.now();
    await expect(
      service.bus.request('rpc.kit-test.nobody', {}, { response: z.unknown(), timeoutMs: 300 }),
    ).rejects.toMatchObject({ status: 503 });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
