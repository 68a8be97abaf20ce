// Where a visitor's utterance starts and ends, from the microphone's 48 kHz PCM as the call decodes it.
//
// Energy against an adaptive noise floor: each 20 ms frame's level (dBFS) is compared with the floor, a low
// percentile of the levels heard over the last few seconds. Speech is never continuous (the gaps between words
// and syllables are near the floor), so the percentile follows the room rather than the voice: a fan switched
// on raises it within seconds and ends the "utterance" it started, a quiet room lowers it. Speech starts after a
// few voiced frames in a row (a click is one), goes on while frames stay above a lower threshold (hysteresis), and
// ends after a hangover of silence long enough for a breath between two clauses but short enough to answer
// promptly. Too little voiced time is dropped as noise; an utterance that runs too long is cut, so that a
// recogniser call stays bounded.
//
// A shorter pause first hands on the utterance so far, tentatively: a transcription started then is ready
// sooner, and stands if the utterance ends with the same speech (its speechEndMs is unchanged); if the visitor
// goes on, the final utterance replaces it.
//
// While the assistant speaks, speech that lasts long enough is a barge-in: the transport stops playback. It
// asks for more voiced time than a plain start, since what the browser's echo cancellation lets through of the
// assistant's own voice would otherwise interrupt it.
//
// The detector is pure: frames in, events out, stream time counted in samples; no clocks, no I/O.

export interface UtteranceDetectorOptions {
  sampleRate: number;
  /** Length of one analysis frame. */
  frameMs: number;
  /** Silence after speech that ends the utterance. */
  hangoverMs: number;
  /** Silence after speech that hands on the utterance so far, tentatively (0: never). */
  pauseMs: number;
  /** Voiced frames in a row that start speech. */
  startMs: number;
  /** Voiced time below which an utterance is dropped as noise. */
  minSpeechMs: number;
  /** An utterance is cut (and handed on) at this length. */
  maxUtteranceMs: number;
  /** Audio kept from before the start, so that a soft first consonant is not lost. */
  preRollMs: number;
  /** Silence kept after the last voiced frame (the rest of the hangover is not handed on). */
  tailMs: number;
  /** Voiced time while the assistant speaks that makes a barge-in. */
  bargeInMs: number;
  /** The window whose low percentile is the noise floor, and that percentile. */
  floorWindowMs: number;
  floorPercentile: number;
  /** A frame starts speech this far above the floor, and keeps it going this far above. */
  onsetDb: number;
  continueDb: number;
  /** Nothing quieter than this is speech, however quiet the room (digital silence, a muted microphone). */
  minSpeechDbfs: number;
}

const DEFAULT_DETECTOR_OPTIONS: UtteranceDetectorOptions = {
  sampleRate: 48000,
  frameMs: 20,
  hangoverMs: 600,
  pauseMs: 250,
  startMs: 60,
  minSpeechMs: 200,
  maxUtteranceMs: 15000,
  preRollMs: 200,
  tailMs: 200,
  bargeInMs: 200,
  floorWindowMs: 4000,
  floorPercentile: 0.1,
  onsetDb: 12,
  continueDb: 6,
  minSpeechDbfs: -50,
};

export type DetectorEvent =
  | { type: 'speech-start'; atMs: number }
  | { type: 'barge-in'; atMs: number }
  | {
      type: 'utterance';
      /** The utterance's PCM at the detector's rate: pre-roll, speech, and a short tail of silence. */
      pcm: Int16Array;
      startMs: number;
      /** The end of the last voiced frame: "the end of the visitor's speech". */
      speechEndMs: number;
      /** When the detector decided (speechEndMs + the hangover, or the cut). */
      atMs: number;
      reason: 'silence' | 'max-length';
      /** The utterance interrupted the assistant (it began, or became long enough, while the assistant spoke). */
      bargeIn: boolean;
    }
  | {
      /** The utterance so far after a short pause; the final 'utterance' with the same speechEndMs confirms it. */
      type: 'pause';
      pcm: Int16Array;
      startMs: number;
      speechEndMs: number;
      atMs: number;
    }
  | { type: 'discarded'; atMs: number; voicedMs: number };

const SILENCE_DBFS = -100;

/** A frame's level in dBFS (a full-scale square wave is 0). */
function frameLevel(frame: Int16Array): number {
  if (frame.length === 0) return SILENCE_DBFS;
  let sum = 0;
  for (let i = 0; i < frame.length; i++) sum += frame[i]! * frame[i]!;
  const rms = Math.sqrt(sum / frame.length) / 32768;
  return rms > 0 ? Math.max(SILENCE_DBFS, 20 * Math.log10(rms)) : SILENCE_DBFS;
}

export class UtteranceDetector {
  readonly options: UtteranceDetectorOptions;
  private readonly frameSamples: number;
  private readonly frames: (ms: number) => number;
  private pending = new Int16Array(0);
  private framesSeen = 0;
  /** The floor window's levels in arrival order, and the same levels kept sorted (the percentile is an index). */
  private readonly levels: number[] = [];
  private readonly sortedLevels: number[] = [];
  private floorDb = SILENCE_DBFS;
  /** The frames before a start: pre-roll candidates and the voiced run that may begin speech. */
  private recent: Int16Array[] = [];
  private voicedRun = 0;
  private utterance: Int16Array[] | undefined;
  private startFrame = 0;
  private lastVoicedFrame = 0;
  private voicedFrames = 0;
  private silentRun = 0;
  private assistantSpeaking = false;
  private bargedIn = false;

  constructor(options: Partial<UtteranceDetectorOptions> = {}) {
    this.options = { ...DEFAULT_DETECTOR_OPTIONS, ...options };
    this.frameSamples = Math.round((this.options.sampleRate * this.options.frameMs) / 1000);
    this.frames = (ms) => Math.max(1, Math.round(ms / this.options.frameMs));
  }

