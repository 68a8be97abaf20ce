import { FRAME_SAMPLES } from '../../src/engine/engine.js';
import { OpusDecoder, OpusEncoder } from '../../src/rtc/opus.js';

const tone = (frame: number) => {
  const pcm = new Int16Array(FRAME_SAMPLES);
  for (let i = 0; i < FRAME_SAMPLES; i++)
    pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 300 * (frame * FRAME_SAMPLES + i)) / 48_000));
  return pcm;
};
const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, x) => sum + x * x, 0) / pcm.length);

describe('Opus in and out', () => {
  test('when a hundred calls code at once (two hundred codecs in one process), then every one still gives back its sound', () => {
    const calls = Array.from({ length: 100 }, () => ({ encoder: new OpusEncoder(), decoder: new OpusDecoder() }));
    let last: Int16Array[] = [];
    for (let frame = 0; frame < 10; frame++) {
      last = calls.map(({ encoder, decoder }) => decoder.decode(encoder.encode(tone(frame))));
    }
    for (const pcm of last) {
      expect(pcm).toHaveLength(FRAME_SAMPLES);
      // 8000 · √½ ≈ 5657 for the tone itself.
      expect(rms(pcm)).toBeGreaterThan(4000);
    }
    for (const { encoder, decoder } of calls) {
      encoder.close();
      decoder.close();
    }
  });

  test('when a frame is short, then it is padded with silence; a closed codec refuses', () => {
    const encoder = new OpusEncoder();
    const decoder = new OpusDecoder();
    expect(decoder.decode(encoder.encode(new Int16Array(100)))).toHaveLength(FRAME_SAMPLES);
    encoder.close();
    decoder.close();
    expect(() => encoder.encode(tone(0))).toThrow('closed');
    expect(() => decoder.decode(new Uint8Array(10))).toThrow('closed');
  });
});
