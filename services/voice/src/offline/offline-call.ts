// One call answered by the offline engine (offline-engine.ts): the detector's events, each utterance's
// transcription, the assistant's answer and its sentences spoken, one turn at a time. A transcription starts
// already at a short pause (the detector's `pause`); the final utterance uses it when the speech did not go
// on, and one the speech went past is withdrawn from the recogniser's queue if it has not started (it would
// only delay the one wanted). Speaking over the assistant (the detector's barge-in) stops its playback at
// once, and the answer being made is dropped.
import type { Logger } from '@hhp/kit';
import type { AskAiResponse } from '@hhp/proto';
import { downsample48kTo16k } from '../audio/resample.js';
import { UtteranceDetector, type DetectorEvent } from '../audio/utterance-detector.js';
import type { CallContext, EngineCall } from '../engine/engine.js';
import { TURN_FAILED } from '../engine/spoken-text.js';
import type { SpeechRecognizer, SpeechSynthesizer, Transcript } from '../speech/speech.js';
import { sentences, spokenAnswer } from './spoken-answer.js';

/** What the engine asks the assistant: the chat's question, on the visitor's behalf. */
export interface Assistant {
  ask(question: {
    query: string;
    guestId?: string | null;
    cookie?: string;
    clientAddress: string;
    requestId?: string;
  }): Promise<AskAiResponse>;
}

export interface OfflineCallDeps {
  recognizer: SpeechRecognizer;
  synthesizer: SpeechSynthesizer;
  assistant: Assistant;
  logger: Logger;
}

/** Transcripts shorter than this are noise the recogniser guessed at ("you", "."): not questions. */
const MIN_QUESTION_CHARS = 3;

/** A transcription under way, and when it began (performance.now()). */
interface Transcription {
  transcript: Promise<Transcript>;
  /** Withdraws it while it waits for the recogniser (an early one the visitor's speech went past). */
  withdraw: AbortController;
  startedAt: number;
  /** When the transcript came (set once it has). */
  doneAt?: number;
}

/**
 * Where one turn's time went, logged once per turn (no words): from the end of the visitor's speech to the
 * first sentence's audio handed to playback. `heardMs` is stream time (the detector's hangover); the rest is
 * wall-clock from the detector's decision.
 */
interface TurnTimings {
  /** End of speech to the detector's decision that the utterance ended. */
  heardMs: number;
  /** The transcription started at the pause was used (the visitor did not go on). */
  early: boolean;
  /** The transcription's own time, from when it started (the pause, or the decision). */
  recogniserMs: number;
  /** Decision to transcript in hand (0 when an early one was ready). */
  waitTranscriptMs: number;
  /** The assistant's answer (rpc.ai.v1.ask). */
  askMs: number;
  /** The first sentence synthesised. */
  firstSentenceMs: number;
  /** Decision to the first sentence handed to playback. */
  toPlaybackMs: number;
}

export class OfflineCall implements EngineCall {
  private readonly detector = new UtteranceDetector();
  /** The turns, one after another. */
  private turns: Promise<void> = Promise.resolve();
  /** A transcription started at a pause, by the speech's end it was started for. */
  private early: { speechEndMs: number; transcription: Transcription } | undefined;
  /** Bumped by a barge-in and by close: a turn that sees it changed stops. */
  private generation = 0;
  private closed = false;

  // The transport says `listening` once the peer connection is up (before it there is nothing to hear).
  constructor(
    private readonly deps: OfflineCallDeps,
    private readonly call: CallContext,
  ) {}

  audio(frame: Int16Array): void {
    if (this.closed) return;
    for (const event of this.detector.push(frame)) this.on(event);
  }

  private on(event: DetectorEvent): void {
    switch (event.type) {
      case 'speech-start':
        this.call.activity();
        return;
      case 'barge-in':
        this.call.activity();
        this.interrupt();
        return;
      case 'pause':
        // A pause after an earlier one: the visitor went on, so the earlier utterance so far is not wanted.
        this.early?.transcription.withdraw.abort();
        this.early = { speechEndMs: event.speechEndMs, transcription: this.transcribe(event.pcm) };
        return;
      case 'utterance': {
        const decidedAt = performance.now();
        const early = this.early?.speechEndMs === event.speechEndMs ? this.early.transcription : undefined;
        if (!early) this.early?.transcription.withdraw.abort();
        this.early = undefined;
        const transcription = early ?? this.transcribe(event.pcm);
        const generation = this.generation;
        const heard = { decidedAt, heardMs: event.atMs - event.speechEndMs, early: early !== undefined };
        this.turns = this.turns.then(() => this.turn(transcription, heard, generation));
        return;
      }
      case 'discarded':
        return;
    }
  }

  /** The visitor spoke over the answer: stop speaking, and drop what was being made. */
  private interrupt(): void {
    this.generation += 1;
    this.call.stopPlayback();
    this.detector.setAssistantSpeaking(false);
  }

  private transcribe(pcm48k: Int16Array): Transcription {
    const startedAt = performance.now();
    const withdraw = new AbortController();
    const transcription: Transcription = {
      startedAt,
      withdraw,
      transcript: this.deps.recognizer.transcribe(downsample48kTo16k(pcm48k), { signal: withdraw.signal }),
    };
    // Awaited by its turn; a dropped early one must not go unhandled.
    transcription.transcript.then(
      () => (transcription.doneAt = performance.now()),
      () => undefined,
    );
    return transcription;
  }

