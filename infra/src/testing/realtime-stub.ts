// A local server that speaks OpenAI's Realtime protocol (GA, the WebSocket at /v1/realtime?model=…), for
// tests and benchmarks, as openai-stub.ts does for the chat: OpenAI itself lies outside the system.
//   - It keeps every client event of every connection (an audio append as its sample count, not its audio),
//     with the upgrade's Authorization header and model, and the times it received and sent the events a
//     latency measurement needs.
//   - It hears: the appended 24 kHz PCM16 goes through an energy detector with `server_vad`'s timings (speech
//     above the threshold for 60 ms starts a turn, `silence_duration_ms` of quiet ends it), which sends
//     input_audio_buffer.speech_started / speech_stopped / committed, conversation.item.created and, after
//     `transcriptionDelayMs`, conversation.item.input_audio_transcription.completed with the next of the
//     test's scripted `transcripts` (deterministic, whatever was said).
//   - It answers response.create with response.created, a 24 kHz tone as response.output_audio.delta chunks
//     (as long as `reply`'s words would take to say), the words as the output transcript, and response.done;
//     response.cancel stops it (status `cancelled`), and a cancel with nothing to cancel is an `error`, as
//     OpenAI's is. With `create_response: true` it answers a turn by itself, as OpenAI would.
//   - It can fail: refuse every response.create with an `error` naming it (`failResponsesWith`), or start
//     each response and fail it before any audio (`failStartedResponsesWith`: response.done, status failed);
//     a test drops the socket with `drop()`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const RATE = 24_000;
/** 20 ms windows of the energy detector. */
const WINDOW = 480;

export interface RealtimeStubBehaviour {
  /** What the next committed turns "said", in order; when it runs out, `fallbackTranscript`. */
  transcripts: string[];
  fallbackTranscript: string;
  /** The answer's words, from the response's instructions (the session's when the response sets none). */
  reply: (instructions: string) => string;
  /** From speech_stopped to the transcript. */
  transcriptionDelayMs: number;
  /** From response.create to the first audio delta. */
  firstDeltaDelayMs: number;
  /** Audio per delta, and the time between deltas (0: as fast as the socket takes them). */
  deltaMs: number;
  deltaIntervalMs: number;
  /** Audio length per word of the reply. */
  msPerWord: number;
  /** RMS (of 32768) above which a 20 ms window is speech. */
  speechRms: number;
  /** Keep each connection's events (tests); benchmarks may turn it off. */
  recordEvents: boolean;
  /** Refuse every response.create with this error code (as OpenAI does when rate-limited or overloaded). */
  failResponsesWith?: string;
  /**
   * Start every response (response.created) and then fail it with this error code before any audio: a
   * response.done whose status is `failed` (as OpenAI's is when the model errs mid-response).
   */
  failStartedResponsesWith?: string;
}

export interface RecordedEvent {
  type: string;
  /** performance.now() when it arrived. */
  at: number;
  /** The event as sent, except an append's audio: `samples` instead. */
  event: Record<string, unknown>;
}

export interface StubConnection {
  authorization: string | undefined;
  model: string | null;
  events: RecordedEvent[];
  /** The session as the client last set it (`session.update`). */
  session: Record<string, unknown>;
  /** performance.now() when each transcript was sent, and when each response's first delta was. */
  transcriptSentAt: number[];
  firstDeltaSentAt: number[];
  /** Drops the socket, as a network failure would (no close frame). */
  drop(): void;
  /** Sends a server event of the test's own. */
  send(event: Record<string, unknown>): void;
  readonly socket: WebSocket;
}

export interface RealtimeStub {
  /** ws://127.0.0.1:PORT/v1/realtime, for OPENAI_REALTIME_URL. */
  url: string;
  /** http://127.0.0.1:PORT/v1, for OPENAI_BASE_URL (the socket's address derived from it). */
  baseUrl: string;
  behaviour: RealtimeStubBehaviour;
  connections: StubConnection[];
  /** Resolves with the next connection (or the first not yet taken). */
  nextConnection(timeoutMs?: number): Promise<StubConnection>;
  reset(): void;
  close(): Promise<void>;
}

const defaults = (): RealtimeStubBehaviour => ({
  transcripts: [],
  fallbackTranscript: 'What helps with stress?',
  reply: () => 'This is a spoken answer from the stand-in model.',
  transcriptionDelayMs: 20,
  firstDeltaDelayMs: 10,
  deltaMs: 100,
  deltaIntervalMs: 0,
  msPerWord: 300,
  speechRms: 600,
  recordEvents: true,
});

