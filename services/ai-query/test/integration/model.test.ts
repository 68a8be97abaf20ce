import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { ask, newGuestId, parseSse, startAiQuery, storedCount, type AiQuery } from './harness.js';

describe('ai-query with an OpenAI-compatible model', () => {
  let stub: OpenAiStub;
  let service: AiQuery;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    service = await startAiQuery({
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
  });
  beforeEach(() => stub.reset());

  test('when asked, then the model answers with the persona, the portal passages and the question', async () => {
    stub.behaviour.reply = () => 'Warm milk with nutmeg can help you unwind.';
    const guestId = newGuestId();
    const res = await ask(service, { query: 'I cannot sleep', guestId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      response: 'Warm milk with nutmeg can help you unwind.',
      isCrisis: false,
      queriesUsed: 1,
      sources: expect.arrayContaining([expect.objectContaining({ path: '/conditions/insomnia' })]),
    });
    const messages = stub.requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages[0]!.content).toContain("Dr. Helen's AI");
    expect(messages[0]!.content).toContain('never diagnose');
    expect(messages[1]!.content).toContain('/conditions/insomnia');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'I cannot sleep' });
    expect(messages).toHaveLength(3);
    // The JSON route asks for the whole answer at once; the SSE route streams it.
    expect(stub.requests[0]!.body.stream).toBeUndefined();
  });

  test('when the model is slow to answer the JSON route, then the answer still arrives whole', async () => {
    stub.behaviour.reply = () => 'Rest the joint and keep it warm.';
    stub.behaviour.firstTokenDelayMs = 300;
    const res = await ask(service, { query: 'Stiff knee in the morning', guestId: newGuestId() });
    expect(res.status).toBe(200);
    expect((await res.json()).response).toBe('Rest the joint and keep it warm.');
  });

  test('when the model drops the connection before a JSON answer, then 502 and the question is given back', async () => {
    stub.behaviour.dropAfterChunks = 0;
    const guestId = newGuestId();
    const res = await ask(service, { query: 'Back pain', guestId });
    expect(res.status).toBe(502);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when asked to stream, then meta, the deltas and done arrive in order', async () => {
    stub.behaviour.reply = () => 'Ginger tea after meals may ease digestion.';
    stub.behaviour.firstTokenDelayMs = 200;
    const started = Date.now();
    const res = await ask(
      service,
      { query: 'Bloating after meals', guestId: newGuestId() },
      {},
      '/api/query-ai/stream',
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = parseSse(await res.text());
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(events[0]).toEqual([
      'meta',
      { queriesUsed: 1, queriesAllowed: 3, isSubscriber: false, isCrisis: false, isEmergency: false },
    ]);
    const deltas = events.filter(([name]) => name === 'delta').map(([, data]) => (data as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Ginger tea after meals may ease digestion.');
    expect(stub.requests[0]!.body.stream).toBe(true);
    expect(events.at(-1)).toEqual([
      'done',
      expect.objectContaining({ response: 'Ginger tea after meals may ease digestion.' }),
    ]);
  });

  test('when a streamed question describes a medical emergency, then where to get emergency care comes before the model', async () => {
    stub.behaviour.reply = () => 'Sit upright and loosen tight clothing.';
    const res = await ask(
      service,
      { query: 'crushing pressure in my chest', guestId: newGuestId() },
      {},
      '/api/query-ai/stream',
    );
    const events = parseSse(await res.text());
    expect(events[0]).toEqual(['meta', expect.objectContaining({ isCrisis: false, isEmergency: true })]);
    const deltas = events.filter(([name]) => name === 'delta').map(([, data]) => (data as { text: string }).text);
    expect(deltas[0]).toMatch(/^If this is happening now, please call 911/);
    expect(deltas.join('')).toMatch(/911[\s\S]*\n\nSit upright and loosen tight clothing\.$/);
    expect(events.at(-1)).toEqual(['done', expect.objectContaining({ response: deltas.join('') })]);
    const messages = stub.requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages.at(-2)).toEqual({ role: 'system', content: expect.stringContaining('do not repeat it') });
  });

  test('when the message is a crisis, then the crisis answer comes and no model answer is used', async () => {
    stub.behaviour.firstTokenDelayMs = 200;
    const guestId = newGuestId();
    const body = await (await ask(service, { query: 'I want to die', guestId })).json();
    expect(body).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    expect(body.response).toContain('988');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stub.requests.filter((r) => r.completed)).toEqual([]);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when the model answers with an error status, then 502 and the question is given back', async () => {
    stub.behaviour.failStatus = 500;
    const guestId = newGuestId();
    const res = await ask(service, { query: 'Knee pain', guestId });
    expect(res.status).toBe(502);
    expect((await res.json()).message).toContain('Your question was not counted');
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when the model drops the connection mid-stream, then the stream ends with an error event and the question is spent', async () => {
    stub.behaviour.reply = () => 'one two three four five six seven eight';
    stub.behaviour.dropAfterChunks = 2;
    stub.behaviour.tokenDelayMs = 50; // the two words reach the browser before the drop
    const guestId = newGuestId();
    const res = await ask(service, { query: 'Headaches', guestId }, {}, '/api/query-ai/stream');
    const events = parseSse(await res.text());
    expect(events[0]![0]).toBe('meta');
    expect(events.filter(([name]) => name === 'delta').length).toBeGreaterThan(0);
    expect(events.at(-1)).toEqual(['error', { message: "The AI assistant couldn't finish this answer." }]);
    // Part of the answer was read: it counts.
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  });

  test('when the model fails before its first words on the stream, then the error event says the question was not counted, and it was not', async () => {
    stub.behaviour.dropAfterChunks = 0;
    const guestId = newGuestId();
    const res = await ask(service, { query: 'Headaches', guestId }, {}, '/api/query-ai/stream');
    const events = parseSse(await res.text());
    expect(events.map(([name]) => name)).toEqual(['meta', 'error']);
    expect((events[1]![1] as { message: string }).message).toContain('Your question was not counted');
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  /** Streams a long answer, reads `reads` chunks of it, then goes away; resolves once the model call is aborted. */
  async function readThenLeave(guestId: string, reads: number): Promise<void> {
    stub.behaviour.reply = () => Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    stub.behaviour.tokenDelayMs = 20;
    const controller = new AbortController();
    const res = await fetch(`${service.url}/api/query-ai/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Tell me about Ayurveda', guestId }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let text = '';
    while (reads > 0) {
      const { value } = await reader.read();
      text += new TextDecoder().decode(value);
      reads = (text.match(/^event: delta$/gm) ?? []).length >= reads ? 0 : reads;
    }
    controller.abort();
    await waitFor(() => stub.requests[0]?.aborted === true).catch((err: unknown) => {
      throw new Error(`upstream not aborted: ${JSON.stringify(stub.requests.map((r) => [r.aborted, r.completed]))}`, {
        cause: err,
      });
    });
  }

  test('when the browser goes away after reading part of a streamed answer, then the model call is aborted and the question is spent', async () => {
    const guestId = newGuestId();
    await readThenLeave(guestId, 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
    // Leaving early every time is no way around the quota.
    for (let i = 0; i < 2; i++) {
      stub.reset();
      await readThenLeave(guestId, 5);
    }
    expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(429);
  });

  test('when the browser goes away before any of the answer arrives, then the model call is aborted and the question given back', async () => {
    stub.behaviour.firstTokenDelayMs = 2000;
    const guestId = newGuestId();
    const controller = new AbortController();
    const res = await fetch(`${service.url}/api/query-ai/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Tell me about Ayurveda', guestId }),
      signal: controller.signal,
    });
    await res.body!.getReader().read(); // the meta event
    controller.abort();
    await waitFor(() => stub.requests[0]?.aborted === true);
    await waitFor(async () => (await storedCount(service, `guest:${guestId}`)) === 0);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
