// Speaking to the visitor: PCM queued by the engine is cut into 20 ms frames, Opus-encoded and sent as RTP
// in real time (one packet per 20 ms on a clock that does not drift with timer lateness), so the browser's
// jitter buffer stays small and `stopPlayback` silences the answer at once: nothing is sent ahead.
import { FRAME_SAMPLES } from '../engine/engine.js';
import type { OpusEncoder } from './opus.js';
import { RtpClock, type RtpFields } from './rtp-clock.js';

const FRAME_MS = 20;

interface Queued {
  pcm: Int16Array;
  offset: number;
  done: () => void;
}

export interface PlayoutOptions {
  encoder: Pick<OpusEncoder, 'encode'>;
  /** Sends one Opus packet with its header fields. */
  send(payload: Buffer, fields: RtpFields): void;
  now?: () => number;
  clock?: RtpClock;
}

export class Playout {
  private queue: Queued[] = [];
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private framesSent = 0;
  private closed = false;
  private readonly now: () => number;
  private readonly clock: RtpClock;

  constructor(private readonly options: PlayoutOptions) {
    this.now = options.now ?? (() => performance.now());
    this.clock = options.clock ?? new RtpClock();
  }

  /** True while audio is being sent. */
  get playing(): boolean {
    return this.timer !== undefined;
  }

  /** Queues `pcm` after what is queued; resolves once its last frame was sent, or when it is flushed. */
  play(pcm: Int16Array): Promise<void> {
    if (this.closed || pcm.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.queue.push({ pcm, offset: 0, done: resolve });
      if (!this.timer) {
        this.startedAt = this.now();
        this.framesSent = 0;
        this.tick();
      }
    });
  }

  /** Drops everything queued, at once. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const flushed = this.queue;
    this.queue = [];
    for (const item of flushed) item.done();
  }

  close(): void {
    this.closed = true;
    this.stop();
  }

  private tick = (): void => {
    this.timer = undefined;
    const frame = this.nextFrame();
    if (!frame) return;
    this.options.send(this.options.encoder.encode(frame), this.clock.next(this.now(), this.framesSent === 0));
    this.framesSent++;
    if (this.queue.length === 0) return;
    const due = this.startedAt + this.framesSent * FRAME_MS;
    this.timer = setTimeout(this.tick, Math.max(0, due - this.now()));
  };

  /** The next 20 ms of what is queued (the last one padded with silence); resolves what it finishes. */
  private nextFrame(): Int16Array | undefined {
    if (this.queue.length === 0) return undefined;
    const frame = new Int16Array(FRAME_SAMPLES);
    let filled = 0;
    while (filled < FRAME_SAMPLES && this.queue.length > 0) {
      const head = this.queue[0]!;
      const n = Math.min(FRAME_SAMPLES - filled, head.pcm.length - head.offset);
      frame.set(head.pcm.subarray(head.offset, head.offset + n), filled);
      filled += n;
      head.offset += n;
      if (head.offset >= head.pcm.length) {
        this.queue.shift();
        head.done();
      }
    }
    return frame;
  }
}
