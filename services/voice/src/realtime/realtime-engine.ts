// The OpenAI Realtime engine: the voice service keeps the visitor's peer connection and bridges its audio to
// OpenAI's Realtime API over a server-side WebSocket (48 kHz frames down to the socket's 24 kHz, the model's
// 24 kHz audio up to 48 kHz and played on the call). The model hears the visitor and speaks the answer; the
// service decides whether it may: the server detects each turn and transcribes it but never answers by
// itself, and each transcript goes through the chat's own crisis check and free questions (ai-query over
// rpc.ai.v1.ask, `admit`) before a `response.create` is sent:
//   - a crisis: the `crisis` signal first, then the model says the chat's crisis words, as they are;
//   - the free questions used up: `quota exceeded`, and the model says the limit's words;
//   - otherwise the model answers with the instructions the chat's model would have had for the question
//     (the persona and safety text, the portal passages found, the emergency notice said first).
// The model is given only what was checked: each response's `input` references the visitor's admitted turns and
// the answers to them, never the whole conversation (where a turn spoken meanwhile waits for its own check).
// Turns are taken one at a time, in order. Speaking over the answer (the server's speech_started while it
// plays) stops the playback at once, cancels the response and truncates the model's item at what was heard.
// No answer, no cost, as in the chat: a guest's admitted question whose answer was never heard (the response
// refused or failed, the socket lost, the call ended or the visitor spoke before any of its audio was played)
// is given back with the admit's refund token (rpc.ai.v1.give-back), the widget gets the counters after it, and
// the visitor hears and sees NOT_COUNTED. An answer of which any audio was played is counted, cut off or not.
import {
  MAX_QUERY_LENGTH,
  assistantSystemPrompt,
  type AdmitAiResponse,
  type GiveBackAiRequest,
  type GiveBackAiResponse,
} from '@hhp/proto';
import type { ServiceContext } from '@hhp/kit';
import { AskAssistant } from '../assistant/ask-assistant.js';
import type { VoiceConfig } from '../config.js';
import { SAMPLE_RATE, type CallContext, type EngineCall, type VoiceEngine } from '../engine/engine.js';
import { TURN_FAILED, spokenText } from '../offline/offline-engine.js';
import { Downsampler, Upsampler } from './rate-converter.js';
import { decodePcm, encodePcm, sessionUpdate, type RealtimeServerEvent } from './realtime-events.js';
import { RealtimeSocket } from './realtime-socket.js';

/** What the engine asks of the chat's assistant: the decision on a question its own model is to answer. */
export interface Admitter {
  admit(question: {
    query: string;
    guestId?: string | null;
    cookie?: string;
    clientAddress: string;
    requestId?: string;
  }): Promise<AdmitAiResponse>;
  /** Gives back an admitted question that was not answered (its refund token): once. */
  giveBack(request: GiveBackAiRequest): Promise<GiveBackAiResponse>;
}

export interface RealtimeEngineDeps {
  /** The socket's address with `?model=` (see realtimeUrl). */
  url: string;
  apiKey: string;
  /** The chat's persona and safety instructions: the session's instructions. */
  instructions: string;
  voice: string;
  transcriptionModel: string;
  assistant: Admitter;
}

/** Shown when the Realtime socket is lost: the call ends with it. */
export const REALTIME_LOST = 'The voice assistant was disconnected. Please start the call again.';
/**
 * Said and shown when an admitted question went unanswered and was given back: the chat's words for the same
 * case (ai-query's assistant.ts).
 */
export const NOT_COUNTED =
  "The AI assistant couldn't answer just now. Your question was not counted; please try again.";
/** How long a cancelled response may take to say it is done. */
const CANCEL_WAIT_MS = 2000;
/** Transcripts shorter than this are noise the transcriber guessed at: not questions. */
const MIN_QUESTION_CHARS = 3;

