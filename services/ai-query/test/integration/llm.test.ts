import OpenAI from 'openai';
import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { AiQueryConfig } from '../../src/config.js';
import { ModelClient, openAiModel, sdkHasResponseInternals, UpstreamError } from '../../src/model/llm.js';

describe('the language model over the openai SDK, against a local OpenAI-compatible server', () => {
  let stub: OpenAiStub;
  const messages = [{ role: 'user' as const, content: 'What helps with bloating?' }];

  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(() => stub?.close());
  beforeEach(() => stub.reset());

  const model = (env: Record<string, string> = {}) =>
    openAiModel(
      AiQueryConfig.parse({
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: stub.baseUrl,
        OPENAI_MAX_RETRIES: '0',
        ...env,
      }),
    )!;

  async function read(stream: AsyncGenerator<string, unknown>) {
    let text = '';
    for (let next = await stream.next(); ; next = await stream.next()) {
      if (next.done) return { text, usage: next.value };
      text += next.value;
    }
  }

  test('the SDK still has the internals that ModelClient replaces (an upgrade that renames them fails here)', () => {
    expect(sdkHasResponseInternals(new OpenAI({ apiKey: 'sk-test' }))).toBe(true);
  });

  test('ModelClient answers, and its promises carry no per-call closures', async () => {
    stub.behaviour.reply = () => 'Ginger tea after meals.';
    const client = new ModelClient({ apiKey: 'sk-test', baseURL: stub.baseUrl, maxRetries: 0 });
    const call = client.chat.completions.create({ model: 'm', messages });
    expect(Object.hasOwn(call, 'withResponse')).toBe(false);
    const completion = await call;
    expect(completion.choices[0]?.message.content).toBe('Ginger tea after meals.');
    // What the SDK adds to a result stays: the request id and the parsed usage.
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
  });

  test('the whole answer and the streamed answer both arrive, with the token usage', async () => {
    stub.behaviour.reply = () => 'Peppermint tea may ease bloating.';
    const whole = await read(model().stream(messages, new AbortController().signal, { streamed: false }));
    expect(whole.text).toBe('Peppermint tea may ease bloating.');
    expect(whole.usage).toMatchObject({ promptTokens: expect.any(Number), completionTokens: expect.any(Number) });
    const streamed = await read(model().stream(messages, new AbortController().signal));
    expect(streamed.text).toBe('Peppermint tea may ease bloating.');
    expect(streamed.usage).toMatchObject({ completionTokens: expect.any(Number) });
  });

  test('an error status becomes an UpstreamError naming it', async () => {
    stub.behaviour.failStatus = 503;
    const err: unknown = await read(model().stream(messages, new AbortController().signal, { streamed: false })).catch(
      (error: unknown) => error,
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as Error).message).toBe('model server answered 503');
  });

  test('the body timeout still holds: a model slower than OPENAI_TIMEOUT_MS is an UpstreamError', async () => {
    stub.behaviour.firstTokenDelayMs = 1500;
    const started = Date.now();
    await expect(
      read(model({ OPENAI_TIMEOUT_MS: '1000' }).stream(messages, new AbortController().signal, { streamed: false })),
    ).rejects.toBeInstanceOf(UpstreamError);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  test('aborting the signal stops a whole-answer call before the model answers', async () => {
    stub.behaviour.firstTokenDelayMs = 2000;
    const controller = new AbortController();
    const answer = read(model().stream(messages, controller.signal, { streamed: false }));
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(answer).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('aborting the signal while the answer streams closes the upstream connection', async () => {
    stub.behaviour.reply = () => Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    stub.behaviour.tokenDelayMs = 20;
    const controller = new AbortController();
    const stream = model().stream(messages, controller.signal);
    expect((await stream.next()).done).toBe(false);
    controller.abort();
    // The SDK may end an aborted stream quietly (the assistant checks the signal); either way it ends.
    await read(stream).catch(() => undefined);
    const deadline = Date.now() + 2000;
    while (!stub.requests[0]?.aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(stub.requests[0]?.aborted).toBe(true);
  });
});
