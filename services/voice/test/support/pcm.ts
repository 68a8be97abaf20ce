// Test audio: speech made by espeak-ng at test time (what the offline engine's own voice and the integration
// tests' visitor sound like), silence, seeded noise and tones, all at the call's 48 kHz.
import { execFileSync } from 'node:child_process';
import { resample } from '../../src/audio/resample.js';
import { readWav } from '../../src/audio/wav.js';

export const RATE = 48000;

const spoken = new Map<string, Int16Array>();

/** espeak-ng saying `text` (en-us), at 48 kHz, without the silence espeak-ng puts before and after it. */
export function speech(text: string, wordsPerMinute = 160): Int16Array {
  const key = `${wordsPerMinute}:${text}`;
  let pcm = spoken.get(key);
  if (!pcm) {
    const wav = execFileSync('espeak-ng', ['-v', 'en-us', '-s', String(wordsPerMinute), '--stdout', text]);
    const { sampleRate, samples } = readWav(wav);
    pcm = trim(resample(samples, sampleRate, RATE));
    spoken.set(key, pcm);
  }
  return pcm;
}

function trim(pcm: Int16Array): Int16Array {
  const loud = (sample: number) => Math.abs(sample) > 300;
  const first = pcm.findIndex(loud);
  const last = pcm.findLastIndex(loud);
  return first < 0 ? new Int16Array(0) : pcm.slice(first, last + 1);
}

export function silence(ms: number): Int16Array {
  return new Int16Array(Math.round((RATE * ms) / 1000));
}

/** White noise at `dbfs` RMS, the same every run (a linear congruential generator from `seed`). */
export function noise(ms: number, dbfs: number, seed = 1): Int16Array {
  const out = new Int16Array(Math.round((RATE * ms) / 1000));
  const rms = 32768 * 10 ** (dbfs / 20);
  // Uniform on [-a, a] has RMS a / sqrt(3).
  const amplitude = rms * Math.sqrt(3);
  let state = seed >>> 0;
  for (let i = 0; i < out.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out[i] = Math.round((state / 2 ** 32 - 0.5) * 2 * amplitude);
  }
  return out;
}

export function tone(ms: number, hz: number, amplitude: number, rate = RATE): Int16Array {
  const out = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < out.length; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  return out;
}

export function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Sample-wise sum, clipped; `b` is repeated or cut to `a`'s length. */
export function mix(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.max(-32768, Math.min(32767, a[i]! + b[i % b.length]!));
  return out;
}

export function durationMs(pcm: Int16Array, rate = RATE): number {
  return (pcm.length * 1000) / rate;
}

/** RMS level in dBFS. */
export function level(pcm: Int16Array): number {
  let sum = 0;
  for (const sample of pcm) sum += sample * sample;
  return 20 * Math.log10(Math.sqrt(sum / Math.max(1, pcm.length)) / 32768);
}

/** The amplitude of the `hz` component (a single-bin DFT), for checking what a filter lets through. */
export function amplitudeAt(pcm: Int16Array, hz: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < pcm.length; i++) {
    const angle = (2 * Math.PI * hz * i) / rate;
    re += pcm[i]! * Math.cos(angle);
    im -= pcm[i]! * Math.sin(angle);
  }
  return (2 * Math.hypot(re, im)) / pcm.length;
}
