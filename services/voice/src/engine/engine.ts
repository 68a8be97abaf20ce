// What answers a voice call: the transport (signalling, the peer connection, Opus, limits) hands each call's
// decoded microphone audio to an engine and gives it the means to speak and to report; the engine decides
// what is said (the offline recogniser → assistant → synthesiser, or OpenAI's Realtime API). An engine never
// sees the socket or the peer connection, so either engine plugs in without touching the transport.
import type { Logger } from '@hhp/kit';
import type { VoiceServerMessage } from '@hhp/proto';

/** The audio both ways: 48 kHz, mono, signed 16-bit samples. */
export const SAMPLE_RATE = 48_000;
/** Samples in one 20 ms frame (one Opus packet). */
export const FRAME_SAMPLES = 960;

/** Engine-side end reasons: a call the engine cannot go on with. */
type EngineEndReason = 'error' | 'connection';

export interface CallContext {
  sessionId: string;
  /** The guest id the browser sent with `start` (the free questions are counted against it). */
  guestId: string | undefined;
  /**
   * The upgrade request's Cookie header as the browser sent it (the subscriber cookie, the session pass):
   * passed on as it is to whoever decides with it (ai-query's quota).
   */
  cookieHeader: string | undefined;
  /** The visitor's address (nginx's X-Forwarded-For, from trusted proxies only): ai-query's per-address guard. */
  clientAddress: string;
  /** The call's logger: the session id is on every line. */
  logger: Logger;
  /** Sends a message on the call's socket (`state`, `transcript`, `crisis`, `quota`, …). */
  send(message: VoiceServerMessage): void;
  /**
   * Queues audio (48 kHz mono) to be spoken to the visitor; resolves once it has been played, or at once
   * when `stopPlayback` flushed it or the call ended.
   */
  play(pcm: Int16Array): Promise<void>;
  /** Drops what is queued and stops speaking at once (the visitor spoke over the answer). */
  stopPlayback(): void;
  /** Something happened in the call (speech heard, an answer given): the idle limit starts again. */
  activity(): void;
  /** A question was answered: counted in the session-ended event's `turns`. */
  turn(): void;
  /** Ends the call from the engine's side. */
  end(reason: EngineEndReason): void;
}

export interface EngineCall {
  /** One frame of the visitor's microphone, decoded (48 kHz mono, usually 960 samples). */
  audio(frame: Int16Array): void;
  /**
   * A limit is about to end the call: the engine may speak `message` (the transport waits for the returned
   * promise, at most a few seconds). Optional: without it the call ends at once, the message shown only.
   */
  sayLimit?(message: string): Promise<void>;
  /** The call ended (any reason): release what the call holds. */
  close(): void;
}

export interface VoiceEngine {
  /** Names the engine in events and logs (`offline`, `openai`, `echo`). */
  readonly name: string;
  open(call: CallContext): EngineCall;
  /** The service is stopping. */
  close?(): Promise<void>;
}
