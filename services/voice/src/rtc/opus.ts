// Opus at 48 kHz, mono, with @evan/opus's WebAssembly build of libopus: the browser's microphone in, the
// spoken answer out, 20 ms per packet. The WebAssembly build rather than the package's default (a native
// addon where one fits): the same everywhere (any CPU, any image), and one copy per process however its
// modules are loaded (jest's registries loaded the addon twice and lost its audio). Each codec's memory is
// freed when it is closed. (opusscript 0.1.1, used first, placed its PCM buffers at twice the address it had
// allocated: from about 80 codecs in one process every encode threw "offset is out of bounds", and before that
// they could overwrite one another.)
import opus from '@evan/opus/wasm/index.js';
import { FRAME_SAMPLES, SAMPLE_RATE } from '../engine/engine.js';

export class OpusDecoder {
  private decoder: InstanceType<typeof opus.Decoder> | undefined = new opus.Decoder({
    channels: 1,
    sample_rate: SAMPLE_RATE,
  });

  /** One Opus packet → its samples (the codec hands back a copy). */
  decode(packet: Uint8Array): Int16Array {
    if (!this.decoder) throw new Error('the Opus decoder is closed');
    const pcm = this.decoder.decode(packet);
    return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2);
  }

  close(): void {
    this.decoder?.drop();
    this.decoder = undefined;
  }
}

export class OpusEncoder {
  private encoder: InstanceType<typeof opus.Encoder> | undefined = new opus.Encoder({
    channels: 1,
    sample_rate: SAMPLE_RATE,
    application: 'voip',
  });
  private readonly input = new Int16Array(FRAME_SAMPLES);

  /** One 20 ms frame (FRAME_SAMPLES samples; a shorter one is padded with silence) → one Opus packet. */
  encode(frame: Int16Array): Buffer {
    if (!this.encoder) throw new Error('the Opus encoder is closed');
    this.input.fill(0);
    this.input.set(frame.length > FRAME_SAMPLES ? frame.subarray(0, FRAME_SAMPLES) : frame);
    const packet = this.encoder.encode(this.input);
    return Buffer.from(packet.buffer, packet.byteOffset, packet.byteLength);
  }

  close(): void {
    this.encoder?.drop();
    this.encoder = undefined;
  }
}
