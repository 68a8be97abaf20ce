import { createHmac } from 'node:crypto';
import { Router } from 'express';
import { MAX_JSON_BODY_BYTES } from '@hhp/proto';
import { largerJsonBody, rawBody, requestContext, startService, type RunningService } from '../../src/index.js';
import { testConfig, type Config } from './harness.js';

const config = () => testConfig('kit-body-test', 'kit-body');

const SECRET = 'whsec_test';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

describe('per-route body parsers', () => {
  let service: RunningService<Config>;
  beforeAll(async () => {
    service = await startService({
      name: 'kit-body-test',
      config: config(),
      setup: () => {
        const router = Router();
        router.post('/api/webhook', (req, res) => {
          const raw = req.rawBody ?? Buffer.alloc(0);
          const valid = req.get('x-signature') === sign(raw.toString('utf8'));
          res.json({ isBuffer: Buffer.isBuffer(req.body), bytes: raw.length, valid });
        });
        router.post('/api/large', (req, res) => {
          res.json({ size: JSON.stringify(req.body).length });
        });
        router.post('/api/small', (req, res) => {
          res.json({ size: JSON.stringify(req.body).length, ...requestContext(req), logger: undefined });
        });
        return {
          routers: [router],
          bodies: [
            { method: 'POST', path: '/api/webhook', parsers: [rawBody({ limitBytes: 512 * 1024 })] },
            { method: 'POST', path: '/api/large', parsers: largerJsonBody(256 * 1024) },
          ],
        };
      },
    });
  });
  afterAll(() => service.close());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  test('when a webhook arrives, then the route sees its exact bytes (whitespace and key order kept) and the signature checks', async () => {
    // 100 kB: past the default JSON limit, as a Stripe event can be.
    const body = `{ "id": "evt_1",\n  "data":  {"b": 2, "a": 1}, "pad": "${'x'.repeat(100_000)}" }`;
    const res = await post('/api/webhook', body, {
      'x-signature': sign(body),
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isBuffer: true, bytes: Buffer.byteLength(body), valid: true });
  });

  test('when a webhook body is over its own limit, then the answer is 413 naming that limit', async () => {
    const res = await post('/api/webhook', 'x'.repeat(600 * 1024), { 'content-type': 'text/plain' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large (limit 512kb)' });
  });

  test('when a route asks for a larger JSON limit, then a 200 kB body is parsed there, and a wrong type is still 415', async () => {
    expect(200_000).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const body = JSON.stringify({ text: 'y'.repeat(200_000) });
    const res = await post('/api/large', body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ size: body.length });
    const form = await post('/api/large', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
  });

  test('when the larger route gets more than its limit, then the answer is 413 naming its limit', async () => {
    const res = await post('/api/large', JSON.stringify({ text: 'y'.repeat(300_000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'Request body is too large (limit 256kb)' });
  });

  test('when any other route gets more than the global limit, then it answers 413', async () => {
    const res = await post('/api/small', JSON.stringify({ text: 'y'.repeat(MAX_JSON_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: `Request body is too large (limit ${MAX_JSON_BODY_BYTES / 1024}kb)` });
  });

  test('when a route reads its request context, then it has the request id and the client address', async () => {
    const res = await post('/api/small', '{"a":1}', { 'x-request-id': 'ctx-1' });
    expect(await res.json()).toEqual({ size: 7, requestId: 'ctx-1', clientAddress: '127.0.0.1' });
  });
});
