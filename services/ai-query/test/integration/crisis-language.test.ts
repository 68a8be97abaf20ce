import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService } from '@hhp/kit';
import { CrisisConfig } from '../../../crisis/src/config.js';
import { crisisService } from '../../../crisis/src/service.js';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { startNats, type NatsServer } from '../../../../infra/src/dev-servers.js';
import { ask, newGuestId, parseSse, startAiQuery, storedCount, type AiQuery } from './harness.js';

// A Spanish crisis message is answered in Spanish: 988 (press 2, or text AYUDA to 988) and the Crisis
// Text Line (text AYUDA to 741741). A nats-server of this suite's own, as in crisis.test.ts: crisis
// services of other suites would answer the same request subject.
let nats: NatsServer;
let natsDir: string;
let stub: OpenAiStub;
let ai: AiQuery;
let crisis: Awaited<ReturnType<typeof startService<CrisisConfig>>>;

const SPANISH_LINES = ['marca el 2', 'AYUDA por mensaje de texto al 988', 'AYUDA al 741741'];

beforeAll(async () => {
  natsDir = mkdtempSync(path.join(os.tmpdir(), 'ai-crisis-language-nats-'));
  nats = await startNats({ storeDir: natsDir });
  stub = await startOpenAiStub();
  // The moderation model flags one Spanish message that the rules do not see.
  stub.behaviour.flagSelfHarm = (input) => input.includes('las pastillas del cajón');
  const config = CrisisConfig.parse({
    PORT: '0',
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: nats.url,
    MONGODB_DB: `crisis-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: stub.baseUrl,
  });
  crisis = await startService({ name: 'crisis', config, setup: crisisService() });
  ai = await startAiQuery({ NATS_URL: nats.url, CRISIS_TIMEOUT_MS: '2000' });
});

afterAll(async () => {
  await ai?.close();
  await crisis?.close();
  await stub?.close();
  await nats?.stop();
  rmSync(natsDir, { recursive: true, force: true });
});

describe('the language of the crisis answer', () => {
  test('when a guest writes a crisis in Spanish, then the answer is in Spanish, with the Spanish lines, and costs nothing', async () => {
    const guestId = newGuestId();
    const res = await ask(ai, { query: 'ya no quiero vivir, me quiero morir', guestId });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    expect(body.response).toMatch(/^Siento mucho que estés pasando por esto/);
    for (const line of SPANISH_LINES) expect(body.response).toContain(line);
    expect(body.response).toContain('911');
    expect(await storedCount(ai, `guest:${guestId}`)).toBe(0);
  });

  test('when a crisis in Spanish is streamed, then the streamed answer is in Spanish too', async () => {
    const res = await ask(
      ai,
      { query: 'mi esposo me pega y tengo miedo', guestId: newGuestId() },
      {},
      '/api/query-ai/stream',
    );
    expect(res.status).toBe(200);
    const text = parseSse(await res.text())
      .filter(([event]) => event === 'delta')
      .map(([, data]) => (data as { text: string }).text)
      .join('');
    for (const line of SPANISH_LINES) expect(text).toContain(line);
  });

  test('when only the moderation model sees a Spanish crisis, then the answer is still in Spanish', async () => {
    const body = await (
      await ask(ai, { query: 'no dejo de pensar en las pastillas del cajón', guestId: newGuestId() })
    ).json();
    expect(body.isCrisis).toBe(true);
    for (const line of SPANISH_LINES) expect(body.response).toContain(line);
  });

  test('when a crisis is written in English, then the answer stays in English', async () => {
    const body = await (await ask(ai, { query: "I've been cutting again", guestId: newGuestId() })).json();
    expect(body.isCrisis).toBe(true);
    expect(body.response).toContain('text HOME to 741741');
    expect(body.response).not.toContain('AYUDA');
  });
});
