// The Realtime stand-in's voice (realtime-stub.ts): response.create answered with response.created, a 24 kHz
// tone as response.output_audio.delta chunks (as long as the reply's words would take to say), the words as
// the output transcript, and response.done; response.cancel stops it (status `cancelled`), and a cancel with
// nothing to cancel is an `error`, as OpenAI's is. It can fail: refuse every response.create with an `error`
// (`failResponsesWith`), or start each response and fail it before any audio (`failStartedResponsesWith`).

const RATE = 24_000;

export interface ResponseBehaviour {
  /** The answer's words, from the response's instructions (the session's when the response sets none). */
  reply: (instructions: string) => string;
  /** From response.create to the first audio delta. */
  firstDeltaDelayMs: number;
  /** Audio per delta, and the time between deltas (0: as fast as the socket takes them). */
  deltaMs: number;
  deltaIntervalMs: number;
  /** Audio length per word of the reply. */
  msPerWord: number;
  /** Refuse every response.create with this error code (as OpenAI does when rate-limited or overloaded). */
  failResponsesWith?: string;
  /**
   * Start every response (response.created) and then fail it with this error code before any audio: a
   * response.done whose status is `failed` (as OpenAI's is when the model errs mid-response).
   */
  failStartedResponsesWith?: string;
}

export interface ResponseChannel {
  send(event: Record<string, unknown>): void;
  id(prefix: string): string;
  /** performance.now() when each response's first delta was sent. */
  firstDeltaSentAt: number[];
  /** The conversation's last item, which the next one follows. */
  conversation: { previousItem: string | null };
}

/** The answer's audio: a 330 Hz tone at 24 kHz, loud enough to be heard through Opus. */
function tone(ms: number, startSample: number): Int16Array {
  const out = new Int16Array(Math.round((RATE * ms) / 1000));
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(9000 * Math.sin((2 * Math.PI * 330 * (startSample + i)) / RATE));
  return out;
}

const base64Pcm = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength).toString('base64');

export class Responses {
  /** The response being sent. */
  private response: { id: string; itemId: string; timer?: NodeJS.Timeout; cancelled: boolean } | undefined;

  constructor(
    private readonly behaviour: ResponseBehaviour,
    private readonly channel: ResponseChannel,
  ) {}

  /** response.create: refused (failResponsesWith, a response already active), failed at once, or answered. */
  create(event: Record<string, unknown>, sessionInstructions: string) {
    const { send, id } = this.channel;
    if (this.behaviour.failResponsesWith) {
      send({
        type: 'error',
        error: {
          type: 'server_error',
          code: this.behaviour.failResponsesWith,
          message: 'The stand-in refuses responses.',
          event_id: event.event_id ?? null,
        },
      });
      return;
    }
    if (this.response) {
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
    if (this.behaviour.failStartedResponsesWith) {
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
            error: { type: 'server_error', code: this.behaviour.failStartedResponsesWith },
          },
          output: [],
        },
      });
      return;
    }
    const params = (event.response ?? {}) as { instructions?: string };
    this.respond(params.instructions ?? sessionInstructions);
  }

  /** response.cancel: the active response ends `cancelled`; with none, an `error`. */
  cancel(event: Record<string, unknown>) {
    if (!this.response) {
      this.channel.send({
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
    this.finish('cancelled');
  }

  /** The socket closed: nothing more is sent. */
  stop() {
    if (this.response) clearTimeout(this.response.timer);
    this.response = undefined;
  }

  /** Answers with the reply's words as a tone, in deltas, then its transcript and response.done. */
  respond(instructions: string) {
    const { send, id, conversation } = this.channel;
    const text = this.behaviour.reply(instructions);
    const current = { id: id('resp'), itemId: id('item'), cancelled: false } as NonNullable<typeof this.response>;
    this.response = current;
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
    conversation.previousItem = current.itemId;
    const words = text.split(/\s+/).filter(Boolean).length;
    const totalMs = Math.max(this.behaviour.deltaMs, words * this.behaviour.msPerWord);
    let sentMs = 0;
    const next = () => {
      if (this.response !== current) return;
      if (sentMs === 0) this.channel.firstDeltaSentAt.push(performance.now());
      const ms = Math.min(this.behaviour.deltaMs, totalMs - sentMs);
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
        current.timer = setTimeout(next, this.behaviour.deltaIntervalMs);
        return;
      }
      const at = { response_id: current.id, item_id: current.itemId, output_index: 0, content_index: 0 };
      send({ type: 'response.output_audio.done', ...at });
      send({ type: 'response.output_audio_transcript.done', ...at, transcript: text });
      this.finish('completed');
    };
    current.timer = setTimeout(next, this.behaviour.firstDeltaDelayMs);
  }

  private finish(status: 'completed' | 'cancelled') {
    const current = this.response;
    if (!current) return;
    clearTimeout(current.timer);
    this.response = undefined;
    this.channel.send({
      type: 'response.done',
      response: { id: current.id, object: 'realtime.response', status, output: [] },
    });
  }
}
