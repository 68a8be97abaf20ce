// The language model: OpenAI chat completions through the official SDK, or any OpenAI-compatible server
// (OPENAI_BASE_URL). Streams text deltas; the caller's AbortSignal cancels the upstream request.
//
// `LanguageModel` is the one interface the assistant sees. Behind it, `ModelClient` is the SDK's client with
// two parts replaced, over fetch.ts: with them a call leaves 1% of what it allocates to the young generation
// against 11%, and a quarter of the collector's pauses (BENCHMARKS.md, "The model client: the stock SDK against
// the tuned one"). They are the only code that knows the SDK's internals: checked against openai 7.57.0 and
// undici 8.12.4; llm.test.ts fails when an upgrade renames them (and the SDK's own path is then used).
import OpenAI, { APIPromise, type ClientOptions } from 'openai';
import type { AiQueryConfig } from '../config.js';
import { undiciFetch } from './fetch.js';

export interface Usage {
  promptTokens?: number;
  completionTokens?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LanguageModel {
  /**
   * Yields text as it is written; returns the token usage when the server reports it. With
   * `{ streamed: false }` the answer may come as one piece (the JSON route wants nothing else, and an
   * unstreamed call costs less CPU: BENCHMARKS.md, scripts/bench/model-client.mjs).
   */
  stream(messages: ChatMessage[], signal: AbortSignal, options?: { streamed?: boolean }): AsyncGenerator<string, Usage>;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

export function openAiModel(config: AiQueryConfig): LanguageModel | undefined {
  if (!config.OPENAI_API_KEY) return undefined;
  const client = new ModelClient({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL ?? null,
    timeout: config.OPENAI_TIMEOUT_MS,
    maxRetries: config.OPENAI_MAX_RETRIES,
  });
  const request = {
    model: config.OPENAI_MODEL,
    temperature: 0.4,
    max_completion_tokens: 600,
  } as const;
  return {
    async *stream(messages, signal, { streamed = true } = {}) {
      if (!streamed) {
        let completion;
        try {
          completion = await client.chat.completions.create({ ...request, messages }, { signal });
        } catch (err) {
          throw signal.aborted ? err : new UpstreamError(describe(err), { cause: err });
        }
        const text = completion.choices[0]?.message?.content;
        if (!text) throw new UpstreamError('model server answered without text');
        yield text;
        const { usage } = completion;
        return usage ? { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens } : {};
      }
      let stream;
      try {
        stream = await client.chat.completions.create(
          { ...request, messages, stream: true, stream_options: { include_usage: true } },
          { signal },
        );
      } catch (err) {
        throw signal.aborted ? err : new UpstreamError(describe(err), { cause: err });
      }
      const usage: Usage = {};
      let finished = false;
      try {
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
          if (chunk.usage) {
            usage.promptTokens = chunk.usage.prompt_tokens;
            usage.completionTokens = chunk.usage.completion_tokens;
          }
        }
        finished = true;
      } catch (err) {
        throw signal.aborted ? err : new UpstreamError(describe(err), { cause: err });
      } finally {
        // Leaving early (client gone, error) must close the upstream connection too. (After the end of
        // the stream there is nothing to close, and an abort would cost an exception per answer.)
        if (!finished) stream.controller.abort();
      }
      return usage;
    },
  };
}

type ParseResponse = (client: OpenAI, props: unknown) => unknown;

/** The SDK's internals that ModelClient replaces and uses (private in its types). */
interface ResponseInternals {
  responsePromise(request: Promise<unknown>, parse?: ParseResponse): APIPromise<unknown>;
  parseResponseWithTimeout: ParseResponse;
}

export function sdkHasResponseInternals(client: OpenAI): boolean {
  const internals = client as unknown as Partial<ResponseInternals>;
  return typeof internals.responsePromise === 'function' && typeof internals.parseResponseWithTimeout === 'function';
}

/**
 * The SDK's client over fetch.ts, changed in two places where it made V8's young-generation collector keep
 * every call's objects (scripts/bench/model-client-gc.mjs; BENCHMARKS.md, "AI assistant"):
 *
 * - `fetchWithTimeout` (an override the SDK provides for) follows the caller's AbortSignal with a plain
 *   listener. The SDK's own composes it with `AbortSignal.any`, and Node registers every composed signal
 *   that gets a listener in a FinalizationRegistry, whose targets a scavenge treats as alive.
 * - Every call's promise is a plain `APIPromise`, without the two closures that the client's private
 *   `responsePromise` hangs on it (`withResponse`, never called here, and a `_thenUnwrap` that resumes
 *   X.509 workload-identity requests, not used here); the body timeout and the retries stay. A version of
 *   the SDK that renames it fails the model tests (sdkHasResponseInternals) and until then keeps its own.
 *
 * The caller's signal must be one per call (ModelCall's is): its listener is left in place until the call
 * is over and gone, as the SDK's is, because a streamed answer may still be cancelled after the headers.
 */
export class ModelClient extends OpenAI {
  private readonly send = undiciFetch();

  constructor(options: Omit<ClientOptions, 'fetch'>) {
    super(options);
    if (!sdkHasResponseInternals(this)) return;
    const internals = this as unknown as ResponseInternals;
    internals.responsePromise = (request, parse = (sdk, props) => internals.parseResponseWithTimeout(sdk, props)) =>
      new APIPromise(this, request as never, parse as never);
  }

  override async fetchWithTimeout(
    url: Parameters<typeof fetch>[0],
    init: RequestInit | undefined,
    ms: number,
    controller: AbortController,
  ): Promise<Response> {
    const { signal, method, ...options } = init ?? {};
    const abort = () => controller.abort();
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    const timeout = setTimeout(abort, ms);
    try {
      return await this.send(url, { ...options, method: method?.toUpperCase() ?? 'GET', signal: controller.signal });
    } catch (err) {
      signal?.removeEventListener('abort', abort);
      throw err;
    } finally {
      clearTimeout(timeout);
    }
  }
}

function describe(err: unknown): string {
  if (err instanceof OpenAI.APIError) return `model server answered ${err.status ?? 'without a status'}`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * One model call that may start before it is known to be wanted (the model's first words take longest):
 * started at most once, aborted when the request is or when `abort()` is called, and read once.
 */
export class ModelCall {
  private readonly controller = new AbortController();
  private readonly onAbort = () => this.controller.abort(this.signal.reason);
  private call: { stream: AsyncGenerator<string, Usage>; first: Promise<IteratorResult<string, Usage>> } | undefined;

  constructor(
    private readonly model: LanguageModel,
    private readonly messages: ChatMessage[],
    private readonly signal: AbortSignal,
    private readonly streamed = true,
  ) {
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  start(): void {
    if (this.call || this.controller.signal.aborted) return;
    const stream = this.model.stream(this.messages, this.controller.signal, { streamed: this.streamed });
    const first = stream.next();
    first.catch(() => {}); // read by text(), or dropped after abort()
    this.call = { stream, first };
  }

  abort(): void {
    this.controller.abort();
  }

  /** The answer as it is written; starts the call if nothing has yet. */
  async *text(): AsyncGenerator<string, Usage> {
    this.start();
    const { stream, first } = this.call!;
    for (let next = await first; ; next = await stream.next()) {
      if (next.done) return next.value;
      yield next.value;
    }
  }

  dispose(): void {
    this.signal.removeEventListener('abort', this.onAbort);
  }
}
