// Sample-rate conversion between the rates the voice service meets: WebRTC's Opus runs at 48 kHz, Whisper
// listens at 16 kHz, espeak-ng speaks at 22.05 kHz. A windowed-sinc filter (Blackman window) does the low-pass
// that plain sample dropping skips: without it everything between 8 and 24 kHz in the microphone's signal folds
// back into the speech band the recogniser hears, and upsampled speech carries images of itself up to 24 kHz.
//
// Every pair of rates here is a rational ratio (48000:16000 is 3:1, 22050:48000 is 147:320), so the filter is
// precomputed once per pair as a polyphase table: one row of taps for each of the output's phases against the
// input's samples. The conversion works on whole buffers (an utterance, a spoken answer), not on a stream.

/**
 * Zero crossings of the sinc on each side of the centre: the filter's length, and how sharp it cuts. Twelve keep
 * images and aliases of speech-band tones 40 dB down (test/unit/resample.test.ts) at half the taps of 24, and
 * every second of a spoken answer passes through this filter.
 */
const ZERO_CROSSINGS = 12;
/** The pass band ends at this fraction of the lower rate's Nyquist frequency, leaving room for the roll-off. */
const CUTOFF = 0.9;

interface Kernel {
  /** Output samples advance the input by step / phases input samples. */
  step: number;
  phases: number;
  /** Taps per phase; phase p's tap j weighs input sample floor(t) - half + 1 + j. */
  taps: number;
  half: number;
  table: Float32Array;
}

const kernels = new Map<string, Kernel>();

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function kernelFor(from: number, to: number): Kernel {
  const key = `${from}:${to}`;
  const cached = kernels.get(key);
  if (cached) return cached;
  const divisor = gcd(from, to);
  const step = from / divisor;
  const phases = to / divisor;
  // Cut-off in cycles per input sample.
  const cutoff = (CUTOFF * Math.min(from, to)) / 2 / from;
  const reach = ZERO_CROSSINGS / (2 * cutoff); // in input samples, each side
  const half = Math.ceil(reach);
  const taps = 2 * half;
  const table = new Float32Array(phases * taps);
  for (let phase = 0; phase < phases; phase++) {
    // The output sample sits `fraction` of an input sample after input sample floor(t).
    const fraction = ((phase * step) % phases) / phases;
    let sum = 0;
    for (let j = 0; j < taps; j++) {
      const distance = j - half + 1 - fraction;
      const weight = Math.abs(distance) >= reach ? 0 : sinc(2 * cutoff * distance) * blackman(distance / reach);
      table[phase * taps + j] = weight;
      sum += weight;
    }
    // Unity gain at 0 Hz for every phase (the truncated sinc sums to slightly off 1).
    for (let j = 0; j < taps; j++) table[phase * taps + j]! /= sum;
  }
  const kernel = { step, phases, taps, half, table };
  kernels.set(key, kernel);
  return kernel;
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const angle = Math.PI * x;
  return Math.sin(angle) / angle;
}

/** Blackman window over [-1, 1]. */
function blackman(x: number): number {
  const angle = Math.PI * (x + 1);
  return 0.42 - 0.5 * Math.cos(angle) + 0.08 * Math.cos(2 * angle);
}

export function resample(input: Int16Array, from: number, to: number): Int16Array {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from <= 0 || to <= 0) {
    throw new RangeError(`sample rates must be positive integers (${from} → ${to})`);
  }
  if (from === to) return input.slice();
  const { step, phases, taps, half, table } = kernelFor(from, to);
  const length = Math.floor((input.length * phases) / step);
  const output = new Int16Array(length);
  const last = input.length - 1;
  for (let n = 0; n < length; n++) {
    // Position n * step / phases in input samples, kept as integer and phase to stay exact.
    const position = n * step;
    const base = Math.floor(position / phases);
    const phase = n % phases;
    const row = phase * taps;
    const first = base - half + 1;
    let sum = 0;
    if (first >= 0 && first + taps - 1 <= last) {
      for (let j = 0; j < taps; j++) sum += input[first + j]! * table[row + j]!;
    } else {
      // At the edges the signal is taken as silence beyond the buffer.
      for (let j = 0; j < taps; j++) {
        const index = first + j;
        if (index >= 0 && index <= last) sum += input[index]! * table[row + j]!;
      }
    }
    output[n] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : Math.round(sum);
  }
  return output;
}

export const downsample48kTo16k = (pcm48k: Int16Array) => resample(pcm48k, 48000, 16000);
export const upsample16kTo48k = (pcm16k: Int16Array) => resample(pcm16k, 16000, 48000);