/** How the model is told to say words of the service's own (the crisis lines, a limit), word for word. */
export function verbatim(text: string): string {
  return `Say exactly the following words, in the language they are written in, calmly and warmly, and say nothing else:\n\n${spokenText(text)}`;
}

/** How a spoken answer differs from the chat's written one; added to the chat's instructions. */
export const SPOKEN_STYLE =
  'You are speaking with the person on a voice call: answer in speech, without lists, page paths or links; name the pages by their titles.';

/** The Realtime socket's address: OPENAI_REALTIME_URL, else the chat's OPENAI_BASE_URL as ws(s), else OpenAI's. */
export function realtimeUrl(
  config: Pick<VoiceConfig, 'OPENAI_REALTIME_URL' | 'OPENAI_BASE_URL' | 'OPENAI_REALTIME_MODEL'>,
): string {
  const base =
    config.OPENAI_REALTIME_URL ??
    (config.OPENAI_BASE_URL
      ? `${config.OPENAI_BASE_URL.replace(/\/+$/, '').replace(/^http/, 'ws')}/realtime`
      : 'wss://api.openai.com/v1/realtime');
  const url = new URL(base);
  url.searchParams.set('model', config.OPENAI_REALTIME_MODEL);
  return url.toString();
}

export class RealtimeEngine implements VoiceEngine {
  readonly name = 'openai';

  constructor(private readonly deps: RealtimeEngineDeps) {}

  open(call: CallContext): EngineCall {
    return new RealtimeCall(this.deps, call);
  }
}

/** The response being made, from `response.create` to its `response.done` and the end of its playback. */
interface Answer {
  eventId: string;
  /** The words of the service's own being said (the caption was sent with them); else the model's answer. */
  fixed: boolean;
  sources: { title: string; path: string }[];
  responseId?: string;
  /** The model's item being played, and how much of it was queued and played (for a truncate). */
  itemId?: string;
  queuedMs: number;
  playedMs: number;
  lastPlayedAt?: number;
  /** The last chunk's playback. */
  playing: Promise<void>;
  cancelled: boolean;
  /** The server said response.done: all its audio is here (some may still be playing). */
  serverDone: boolean;
  cancelWait?: NodeJS.Timeout;
  /** response.done (or the socket lost) */
  done: Promise<void>;
  finish: () => void;
  failed: boolean;
  /**
   * Some of the answer's audio went to the visitor: handed to the call while the answer was on (the call
   * sends the first 20 ms frame at once). From then on the question is spent, whatever happens next.
   */
  heard: boolean;
}

class RealtimeCall implements EngineCall {
  private readonly socket: RealtimeSocket;
  private readonly down = new Downsampler();
  private up = new Upsampler();
  /** The turns, one after another. */
  private turns: Promise<void> = Promise.resolve();
  private answer: Answer | undefined;
  /** The conversation's items the model may hear, in order: the visitor's checked turns and the answers. */
  private readonly checked: string[] = [];
  /** Bumped by a barge-in, a limit and close: a turn that sees it changed stops. */
  private generation = 0;
  private responses = 0;
  private closed = false;

  constructor(
    private readonly deps: RealtimeEngineDeps,
    private readonly call: CallContext,
  ) {
    this.socket = new RealtimeSocket({
      url: deps.url,
      apiKey: deps.apiKey,
      logger: call.logger,
      onEvent: (event) => this.on(event),
      onLost: (reason) => this.lost(reason),
    });
    this.socket.send(
      sessionUpdate({
        instructions: deps.instructions,
        voice: deps.voice,
        transcriptionModel: deps.transcriptionModel,
      }),
    );
  }

  audio(frame: Int16Array): void {
    if (this.closed) return;
    this.socket.send({ type: 'input_audio_buffer.append', audio: encodePcm(this.down.push(frame)) });
  }

