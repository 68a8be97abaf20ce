import { randomUUID } from 'node:crypto';
import { RpcSubjects } from '@hhp/proto';
import { startService, type RunningService } from '@hhp/kit';
import { CrisisConfig } from '../../../crisis/src/config.js';
import { crisisService } from '../../../crisis/src/service.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';

// A nats-server of this suite's own: crisis services of other suites (other queue groups) would answer
// the same request subject.
let nats: NatsServer;
let natsDir: string;
import { ask, newGuestId, startAiQuery, storedCount, type AiQuery } from './harness.js';

async function startCrisis(env: Record<string, string> = {}) {
  const config = CrisisConfig.parse({
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: nats.url,
    MONGODB_DB: `crisis-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    ...env,
  });
  return startService({ name: 'crisis', config, setup: crisisService() });
}

/** Counts the crisis requests on the wire (a plain subscriber sees every message, besides the queue group). */
function countRequests(service: AiQuery) {
  let count = 0;
  const sub = service.bus.nc.subscribe(RpcSubjects.detectCrisis, { callback: () => (count += 1) });
  return { count: () => count, stop: () => sub.unsubscribe() };
}

describe('ai-query and the crisis service', () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-crisis-nats-'));
    nats = await startNats({ storeDir: natsDir });
    stub = await startOpenAiStub();
  });
  afterAll(async () => {
    await stub?.close();
    await nats?.stop();
    rmSync(natsDir, { recursive: true, force: true });
  });

  test('when the crisis service runs the same rules and the same crisis model (or none yet) and no moderation, then ai-query does not ask it', async () => {
    const crisis = await startCrisis();
    const ai = await startAiQuery({ NATS_URL: nats.url });
    try {
      await waitFor(async () => {
        const requests = countRequests(ai);
        await ask(ai, { query: 'Is turmeric good for joints?', guestId: newGuestId() });
        requests.stop();
        return requests.count() === 0;
      });
    } finally {
      await ai.close();
      await crisis.close();
    }
  });

  test('when the crisis service asks a moderation model, then its verdict reaches the visitor and costs nothing', async () => {
    stub.behaviour.flagSelfHarm = (input) => input.includes('the pills in the drawer');
    const crisis: RunningService<CrisisConfig> = await startCrisis({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
    });
    const ai = await startAiQuery({ NATS_URL: nats.url, CRISIS_TIMEOUT_MS: '2000' });
    try {
      const guestId = newGuestId();
      const requests = countRequests(ai);
      // Only the moderation model (the stub) reads a crisis here: the rules and the crisis model do not.
      const res = await ask(ai, { query: 'Can I take magnesium with the pills in the drawer?', guestId });
      requests.stop();
      expect(await res.json()).toMatchObject({ isCrisis: true, queriesUsed: 0 });
      expect(requests.count()).toBe(1);
      expect(await storedCount(ai, `guest:${guestId}`)).toBe(0);
    } finally {
      await ai.close();
      await crisis.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
