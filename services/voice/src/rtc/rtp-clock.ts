// The RTP header fields of the audio the service sends: the sequence number goes up by one per packet; the
// timestamp by the samples of each packet while speaking, and by the real time that passed across a pause
// (the receiver's jitter buffer places the next talk spurt by it); the first packet of a talk spurt has
// the marker bit (RFC 3551). Both start at random values (RFC 3550).
import { randomInt } from 'node:crypto';
import { FRAME_SAMPLES, SAMPLE_RATE } from '../engine/engine.js';

export interface RtpFields {
  sequenceNumber: number;
  timestamp: number;
  marker: boolean;
}

export class RtpClock {
  private sequence: number;
  private timestamp: number;
  private lastSentAt: number | undefined;

  constructor(start: { sequence?: number; timestamp?: number } = {}) {
    this.sequence = start.sequence ?? randomInt(0, 0x10000);
    this.timestamp = start.timestamp ?? randomInt(0, 0x1_0000_0000);
  }

  /** The fields of the next packet, sent at `now` (ms); `spurtStart`: the first packet after a pause. */
  next(now: number, spurtStart: boolean): RtpFields {
    if (this.lastSentAt !== undefined) {
      const elapsed = spurtStart
        ? Math.max(FRAME_SAMPLES, Math.round(((now - this.lastSentAt) * SAMPLE_RATE) / 1000))
        : FRAME_SAMPLES;
      this.sequence = (this.sequence + 1) & 0xffff;
      this.timestamp = (this.timestamp + elapsed) >>> 0;
    }
    this.lastSentAt = now;
    return { sequenceNumber: this.sequence, timestamp: this.timestamp, marker: spurtStart };
  }
}
