import { startOpenAiStub, type OpenAiStub } from '../../src/testing/openai-stub.js';

describe('OpenAI stub', () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub({ reply: () => 'Ginger tea may soothe digestion.' });
  });
  afterAll(() => stub.close());

  const post = (body: unknown, signal?: AbortSignal) =>
    fetch(`${stub.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: signal ?? null,
    });

  test('when asked without streaming, then it answers a chat completion', async () => {
    const res = await post({ model: 'm', messages: [{ role: 'user', content: 'hi' }] });
    const json = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(json.choices[0]!.message.content).toBe('Ginger tea may soothe digestion.');
  });

  test('when asked to stream, then the deltas add up to the reply and end with [DONE]', async () => {
    const res = await post({ model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const text = await res.text();
    const deltas = text
      .split('\n\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)).choices[0]?.delta?.content ?? '')
      .join('');
    expect(deltas).toBe('Ginger tea may soothe digestion.');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  test('when the client aborts mid-stream, then the stub records the request as aborted', async () => {
    stub.behaviour.tokenDelayMs = 50;
    const controller = new AbortController();
    const res = await post({ model: 'm', stream: true, messages: [] }, controller.signal);
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect(stub.requests.at(-1)!.aborted).toBe(true);
    stub.behaviour.tokenDelayMs = 0;
  });

  test('when told to fail, then it answers that status with an OpenAI error body', async () => {
    stub.behaviour.failStatus = 503;
    const res = await post({ model: 'm', messages: [] });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/503/);
    delete stub.behaviour.failStatus;
  });
});
