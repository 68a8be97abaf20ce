// A local server that speaks OpenAI's HTTP protocol (chat completions, streaming and not, and
// moderations), for tests and benchmarks: OpenAI itself lies outside the system. Its behaviour is set
// per test: delays, an error status, a dropped connection, the reply text.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
  role: string;
  content: string;
}

export interface StubBehaviour {
  /** The assistant's answer; split into words for streaming. */
  reply: (messages: ChatMessage[]) => string;
  /** Delay before the first byte of the answer (headers included). */
  firstTokenDelayMs: number;
  /** Delay between streamed chunks. */
  tokenDelayMs: number;
  /** Answer every chat request with this status and an OpenAI-style error body. */
  failStatus?: number;
  /** Destroy the socket after this many streamed chunks (or before the answer, when 0, non-streaming). */
  dropAfterChunks?: number;
  /** Moderation: flag self-harm when this returns true. */
  flagSelfHarm: (input: string) => boolean;
  /** Moderation: answer with this status and an OpenAI-style error body. */
  moderationFailStatus?: number;
  /** Moderation: delay before the answer. */
  moderationDelayMs: number;
  /**
   * Keep a record of every request (tests). Benchmarks turn it off: the records, each with its prompt, grow
   * with every request (tens of thousands in a run), and the stub's garbage collection would count as the
   * service's latency.
   */
  recordRequests: boolean;
}

export interface StubRequestRecord {
  path: string;
  body: Record<string, unknown>;
  /** The Authorization header sent. */
  authorization: string | undefined;
  /** True when the client went away before the answer was complete. */
  aborted: boolean;
  completed: boolean;
}

export interface OpenAiStub {
  /** e.g. http://127.0.0.1:PORT/v1, for OPENAI_BASE_URL. */
  baseUrl: string;
  behaviour: StubBehaviour;
  requests: StubRequestRecord[];
  reset(): void;
  close(): Promise<void>;
}

const defaults = (): StubBehaviour => ({
  reply: () => 'This is an educational answer from the stub model.',
  firstTokenDelayMs: 0,
  tokenDelayMs: 0,
  flagSelfHarm: () => false,
  moderationDelayMs: 0,
  recordRequests: true,
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startOpenAiStub(overrides: Partial<StubBehaviour> = {}): Promise<OpenAiStub> {
  const stub: OpenAiStub = {
    baseUrl: '',
    behaviour: { ...defaults(), ...overrides },
    requests: [],
    reset() {
      stub.behaviour = defaults();
      stub.requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  let sequence = 0;
  const server = http.createServer(async (req, res) => {
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    let body: Record<string, unknown>;
    try {
      body = await readJson(req);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }));
      return;
    }
    const record: StubRequestRecord = {
      path: req.url ?? '',
      body,
      authorization: req.headers.authorization,
      aborted: false,
      completed: false,
    };
    if (stub.behaviour.recordRequests) stub.requests.push(record);
    gone.signal.addEventListener('abort', () => {
      if (!record.completed) record.aborted = true;
    });
    const behaviour = stub.behaviour;

    if (req.method === 'POST' && req.url === '/v1/moderations') {
      await sleep(behaviour.moderationDelayMs, gone.signal);
      if (gone.signal.aborted) return;
      if (behaviour.moderationFailStatus) {
        res.writeHead(behaviour.moderationFailStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'moderation failed', type: 'server_error' } }));
        return;
      }
      const input = Array.isArray(body.input) ? body.input.join('\n') : String(body.input ?? '');
      const flagged = behaviour.flagSelfHarm(input);
      const categories = {
        'self-harm': flagged,
        'self-harm/intent': flagged,
        'self-harm/instructions': false,
        violence: false,
      };
      const scores = Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, v ? 0.98 : 0.001]));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `modr-${++sequence}`,
          model: 'omni-moderation-latest',
          results: [{ flagged, categories, category_scores: scores }],
        }),
      );
      record.completed = true;
      return;
    }

    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: `no route ${req.method} ${req.url}`, type: 'invalid_request_error' } }),
      );
      return;
    }

    await sleep(behaviour.firstTokenDelayMs, gone.signal);
    if (gone.signal.aborted) return;

    if (behaviour.failStatus) {
      res.writeHead(behaviour.failStatus, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `stub failure ${behaviour.failStatus}`, type: 'server_error', code: null },
        }),
      );
      record.completed = true;
      return;
    }

    const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
    const text = behaviour.reply(messages);
    const id = `chatcmpl-${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const model = String(body.model ?? 'stub-model');
    const promptTokens = tokens(messages.map((m) => m.content).join(' '));
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: tokens(text),
      total_tokens: promptTokens + tokens(text),
    };

    if (!body.stream) {
      if (behaviour.dropAfterChunks === 0) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: text, refusal: null },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage,
        }),
      );
      record.completed = true;
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    let sent = 0;
    for (const word of words(text)) {
      if (gone.signal.aborted) return;
      if (behaviour.dropAfterChunks !== undefined && sent >= behaviour.dropAfterChunks) {
        req.socket.destroy();
        return;
      }
      res.write(chunk({ content: word }, null));
      sent += 1;
      await sleep(behaviour.tokenDelayMs, gone.signal);
    }
    if (gone.signal.aborted) return;
    res.write(chunk({}, 'stop'));
    const options = body.stream_options as { include_usage?: boolean } | undefined;
    if (options?.include_usage) {
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      );
    }
    res.end('data: [DONE]\n\n');
    record.completed = true;
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://127.0.0.1:${port}/v1`;
  return stub;
}