  private current(generation: number): boolean {
    return !this.closed && generation === this.generation;
  }

  private async turn(
    transcription: Transcription,
    heard: { decidedAt: number; heardMs: number; early: boolean },
    generation: number,
  ): Promise<void> {
    const { call } = this;
    try {
      call.send({ type: 'state', state: 'thinking' });
      const query = (await transcription.transcript).text.trim();
      const transcribedAt = performance.now();
      if (!this.current(generation)) return;
      // Noise the recogniser guessed at: back to listening (below), nothing asked.
      if (query.length < MIN_QUESTION_CHARS) return;
      call.send({ type: 'transcript', role: 'user', text: query, final: true });
      const timing = (askedAt: number) => (firstSentenceMs: number, playbackAt: number) =>
        this.logTimings({
          heardMs: heard.heardMs,
          early: heard.early,
          recogniserMs: (transcription.doneAt ?? transcribedAt) - transcription.startedAt,
          waitTranscriptMs: Math.max(0, transcribedAt - heard.decidedAt),
          askMs: askedAt - transcribedAt,
          firstSentenceMs,
          toPlaybackMs: playbackAt - heard.decidedAt,
        });
      const answer = await this.deps.assistant.ask({
        query,
        guestId: call.guestId,
        cookie: call.cookieHeader,
        clientAddress: call.clientAddress,
        requestId: call.sessionId,
      });
      const onFirstSentence = timing(performance.now());
      if (!this.current(generation)) return;
      call.activity();
      if (answer.outcome === 'quota-exceeded') {
        const { outcome: _outcome, message, ...quota } = answer;
        call.send({ type: 'quota', quota, exceeded: true });
        call.send({ type: 'transcript', role: 'assistant', text: message, final: true });
        await this.speak(message, generation, onFirstSentence);
        return;
      }
      const { response, sources, isCrisis, isEmergency, queriesUsed, queriesAllowed, isSubscriber, sessionPass } =
        answer;
      // The banner first: a visitor in crisis sees the help while the words are still being spoken.
      if (isCrisis) call.send({ type: 'crisis', isEmergency });
      // Words that may hide a crisis (the crisis model's middle band): the panel offers the lines with the answer.
      const lines = answer.crisisLines ? { crisisLines: true as const } : {};
      call.send({ type: 'transcript', role: 'assistant', text: response, final: true, sources, ...lines });
      call.send({
        type: 'quota',
        quota: { queriesUsed, queriesAllowed, isSubscriber, ...(sessionPass ? { sessionPass } : {}) },
        exceeded: false,
      });
      call.turn();
      await this.speak(spokenAnswer(response, { whole: isCrisis }), generation, onFirstSentence);
    } catch (err) {
      call.logger.error({ err }, 'voice turn failed');
      if (this.current(generation)) {
        call.send({ type: 'transcript', role: 'assistant', text: TURN_FAILED, final: true });
        await this.speak(TURN_FAILED, generation).catch(() => undefined);
      }
    } finally {
      if (this.current(generation)) call.send({ type: 'state', state: 'listening' });
    }
  }

  private logTimings(timings: TurnTimings): void {
    const rounded = Object.fromEntries(
      Object.entries(timings).map(([key, value]) => [key, typeof value === 'number' ? Math.round(value) : value]),
    );
    this.call.logger.info({ turnTimings: rounded }, 'voice turn timings');
  }

  /**
   * Speaks `text` (or its sentences) sentence by sentence: the next is synthesised while the one before plays. `onFirstSentence`
   * hears how long the first took to synthesise and when it went to playback.
   */
  private async speak(
    text: string | string[],
    generation: number,
    onFirstSentence?: (synthesisMs: number, playbackAt: number) => void,
  ): Promise<void> {
    const parts = typeof text === 'string' ? sentences(text) : text;
    if (!parts.length || !this.current(generation)) return;
    const audio = parts.map(() => undefined as Promise<Int16Array> | undefined);
    const make = (i: number) => (audio[i] ??= this.deps.synthesizer.synthesize(parts[i]!));
    this.call.send({ type: 'state', state: 'speaking' });
    this.detector.setAssistantSpeaking(true);
    try {
      const started = performance.now();
      for (let i = 0; i < parts.length; i++) {
        const pcm = await make(i);
        if (i + 1 < parts.length) void make(i + 1).catch(() => undefined);
        if (!this.current(generation)) return;
        const playing = this.call.play(pcm);
        if (i === 0) onFirstSentence?.(performance.now() - started, performance.now());
        await playing;
      }
    } finally {
      if (this.current(generation)) this.detector.setAssistantSpeaking(false);
    }
  }

  async sayLimit(message: string): Promise<void> {
    this.generation += 1;
    this.call.stopPlayback();
    const generation = this.generation;
    await this.speak(message, generation);
  }

  close(): void {
    this.closed = true;
    this.generation += 1;
    this.early?.transcription.withdraw.abort();
    this.early = undefined;
  }
}
