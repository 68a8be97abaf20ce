import { randomUUID } from 'node:crypto';
import { DetectCrisisResponse, RpcSubjects } from '@hhp/proto';
import { serviceConfig, startService, type RunningService } from '@hhp/kit';
import { crisisService } from '../../src/service.js';

type Config = ReturnType<ReturnType<typeof serviceConfig>['parse']>;

describe('crisis service', () => {
  let service: RunningService<Config>;
  beforeAll(async () => {
    service = await startService({
      name: 'crisis-test',
      config: {
        ...serviceConfig('crisis', 0).parse({}),
        PORT: 0,
        MONGODB_URI: process.env.MONGODB_URI!,
        NATS_URL: process.env.NATS_URL!,
        MONGODB_DB: `crisis-test-${randomUUID().slice(0, 8)}`,
        LOG_LEVEL: 'silent',
      },
      setup: crisisService,
    });
  });
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

  test('when ai-query asks over NATS, then it gets the same verdict', async () => {
    const reply = await service.bus.request(
      RpcSubjects.detectCrisis,
      { query: "I can't go on anymore" },
      { response: DetectCrisisResponse, timeoutMs: 2000 },
    );
    expect(reply).toEqual({ isCrisis: true });
  });
});
