// Opus at 48 kHz, mono, with opusscript (libopus compiled to WebAssembly): the browser's microphone in, the
// spoken answer out, 20 ms per packet.
import OpusScript from 'opusscript';
import { FRAME_SAMPLES, SAMPLE_RATE } from '../engine/engine.js';

export class OpusDecoder {
  private readonly opus = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);

  /** One Opus packet → its samples (a copy: opusscript reuses its buffer). */
  decode(packet: Buffer): Int16Array {
    const pcm = this.opus.decode(packet);
    const samples = new Int16Array(pcm.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2);
    return samples;
  }

  close(): void {
    this.opus.delete();
  }
}

export class OpusEncoder {
  private readonly opus = new OpusScript(SAMPLE_RATE, 1, OpusScript.Application.VOIP);
  private readonly input = Buffer.alloc(FRAME_SAMPLES * 2);

  /** One 20 ms frame (FRAME_SAMPLES samples; a shorter one is padded with silence) → one Opus packet. */
  encode(frame: Int16Array): Buffer {
    this.input.fill(0);
    const n = Math.min(frame.length, FRAME_SAMPLES);
    for (let i = 0; i < n; i++) this.input.writeInt16LE(frame[i]!, i * 2);
    return Buffer.from(this.opus.encode(this.input, FRAME_SAMPLES));
  }

  close(): void {
    this.opus.delete();
  }
}
