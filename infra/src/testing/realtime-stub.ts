// A local server that speaks OpenAI's Realtime protocol (GA, the WebSocket at /v1/realtime?model=…), for
// tests and benchmarks, as openai-stub.ts does for the chat: OpenAI itself lies outside the system.
//   - It keeps every client event of every connection (an audio append as its sample count, not its audio),
//     with the upgrade's Authorization header and model, and the times it received and sent the events a
//     latency measurement needs.
//   - It hears (realtime-stub-turns.ts: an energy detector with `server_vad`'s timings): a turn's end sends
//     input_audio_buffer.committed, conversation.item.created and, after `transcriptionDelayMs`,
//     conversation.item.input_audio_transcription.completed with the next of the test's scripted `transcripts`
//     (deterministic, whatever was said).
//   - It answers (realtime-stub-responses.ts): response.create with a tone as long as `reply`'s words, its
//     transcript and response.done; response.cancel; refusals and failures a test asks for. With
//     `create_response: true` it answers a turn by itself, as OpenAI would. A test drops the socket with `drop()`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { Responses, type ResponseBehaviour } from './realtime-stub-responses.js';
import { TurnDetector, type TurnBehaviour } from './realtime-stub-turns.js';

export interface RealtimeStubBehaviour extends TurnBehaviour, ResponseBehaviour {
  /** What the next committed turns "said", in order; when it runs out, `fallbackTranscript`. */
  transcripts: string[];
  fallbackTranscript: string;
  /** From speech_stopped to the transcript. */
  transcriptionDelayMs: number;
  /** Keep each connection's events (tests); benchmarks may turn it off. */
  recordEvents: boolean;
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

    const conversation = { previousItem: null as string | null };
    const responses = new Responses(behaviour, {
      send,
      id,
      firstDeltaSentAt: connection.firstDeltaSentAt,
      conversation,
    });
    const instructions = () => String(connection.session.instructions ?? '');
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
        if (turnDetection().create_response !== false) responses.respond(instructions());
      }, behaviour.transcriptionDelayMs);
    };

    const turns = new TurnDetector(behaviour, {
      send,
      id,
      silenceMs: () => turnDetection().silence_duration_ms,
      stopped: (itemId) => {
        send({ type: 'input_audio_buffer.committed', previous_item_id: conversation.previousItem, item_id: itemId });
        send({
          type: 'conversation.item.created',
          previous_item_id: conversation.previousItem,
          item: { id: itemId, type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_audio' }] },
        });
        conversation.previousItem = itemId;
        transcribe(itemId);
      },
    });

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
        turns.hear(pcm);
        return;
      }
      if (behaviour.recordEvents) connection.events.push({ type, at, event });
      switch (type) {
        case 'session.update':
          connection.session = { ...connection.session, ...(event.session as Record<string, unknown>) };
          send({ type: 'session.updated', session: connection.session });
          return;
        case 'response.create':
          responses.create(event, instructions());
          return;
        case 'response.cancel':
          responses.cancel(event);
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
    socket.on('close', () => responses.stop());
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
