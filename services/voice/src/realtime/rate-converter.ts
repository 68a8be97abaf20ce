// 48 kHz ↔ 24 kHz for the Realtime socket, frame by frame. The repo's resampler (audio/resample.ts) takes a
// whole buffer and treats what lies beyond its ends as silence, right for an utterance or a synthesised
// sentence; a call's audio comes in 20 ms frames (and the model's in deltas of any length), and cutting each
// at its edges would click 50 times a second. These keep the filter's history from one piece to the next,
// so the stream is converted as if it were one buffer. Both use one low-pass windowed-sinc FIR (Blackman),
// cut off at 11 kHz, below the 12 kHz the 24 kHz side can carry.
const TAPS = 48;
const CUTOFF = 11_000 / 48_000;

const KERNEL = (() => {
  const h = new Float64Array(TAPS);
  const mid = (TAPS - 1) / 2;
  let sum = 0;
  for (let i = 0; i < TAPS; i++) {
    const x = i - mid;
    const sinc = Math.sin(2 * Math.PI * CUTOFF * x) / (Math.PI * x);
    const window =
      0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (TAPS - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (TAPS - 1));
    h[i] = sinc * window;
    sum += h[i]!;
  }
  for (let i = 0; i < TAPS; i++) h[i]! /= sum;
  return h;
})();

const clamp = (value: number) => (value > 32767 ? 32767 : value < -32768 ? -32768 : Math.round(value));

/** 48 kHz in, 24 kHz out: low-pass, then every second sample. */
export class Downsampler {
  /** The last TAPS - 1 input samples, then the new ones. */
  private tail = new Float64Array(TAPS - 1);
  /** Whether the next output falls on the first new sample (even) or the second (odd input so far). */
  private skip = 0;

  push(input: Int16Array): Int16Array {
    const history = TAPS - 1;
    const x = new Float64Array(history + input.length);
    x.set(this.tail);
    x.set(input, history);
    const out = new Int16Array(Math.max(0, Math.ceil((input.length - this.skip) / 2)));
    let n = 0;
    for (let p = history + this.skip; p < x.length; p += 2) {
      let sum = 0;
      for (let k = 0; k < TAPS; k++) sum += KERNEL[k]! * x[p - k]!;
      out[n++] = clamp(sum);
    }
    this.skip = (this.skip + input.length) % 2;
    this.tail = x.slice(x.length - history);
    return out;
  }
}

/** 24 kHz in, 48 kHz out: a zero between samples, then the low-pass (twice the gain, for the zeros). */
export class Upsampler {
  /** The last TAPS / 2 input samples. */
  private tail = new Float64Array(TAPS / 2);

  push(input: Int16Array): Int16Array {
    const history = TAPS / 2;
    const x = new Float64Array(history + input.length);
    x.set(this.tail);
    x.set(input, history);
    const out = new Int16Array(input.length * 2);
    for (let n = 0; n < input.length; n++) {
      const at = history + n;
      // The zero-stuffed signal's sample 2n is x[at]; an even tap reaches back to an input sample for the
      // even output, an odd tap for the odd one.
      let even = 0;
      let odd = 0;
      for (let k = 0; k < TAPS; k += 2) even += KERNEL[k]! * x[at - k / 2]!;
      for (let k = 1; k < TAPS; k += 2) odd += KERNEL[k]! * x[at - (k - 1) / 2]!;
      out[2 * n] = clamp(2 * even);
      out[2 * n + 1] = clamp(2 * odd);
    }
    this.tail = x.slice(x.length - history);
    return out;
  }
}
