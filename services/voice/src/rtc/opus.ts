// Opus at 48 kHz, mono, with opusscript (libopus compiled to WebAssembly): the browser's microphone in, the
// spoken answer out, 20 ms per packet.
//
// Known fault, to be replaced (issue 18's note): opusscript 0.1.1 makes its PCM views with
// `HEAPU16.subarray(bytePointer)`, an element index, so its PCM buffers sit at twice the address it allocated,
// outside the block; with many codecs in one process they can overlap other allocations, and freeing one has
// thrown "memory access out of bounds" once in the integration suite. Until then, freeing never throws out of
// a call's end.
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
    release(this.opus);
  }
}

/** Frees a codec; a fault while freeing (see above) is not the call's to fail on. */
function release(opus: OpusScript): void {
  try {
    opus.delete();
  } catch {
    // The memory stays with the module; the codec is not used again.
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
    release(this.opus);
  }
}
