// One call answered by the Realtime engine (realtime-engine.ts). The server detects each turn and transcribes
// it but never answers by itself; each transcript goes through the chat's own crisis check and free questions
// (the Admitter: ai-query over rpc.ai.v1.ask, `admit`) before a response is asked for (realtime-responses.ts).
// Turns are taken one at a time, in order; speaking over the answer (the server's speech_started while it
// plays) cuts it. No answer, no cost, as in the chat: a guest's admitted question whose answer was never heard
// (the response refused or failed, the socket lost, the call ended or the visitor spoke before any of its
// audio was played) is given back with the admit's refund token (rpc.ai.v1.give-back), the widget gets the
// counters after it, and the visitor hears and sees NOT_COUNTED. An answer of which any audio was played is
// counted, cut off or not.
import { MAX_QUERY_LENGTH, type AdmitAiResponse, type GiveBackAiRequest, type GiveBackAiResponse } from '@hhp/proto';
import type { CallContext, EngineCall } from '../engine/engine.js';
import { TURN_FAILED } from '../engine/spoken-text.js';
import { Downsampler } from './rate-converter.js';
import { encodePcm, sessionUpdate, type RealtimeServerEvent } from './realtime-events.js';
import { Responses, type Answer } from './realtime-responses.js';
import { RealtimeSocket } from './realtime-socket.js';
import { NOT_COUNTED, REALTIME_LOST, SPOKEN_STYLE, verbatim } from './realtime-words.js';

/** What the engine asks of the chat's assistant: the decision on a question its own model is to answer. */
interface Admitter {
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

export interface RealtimeCallDeps {
  /** The socket's address with `?model=` (see realtimeUrl). */
  url: string;
  apiKey: string;
  /** The chat's persona and safety instructions: the session's instructions. */
  instructions: string;
  voice: string;
  transcriptionModel: string;
  assistant: Admitter;
}

/** Transcripts shorter than this are noise the transcriber guessed at: not questions. */
const MIN_QUESTION_CHARS = 3;

export class RealtimeCall implements EngineCall {
  private readonly socket: RealtimeSocket;
  private readonly responses: Responses;
  private readonly down = new Downsampler();
  /** The turns, one after another. */
  private turns: Promise<void> = Promise.resolve();
  /** Bumped by a barge-in, a limit and close: a turn that sees it changed stops. */
  private generation = 0;
  private closed = false;

  constructor(
    private readonly deps: RealtimeCallDeps,
    private readonly call: CallContext,
  ) {
    this.socket = new RealtimeSocket({
      url: deps.url,
      apiKey: deps.apiKey,
      logger: call.logger,
      onEvent: (event) => this.on(event),
      onLost: (reason) => this.lost(reason),
    });
    this.responses = new Responses(this.socket, call);
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
        if (this.responses.answering) this.interrupt();
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
        this.responses.created(event.response.id);
        return;
      case 'response.output_audio.delta':
        this.responses.delta(event.response_id, event.item_id, event.delta);
        return;
      case 'response.output_audio_transcript.done':
        this.responses.transcript(event.response_id, event.transcript);
        return;
      case 'response.done':
        this.responses.done(event.response.id, event.response.status === 'failed');
        return;
      case 'error': {
        const { type, code, event_id: eventId } = event.error;
        this.call.logger.warn({ type, code, eventId }, 'the Realtime API reported an error');
        // The response asked for was refused: its turn is over.
        this.responses.refused(eventId);
        return;
      }
      case 'other':
        return;
    }
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
      this.responses.hear(itemId);
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
        { fixed: false, sources, ...(decision.crisisLines ? { crisisLines: decision.crisisLines } : {}) },
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

  /** Asks for a response (realtime-responses.ts) while this turn's `generation` is current. */
  private respond(instructions: string, kind: Pick<Answer, 'fixed' | 'sources' | 'crisisLines'>, generation: number) {
    return this.responses.respond(instructions, kind, () => this.current(generation));
  }

  /** The visitor spoke over the answer: stop speaking, cancel the response, keep only what was heard. */
  private interrupt(): void {
    this.generation += 1;
    this.responses.cut();
    this.call.send({ type: 'state', state: 'listening' });
  }

  async sayLimit(message: string): Promise<void> {
    this.generation += 1;
    this.responses.cut();
    const generation = this.generation;
    await this.say(message, generation);
  }

  private lost(reason: string): void {
    if (this.closed) return;
    this.call.logger.warn({ reason }, 'the Realtime socket was lost; the call ends');
    // Nothing more is said over a lost socket (a turn under way stops; its question, unheard, is given back).
    this.generation += 1;
    this.responses.abandon();
    this.call.send({ type: 'error', message: REALTIME_LOST });
    this.call.end('error');
  }

  close(): void {
    this.closed = true;
    this.generation += 1;
    this.responses.abandon();
    this.socket.close();
  }
}