  /** Whether the assistant is speaking now (the transport tells, as its playback starts and stops). */
  setAssistantSpeaking(speaking: boolean): void {
    this.assistantSpeaking = speaking;
  }

  get speaking(): boolean {
    return this.utterance !== undefined;
  }

  get noiseFloorDb(): number {
    return this.floorDb;
  }

  /** Feeds PCM of any length (normally one 20 ms frame); returns what happened in it, in order. */
  push(pcm: Int16Array): DetectorEvent[] {
    const events: DetectorEvent[] = [];
    let samples = pcm;
    if (this.pending.length > 0) {
      samples = new Int16Array(this.pending.length + pcm.length);
      samples.set(this.pending);
      samples.set(pcm, this.pending.length);
    }
    let offset = 0;
    for (; offset + this.frameSamples <= samples.length; offset += this.frameSamples) {
      // A copy: the caller may reuse its buffer, and the frame may end up in an utterance.
      this.frame(samples.slice(offset, offset + this.frameSamples), events);
    }
    this.pending = samples.slice(offset);
    return events;
  }

  /** Ends the stream (the call ends): an utterance in progress is handed on as if silence followed. */
  flush(): DetectorEvent[] {
    const events: DetectorEvent[] = [];
    if (this.utterance) this.finish(events, 'silence');
    this.pending = new Int16Array(0);
    return events;
  }

  private ms(frames: number): number {
    return frames * this.options.frameMs;
  }

  private frame(frame: Int16Array, events: DetectorEvent[]): void {
    const o = this.options;
    const index = this.framesSeen++;
    const level = frameLevel(frame);
    this.track(level);

    if (!this.utterance) {
      const voiced = level >= Math.max(this.floorDb + o.onsetDb, o.minSpeechDbfs);
      this.voicedRun = voiced ? this.voicedRun + 1 : 0;
      this.recent.push(frame);
      const keep = this.frames(o.preRollMs) + this.frames(o.startMs);
      if (this.recent.length > keep) this.recent.splice(0, this.recent.length - keep);
      if (this.voicedRun < this.frames(o.startMs)) return;

      this.utterance = this.recent;
      this.recent = [];
      this.startFrame = index + 1 - this.utterance.length;
      this.voicedFrames = this.voicedRun;
      this.lastVoicedFrame = index;
      this.silentRun = 0;
      this.bargedIn = false;
      events.push({ type: 'speech-start', atMs: this.ms(index + 1 - this.voicedRun) });
      this.checkBargeIn(index, events);
      return;
    }

    this.utterance.push(frame);
    const voiced = level >= Math.max(this.floorDb + o.continueDb, o.minSpeechDbfs);
    if (voiced) {
      this.voicedFrames++;
      this.lastVoicedFrame = index;
      this.silentRun = 0;
      this.checkBargeIn(index, events);
    } else {
      this.silentRun++;
    }
    if (
      o.pauseMs > 0 &&
      this.silentRun === this.frames(o.pauseMs) &&
      this.silentRun < this.frames(o.hangoverMs) &&
      this.voicedFrames >= this.frames(o.minSpeechMs)
    ) {
      events.push({ type: 'pause', ...this.sofar(), atMs: this.ms(index + 1) });
    }
    if (this.silentRun >= this.frames(o.hangoverMs)) {
      this.finish(events, 'silence');
    } else if (this.utterance.length >= this.frames(o.maxUtteranceMs)) {
      this.finish(events, 'max-length');
    }
  }

  private checkBargeIn(index: number, events: DetectorEvent[]): void {
    if (this.bargedIn || !this.assistantSpeaking) return;
    if (this.voicedFrames < this.frames(this.options.bargeInMs)) return;
    this.bargedIn = true;
    events.push({ type: 'barge-in', atMs: this.ms(index + 1) });
  }

  private finish(events: DetectorEvent[], reason: 'silence' | 'max-length'): void {
    const atMs = this.ms(this.framesSeen);
    if (this.voicedFrames < this.frames(this.options.minSpeechMs)) {
      events.push({ type: 'discarded', atMs, voicedMs: this.ms(this.voicedFrames) });
    } else {
      events.push({ type: 'utterance', ...this.sofar(), atMs, reason, bargeIn: this.bargedIn });
    }
    this.utterance = undefined;
    this.voicedRun = 0;
  }

  /** The utterance so far: up to the last voiced frame and a short tail (the rest of a pause is not handed on). */
  private sofar(): { pcm: Int16Array; startMs: number; speechEndMs: number } {
    const frames = this.utterance!;
    const end = Math.min(frames.length, this.lastVoicedFrame - this.startFrame + 1 + this.frames(this.options.tailMs));
    const pcm = new Int16Array(end * this.frameSamples);
    for (let i = 0; i < end; i++) pcm.set(frames[i]!, i * this.frameSamples);
    return { pcm, startMs: this.ms(this.startFrame), speechEndMs: this.ms(this.lastVoicedFrame + 1) };
  }

  /**
   * The noise floor: a low percentile of the levels over the floor window. Kept sorted as levels come and go
   * (a binary search each way) rather than sorted again for every frame of every call.
   */
  private track(level: number): void {
    const sorted = this.sortedLevels;
    this.levels.push(level);
    sorted.splice(insertionIndex(sorted, level), 0, level);
    if (this.levels.length > this.frames(this.options.floorWindowMs)) {
      const oldest = this.levels.shift()!;
      sorted.splice(insertionIndex(sorted, oldest), 1);
    }
    this.floorDb = sorted[Math.floor((sorted.length - 1) * this.options.floorPercentile)]!;
  }
}

/** The first index of `sorted` whose value is not below `value`. */
function insertionIndex(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
