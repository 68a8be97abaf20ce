import { downsample48kTo16k, resample, upsample16kTo48k } from '../../src/audio/resample.js';
import { amplitudeAt, tone } from '../support/pcm.js';

/** The middle of a signal, away from the edges where the filter sees silence beyond the buffer. */
const middle = (pcm: Int16Array) => pcm.subarray(Math.floor(pcm.length / 4), Math.floor((3 * pcm.length) / 4));

describe('resampling', () => {
  test('when 48 kHz is brought down to 16 kHz, then speech-band tones keep their level and the length is a third', () => {
    const input = tone(500, 1000, 10000, 48000);
    const output = downsample48kTo16k(input);
    expect(output.length).toBe(input.length / 3);
    expect(amplitudeAt(middle(output), 1000, 16000)).toBeCloseTo(10000, -2);
    expect(amplitudeAt(middle(downsample48kTo16k(tone(500, 6000, 10000, 48000))), 6000, 16000)).toBeGreaterThan(9000);
  });

  test('when 48 kHz with content above 8 kHz is brought down to 16 kHz, then it is filtered out, not folded back', () => {
    // Dropping two samples in three would turn 12 kHz into a 4 kHz tone at full level.
    const output = middle(downsample48kTo16k(tone(500, 12000, 10000, 48000)));
    expect(amplitudeAt(output, 4000, 16000)).toBeLessThan(100); // below -40 dB
    const near = middle(downsample48kTo16k(tone(500, 9500, 10000, 48000)));
    expect(amplitudeAt(near, 6500, 16000)).toBeLessThan(100);
  });

  test('when 16 kHz is brought up to 48 kHz, then the tone keeps its level and carries no images', () => {
    const output = middle(upsample16kTo48k(tone(500, 1000, 10000, 16000)));
    expect(amplitudeAt(output, 1000, 48000)).toBeCloseTo(10000, -2);
    // Zero-stuffing without a filter leaves copies at 16 kHz ± 1 kHz.
    expect(amplitudeAt(output, 15000, 48000)).toBeLessThan(100);
    expect(amplitudeAt(output, 17000, 48000)).toBeLessThan(100);
  });

  test("when espeak-ng's 22.05 kHz is brought up to 48 kHz, then length and tone are right", () => {
    const input = tone(1000, 440, 8000, 22050);
    const output = resample(input, 22050, 48000);
    expect(output.length).toBe(48000);
    expect(amplitudeAt(middle(output), 440, 48000)).toBeCloseTo(8000, -2);
  });

  test('when a full-scale signal is resampled, then overshoot is clipped to 16 bits rather than wrapped', () => {
    // The filter's ripple takes a full-scale square wave past full scale; wrapping would flip those samples' sign.
    const square = Int16Array.from({ length: 4800 }, (_, i) => (Math.floor(i / 48) % 2 === 0 ? 32767 : -32768));
    const output = middle(upsample16kTo48k(downsample48kTo16k(square)));
    const input = middle(square);
    expect(Math.max(...output)).toBe(32767);
    for (let i = 0; i < output.length; i++) {
      const edge = i % 48 < 6 || i % 48 > 42; // around a step the sign may lag a few samples
      if (!edge) expect(Math.sign(output[i]!)).toBe(Math.sign(input[i]!));
    }
  });

  test('when the rates are equal or not whole numbers, then it copies or refuses', () => {
    const input = Int16Array.from([1, 2, 3]);
    expect(Array.from(resample(input, 16000, 16000))).toEqual([1, 2, 3]);
    expect(() => resample(input, 44100.5, 48000)).toThrow(RangeError);
  });
});