  private on(event: RealtimeServerEvent): void {
    if (this.closed) return;
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        this.call.activity();
        if (this.answer) this.interrupt();
        return;
      case 'input_audio_buffer.speech_stopped':
        this.call.send({ type: 'state', state: 'thinking' });
        return;
      case 'conversation.item.input_audio_transcription.completed': {
        const generation = this.generation;
        const { item_id: itemId, transcript } = event;
        this.turns = this.turns.then(() => this.turn(itemId, transcript, generation));
        return;
      }
      case 'conversation.item.input_audio_transcription.failed':
        // Words the service cannot read are not checked: they leave the conversation, unanswered.
        this.call.logger.warn({ code: event.error?.code }, 'the Realtime transcription failed; the turn is dropped');
        this.socket.send({ type: 'conversation.item.delete', item_id: event.item_id });
        this.call.send({ type: 'state', state: 'listening' });
        return;
      case 'response.created':
        if (this.answer && !this.answer.responseId) this.answer.responseId = event.response.id;
        return;
      case 'response.output_audio.delta':
        this.delta(event.response_id, event.item_id, event.delta);
        return;
      case 'response.output_audio_transcript.done': {
        const answer = this.answer;
        if (answer && answer.responseId === event.response_id && !answer.fixed && !answer.cancelled)
          this.call.send({
            type: 'transcript',
            role: 'assistant',
            text: event.transcript,
            final: true,
            sources: answer.sources,
          });
        return;
      }
      case 'response.done':
        if (this.answer?.responseId === event.response.id) {
          if (event.response.status === 'failed') this.answer.failed = true;
          this.answer.serverDone = true;
          this.answer.finish();
        }
        return;
      case 'error': {
        const { type, code, event_id: eventId } = event.error;
        this.call.logger.warn({ type, code, eventId }, 'the Realtime API reported an error');
        // The response asked for was refused: its turn is over.
        if (this.answer && eventId === this.answer.eventId) {
          this.answer.failed = true;
          this.answer.finish();
        }
        return;
      }
      case 'other':
        return;
    }
  }

  private delta(responseId: string, itemId: string, base64: string): void {
    const answer = this.answer;
    if (!answer || answer.cancelled || answer.responseId !== responseId) return;
    const pcm = this.up.push(decodePcm(base64));
    answer.heard = true;
    if (!answer.itemId) {
      answer.itemId = itemId;
      this.call.send({ type: 'state', state: 'speaking' });
    }
    const ms = (pcm.length * 1000) / SAMPLE_RATE;
    answer.queuedMs += ms;
    answer.playing = this.call.play(pcm).then(() => {
      answer.playedMs = Math.min(answer.queuedMs, answer.playedMs + ms);
      answer.lastPlayedAt = performance.now();
    });
  }

  private current(generation: number): boolean {
    return !this.closed && generation === this.generation;
  }

  private async turn(itemId: string, transcript: string, generation: number): Promise<void> {
    const { call } = this;
    /** An admitted guest question's refund token, until its answer is heard (or it is given back). */
    let refund: string | undefined;
    try {
      const query = transcript.trim().slice(0, MAX_QUERY_LENGTH);
      if (!this.current(generation)) return;
      if (query.length < MIN_QUESTION_CHARS) {
        // Noise: nothing asked, and nothing left in the conversation for a later answer to take up.
        this.socket.send({ type: 'conversation.item.delete', item_id: itemId });
        return;
      }
      call.send({ type: 'state', state: 'thinking' });
      call.send({ type: 'transcript', role: 'user', text: query, final: true });
      const decision = await this.deps.assistant.admit({
        query,
        guestId: call.guestId,
        cookie: call.cookieHeader,
        clientAddress: call.clientAddress,
        requestId: call.sessionId,
      });
      if (decision.outcome === 'admitted') refund = decision.refundToken;
      // Ended, or spoken over, while it was being decided: never answered (given back below).
      if (!this.current(generation)) return;
      call.activity();
      if (decision.outcome === 'quota-exceeded') {
        const { outcome: _outcome, message, ...quota } = decision;
        // A refused question leaves the conversation: no later answer may answer it for free.
        this.socket.send({ type: 'conversation.item.delete', item_id: itemId });
        call.send({ type: 'quota', quota, exceeded: true });
        call.send({ type: 'transcript', role: 'assistant', text: message, final: true });
        await this.say(message, generation);
        return;
      }
      // Checked and let through (a crisis too: later answers may know what the visitor said).
      this.checked.push(itemId);
      const { queriesUsed, queriesAllowed, isSubscriber, sessionPass, isEmergency, sources } = decision;
      const quota = { queriesUsed, queriesAllowed, isSubscriber, ...(sessionPass ? { sessionPass } : {}) };
      if (decision.outcome === 'answered') {
        // The banner first: a visitor in crisis sees the help while the words are still being spoken.
        if (decision.isCrisis) call.send({ type: 'crisis', isEmergency });
        call.send({ type: 'transcript', role: 'assistant', text: decision.response, final: true, sources });
        call.send({ type: 'quota', quota, exceeded: false });
        call.turn();
        await this.say(decision.response, generation, sources);
        return;
      }
      call.send({ type: 'quota', quota, exceeded: false });
      call.turn();
      const notice = decision.notice
        ? `\n\nBegin your answer by saying exactly these words, then go on: ${decision.notice}`
        : '';
      const answer = await this.respond(
        `${decision.instructions}\n\n${SPOKEN_STYLE}${notice}`,
        { fixed: false, sources },
        generation,
      );
      // Any of it heard: answered, in part perhaps, and counted.
      if (answer?.heard) refund = undefined;
      else if (refund) {
        this.giveBack(refund);
        refund = undefined;
        if (answer?.failed) call.logger.warn('the Realtime response failed before any of it was heard');
        await this.sayNotCounted(generation);
        return;
      }
      if (answer?.failed && !answer.cancelled) throw new Error('the Realtime response failed');
    } catch (err) {
      call.logger.error({ err }, 'voice turn failed');
      const givenBack = refund !== undefined;
      if (refund) this.giveBack(refund);
      refund = undefined;
      if (givenBack) await this.sayNotCounted(generation);
      else if (this.current(generation)) {
        call.send({ type: 'transcript', role: 'assistant', text: TURN_FAILED, final: true });
        await this.say(TURN_FAILED, generation).catch(() => undefined);
      }
    } finally {
      if (refund) this.giveBack(refund);
      if (this.current(generation)) call.send({ type: 'state', state: 'listening' });
    }
  }

  /** The question given back is said and shown to be so (when the visitor is still there to hear it). */
  private async sayNotCounted(generation: number): Promise<void> {
    if (!this.current(generation)) return;
    this.call.send({ type: 'transcript', role: 'assistant', text: NOT_COUNTED, final: true });
    await this.say(NOT_COUNTED, generation).catch(() => undefined);
  }

  /**
   * Gives an unanswered question back (fire-and-forget: a failure is logged, the call goes on), then shows
   * the widget the counters after it while the call is on.
   */
  private giveBack(refundToken: string): void {
    const { call } = this;
    this.deps.assistant.giveBack({ refundToken, requestId: call.sessionId }).then(
      ({ outcome, ...quota }) => {
        call.logger.info({ outcome }, 'an unanswered question was given back');
        if (!this.closed) call.send({ type: 'quota', quota, exceeded: false });
      },
      (err: unknown) => call.logger.warn({ err }, 'could not give back an unanswered question'),
    );
  }

  /** Words of the service's own, said as they are; rejects when the response failed. */
  private async say(text: string, generation: number, sources: Answer['sources'] = []): Promise<void> {
    const answer = await this.respond(verbatim(text), { fixed: true, sources }, generation);
    if (answer?.failed && !answer.cancelled) throw new Error('the Realtime response failed');
  }

  /**
   * Asks the model for a response with `instructions`; resolves once it is done and played (or cut off, or
   * failed: see `failed`, `cancelled`, `heard`), with the response; undefined when none was asked for (the
   * turn was over before it could be).
   */
  private async respond(
    instructions: string,
    kind: { fixed: boolean; sources: Answer['sources'] },
    generation: number,
  ): Promise<Answer | undefined> {
    // One response at a time: one cancelled a moment ago must be done before the next is asked for.
    await this.answer?.done;
    if (!this.current(generation)) return undefined;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    // A cancelled response's wait for its response.done ends with it.
    void done.then(() => clearTimeout(answer.cancelWait));
    const answer: Answer = {
      eventId: `response-${++this.responses}`,
      ...kind,
      queuedMs: 0,
      playedMs: 0,
      playing: Promise.resolve(),
      cancelled: false,
      serverDone: false,
      done,
      finish,
      failed: false,
      heard: false,
    };
    this.answer = answer;
    this.up = new Upsampler();
    // Words of the service's own need no context; an answer hears the checked conversation only.
    const input = kind.fixed ? [] : this.checked.map((id) => ({ type: 'item_reference' as const, id }));
    this.socket.send({ type: 'response.create', event_id: answer.eventId, response: { instructions, input } });
    await done;
    await answer.playing;
    if (this.answer === answer) this.answer = undefined;
    // What was said (cut at what was heard, after a barge-in) is part of the conversation from now on.
    if (answer.itemId) this.checked.push(answer.itemId);
    return answer;
  }

  /** The visitor spoke over the answer: stop speaking, cancel the response, keep only what was heard. */
  private interrupt(): void {
    this.generation += 1;
    this.cut();
    this.call.send({ type: 'state', state: 'listening' });
  }

  private cut(): void {
    const answer = this.answer;
    this.call.stopPlayback();
    if (!answer || answer.cancelled) return;
    answer.cancelled = true;
    if (!answer.serverDone) {
      this.socket.send({ type: 'response.cancel' });
      // The server ends a cancelled response with response.done; should it not (a response cancelled before
      // it began), the next one does not wait for ever.
      answer.cancelWait = setTimeout(answer.finish, CANCEL_WAIT_MS);
    }
    if (answer.itemId) {
      const sinceLast = answer.lastPlayedAt === undefined ? 0 : performance.now() - answer.lastPlayedAt;
      const heard = Math.min(answer.queuedMs, answer.playedMs + sinceLast);
      this.socket.send({
        type: 'conversation.item.truncate',
        item_id: answer.itemId,
        content_index: 0,
        audio_end_ms: Math.floor(heard),
      });
    }
  }

  async sayLimit(message: string): Promise<void> {
    this.generation += 1;
    this.cut();
    const generation = this.generation;
    await this.say(message, generation);
  }

  private lost(reason: string): void {
    if (this.closed) return;
    this.call.logger.warn({ reason }, 'the Realtime socket was lost; the call ends');
    // Nothing more is said over a lost socket (a turn under way stops; its question, unheard, is given back).
    this.generation += 1;
    this.answer?.finish();
    this.call.send({ type: 'error', message: REALTIME_LOST });
    this.call.end('error');
  }

  close(): void {
    this.closed = true;
    this.generation += 1;
    this.answer?.finish();
    this.socket.close();
  }
}

/** The Realtime engine as the service runs it: the chat's instructions, ai-query's decision over NATS. */
export function realtimeEngine({ config, bus }: Pick<ServiceContext<VoiceConfig>, 'config' | 'bus'>): RealtimeEngine {
  if (!config.OPENAI_API_KEY) throw new Error('the Realtime engine needs OPENAI_API_KEY');
  return new RealtimeEngine({
    url: realtimeUrl(config),
    apiKey: config.OPENAI_API_KEY,
    instructions: `${assistantSystemPrompt(config.PRACTITIONER_NAME)}\n${SPOKEN_STYLE}`,
    voice: config.OPENAI_REALTIME_VOICE,
    transcriptionModel: config.OPENAI_REALTIME_TRANSCRIPTION_MODEL,
    assistant: new AskAssistant(bus, config.VOICE_ASSISTANT_TIMEOUT_MS),
  });
}