/** The answer's audio: a 330 Hz tone at 24 kHz, loud enough to be heard through Opus. */
function tone(ms: number, startSample: number): Int16Array {
  const out = new Int16Array(Math.round((RATE * ms) / 1000));
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(9000 * Math.sin((2 * Math.PI * 330 * (startSample + i)) / RATE));
  return out;
}

const base64Pcm = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64');

export async function startRealtimeStub(overrides: Partial<RealtimeStubBehaviour> = {}): Promise<RealtimeStub> {
  const behaviour: RealtimeStubBehaviour = { ...defaults(), ...overrides };
  const connections: StubConnection[] = [];
  let taken = 0;
  const waiters: (() => void)[] = [];
  let ids = 0;
  const id = (prefix: string) => `${prefix}_${(++ids).toString(36).padStart(6, '0')}`;

  const server = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'only the Realtime WebSocket is here' } }));
  });
  const wss = new WebSocketServer({ server, path: '/v1/realtime' });

  wss.on('connection', (socket, req) => {
    const model = new URL(req.url ?? '/', 'http://stub').searchParams.get('model');
    const send = (event: Record<string, unknown>) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ event_id: id('event'), ...event }));
    };
    const connection: StubConnection = {
      authorization: req.headers.authorization,
      model,
      events: [],
      session: {},
      transcriptSentAt: [],
      firstDeltaSentAt: [],
      drop: () => socket.terminate(),
      send,
      socket,
    };
    connections.push(connection);
    for (const wake of waiters.splice(0)) wake();

    // The turn detector's state.
    let bufferedMs = 0;
    let loudWindows = 0;
    let quietMs = 0;
    let speaking: { itemId: string; startMs: number } | undefined;
    let pending = new Int16Array(0);
    // The response being sent.
    let response: { id: string; itemId: string; timer?: NodeJS.Timeout; cancelled: boolean } | undefined;
    let previousItem: string | null = null;

    const turnDetection = () =>
      ((connection.session.audio as { input?: { turn_detection?: Record<string, unknown> } } | undefined)?.input
        ?.turn_detection ?? {}) as { silence_duration_ms?: number; create_response?: boolean };

    const transcribe = (itemId: string) => {
      const transcript = behaviour.transcripts.shift() ?? behaviour.fallbackTranscript;
      setTimeout(() => {
        connection.transcriptSentAt.push(performance.now());
        send({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: itemId,
          content_index: 0,
          transcript,
          usage: { type: 'duration', seconds: 1 },
        });
        if (turnDetection().create_response !== false) respond(String(connection.session.instructions ?? ''));
      }, behaviour.transcriptionDelayMs);
    };

    const hear = (pcm: Int16Array) => {
      const all = new Int16Array(pending.length + pcm.length);
      all.set(pending);
      all.set(pcm, pending.length);
      let offset = 0;
      for (; offset + WINDOW <= all.length; offset += WINDOW) {
        let sum = 0;
        for (let i = offset; i < offset + WINDOW; i++) sum += all[i]! * all[i]!;
        const loud = Math.sqrt(sum / WINDOW) > behaviour.speechRms;
        bufferedMs += 20;
        if (!speaking) {
          loudWindows = loud ? loudWindows + 1 : 0;
          if (loudWindows >= 3) {
            speaking = { itemId: id('item'), startMs: bufferedMs - 60 };
            quietMs = 0;
            send({
              type: 'input_audio_buffer.speech_started',
              audio_start_ms: speaking.startMs,
              item_id: speaking.itemId,
            });
          }
        } else {
          quietMs = loud ? 0 : quietMs + 20;
          if (quietMs >= (turnDetection().silence_duration_ms ?? 500)) {
            const { itemId } = speaking;
            speaking = undefined;
            loudWindows = 0;
            send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: bufferedMs, item_id: itemId });
            send({ type: 'input_audio_buffer.committed', previous_item_id: previousItem, item_id: itemId });
            send({
              type: 'conversation.item.created',
              previous_item_id: previousItem,
              item: {
                id: itemId,
                type: 'message',
                role: 'user',
                status: 'completed',
                content: [{ type: 'input_audio' }],
              },
            });
            previousItem = itemId;
            transcribe(itemId);
          }
        }
      }
      pending = all.slice(offset);
    };

    const finish = (status: 'completed' | 'cancelled') => {
      const current = response;
      if (!current) return;
      clearTimeout(current.timer);
      response = undefined;
      send({ type: 'response.done', response: { id: current.id, object: 'realtime.response', status, output: [] } });
    };

    const respond = (instructions: string) => {
      const text = behaviour.reply(instructions);
      const current = { id: id('resp'), itemId: id('item'), cancelled: false } as NonNullable<typeof response>;
      response = current;
      send({
        type: 'response.created',
        response: { id: current.id, object: 'realtime.response', status: 'in_progress' },
      });
      send({
        type: 'response.output_item.added',
        response_id: current.id,
        output_index: 0,
        item: { id: current.itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
      });
      previousItem = current.itemId;
      const words = text.split(/\s+/).filter(Boolean).length;
      const totalMs = Math.max(behaviour.deltaMs, words * behaviour.msPerWord);
      let sentMs = 0;
      const next = () => {
        if (response !== current) return;
        if (sentMs === 0) connection.firstDeltaSentAt.push(performance.now());
        const ms = Math.min(behaviour.deltaMs, totalMs - sentMs);
        send({
          type: 'response.output_audio.delta',
          response_id: current.id,
          item_id: current.itemId,
          output_index: 0,
          content_index: 0,
          delta: base64Pcm(tone(ms, Math.round((sentMs * RATE) / 1000))),
        });
        sentMs += ms;
        if (sentMs < totalMs) {
          current.timer = setTimeout(next, behaviour.deltaIntervalMs);
          return;
        }
        const at = { response_id: current.id, item_id: current.itemId, output_index: 0, content_index: 0 };
        send({ type: 'response.output_audio.done', ...at });
        send({ type: 'response.output_audio_transcript.done', ...at, transcript: text });
        finish('completed');
      };
      current.timer = setTimeout(next, behaviour.firstDeltaDelayMs);
    };

    socket.on('message', (data) => {
      const at = performance.now();
      let event: Record<string, unknown>;
      try {
        event = JSON.parse(String(data)) as Record<string, unknown>;
      } catch {
        send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'not JSON' } });
        return;
      }
      const type = String(event.type);
      if (type === 'input_audio_buffer.append') {
        const bytes = Buffer.from(String(event.audio ?? ''), 'base64');
        const pcm = new Int16Array(bytes.length >> 1);
        for (let i = 0; i < pcm.length; i++) pcm[i] = bytes.readInt16LE(i * 2);
        if (behaviour.recordEvents) connection.events.push({ type, at, event: { type, samples: pcm.length } });
        hear(pcm);
        return;
      }
      if (behaviour.recordEvents) connection.events.push({ type, at, event });
      switch (type) {
        case 'session.update':
          connection.session = { ...connection.session, ...(event.session as Record<string, unknown>) };
          send({ type: 'session.updated', session: connection.session });
          return;
        case 'response.create': {
          if (behaviour.failResponsesWith) {
            send({
              type: 'error',
              error: {
                type: 'server_error',
                code: behaviour.failResponsesWith,
                message: 'The stand-in refuses responses.',
                event_id: event.event_id ?? null,
              },
            });
            return;
          }
          if (response) {
            send({
              type: 'error',
              error: {
                type: 'invalid_request_error',
                code: 'conversation_already_has_active_response',
                message: 'Conversation already has an active response in progress.',
                event_id: event.event_id ?? null,
              },
            });
            return;
          }
          if (behaviour.failStartedResponsesWith) {
            const failed = id('resp');
            send({
              type: 'response.created',
              response: { id: failed, object: 'realtime.response', status: 'in_progress' },
            });
            send({
              type: 'response.done',
              response: {
                id: failed,
                object: 'realtime.response',
                status: 'failed',
                status_details: {
                  type: 'failed',
                  error: { type: 'server_error', code: behaviour.failStartedResponsesWith },
                },
                output: [],
              },
            });
            return;
          }
          const params = (event.response ?? {}) as { instructions?: string };
          respond(params.instructions ?? String(connection.session.instructions ?? ''));
          return;
        }
        case 'response.cancel':
          if (!response) {
            send({
              type: 'error',
              error: {
                type: 'invalid_request_error',
                code: 'response_cancel_not_active',
                message: 'Cancellation failed: no active response found',
                event_id: event.event_id ?? null,
              },
            });
            return;
          }
          finish('cancelled');
          return;
        case 'conversation.item.truncate':
          send({
            type: 'conversation.item.truncated',
            item_id: event.item_id,
            content_index: 0,
            audio_end_ms: event.audio_end_ms,
          });
          return;
        case 'conversation.item.delete':
          send({ type: 'conversation.item.deleted', item_id: event.item_id });
          return;
      }
    });
    socket.on('close', () => {
      if (response) clearTimeout(response.timer);
      response = undefined;
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/realtime`,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    behaviour,
    connections,
    async nextConnection(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (connections.length <= taken) {
        if (Date.now() > deadline) throw new Error('no Realtime connection came');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return connections[taken++]!;
    },
    reset() {
      // The optional behaviours too: a refusal set by one test must not outlive it.
      delete behaviour.failResponsesWith;
      delete behaviour.failStartedResponsesWith;
      Object.assign(behaviour, defaults());
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
