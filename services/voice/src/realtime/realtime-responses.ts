// The Realtime call's responses (realtime-call.ts), one at a time: each `response.create` with what the model
// may hear, its audio played on the call as it comes (the model's 24 kHz up to 48 kHz), and a barge-in's cut:
// the playback stopped, the response cancelled and the model's item truncated at what was heard. The model is
// given only what was checked: an answer's `input` references the visitor's admitted turns and the answers to
// them, never the whole conversation (where a turn spoken meanwhile waits for its own check).
import { SAMPLE_RATE, type CallContext } from '../engine/engine.js';
import { Upsampler } from './rate-converter.js';
import { decodePcm } from './realtime-events.js';
import type { RealtimeSocket } from './realtime-socket.js';

/** How long a cancelled response may take to say it is done. */
const CANCEL_WAIT_MS = 2000;

/** The response being made, from `response.create` to its `response.done` and the end of its playback. */
export interface Answer {
  eventId: string;
  /** The words of the service's own being said (the caption was sent with them); else the model's answer. */
  fixed: boolean;
  sources: { title: string; path: string }[];
  /** The question's words lie in the crisis model's middle band: the caption offers the crisis lines. */
  crisisLines?: true;
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

export class Responses {
  private up = new Upsampler();
  private answer: Answer | undefined;
  /** The conversation's items the model may hear, in order: the visitor's checked turns and the answers. */
  private readonly checked: string[] = [];
  private count = 0;

  constructor(
    private readonly socket: RealtimeSocket,
    private readonly call: CallContext,
  ) {}

  /** A response is being made or played. */
  get answering(): boolean {
    return this.answer !== undefined;
  }

  /** The visitor's turn `itemId` was checked and let through: later answers may hear it. */
  hear(itemId: string): void {
    this.checked.push(itemId);
  }

  /** The server's response.created: the id of the response asked for last. */
  created(responseId: string): void {
    if (this.answer && !this.answer.responseId) this.answer.responseId = responseId;
  }

  delta(responseId: string, itemId: string, base64: string): void {
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

  /** The model's answer's words, captioned once said (words of the service's own were captioned before). */
  transcript(responseId: string, transcript: string): void {
    const answer = this.answer;
    if (answer && answer.responseId === responseId && !answer.fixed && !answer.cancelled) {
      const { sources, crisisLines } = answer;
      this.call.send({
        type: 'transcript',
        role: 'assistant',
        text: transcript,
        final: true,
        sources,
        ...(crisisLines ? { crisisLines } : {}),
      });
    }
  }

  /** The server's response.done. */
  done(responseId: string, failed: boolean): void {
    if (this.answer?.responseId !== responseId) return;
    if (failed) this.answer.failed = true;
    this.answer.serverDone = true;
    this.answer.finish();
  }

  /** The server refused the event `eventId`: when it asked for the response, its turn is over. */
  refused(eventId: string | null | undefined): void {
    if (this.answer && eventId === this.answer.eventId) {
      this.answer.failed = true;
      this.answer.finish();
    }
  }

  /**
   * Asks the model for a response with `instructions`; resolves once it is done and played (or cut off, or
   * failed: see `failed`, `cancelled`, `heard`), with the response; undefined when none was asked for (the
   * turn was over, `current()` false, before it could be).
   */
  async respond(
    instructions: string,
    kind: Pick<Answer, 'fixed' | 'sources' | 'crisisLines'>,
    current: () => boolean,
  ): Promise<Answer | undefined> {
    // One response at a time: one cancelled a moment ago must be done before the next is asked for.
    await this.answer?.done;
    if (!current()) return undefined;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    // A cancelled response's wait for its response.done ends with it.
    void done.then(() => clearTimeout(answer.cancelWait));
    const answer: Answer = {
      eventId: `response-${++this.count}`,
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

  /** Stops speaking at once, cancels the response being made and keeps only what was heard of it. */
  cut(): void {
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

  /** Nothing more is awaited of the response being made (the socket lost, the call ended). */
  abandon(): void {
    this.answer?.finish();
  }
}
