// The offline synthesiser: Debian's espeak-ng, one process per text (it starts in milliseconds), its WAV read
// from stdout and resampled to the call's 48 kHz. The text goes in on stdin, never as an argument, so no text
// can pass for an option; espeak-ng's inline phoneme brackets are taken out, so that a text says its words.
import { spawn } from 'node:child_process';
import { resample } from '../audio/resample.js';
import { readWav, writeWav, type WavAudio } from '../audio/wav.js';
import { CALL_RATE, type SpeechSynthesizer } from './speech.js';

export interface EspeakSynthesizerOptions {
  binary?: string;
  /** An espeak-ng voice; en-us is the clearest of the English ones it ships. */
  voice?: string;
  /** Words per minute: a little slower than espeak-ng's 175, easier to follow on a phone's speaker. */
  wordsPerMinute?: number;
  /** Texts longer than this are refused: an answer to speak is a few sentences, not a page. */
  maxChars?: number;
  timeoutMs?: number;
}

export class SynthesisError extends Error {
  override name = 'SynthesisError';
}

export class EspeakSynthesizer implements SpeechSynthesizer {
  private readonly options: Required<EspeakSynthesizerOptions>;

  constructor(options: EspeakSynthesizerOptions = {}) {
    this.options = {
      binary: 'espeak-ng',
      voice: 'en-us',
      wordsPerMinute: 160,
      maxChars: 1200,
      timeoutMs: 10_000,
      ...options,
    };
  }

  async synthesize(text: string): Promise<Int16Array> {
    const { sampleRate, samples } = await this.speak(text);
    return resample(samples, sampleRate, CALL_RATE);
  }

  /** `text` at espeak-ng's own rate (22.05 kHz mono), as a file to hand a browser: read aloud's audio. */
  async synthesizeWav(text: string): Promise<Uint8Array> {
    // Written again: espeak-ng's --stdout header carries placeholder sizes, which some players take literally.
    return writeWav(await this.speak(text));
  }

  /** What this synthesiser's audio depends on besides the text: a cache of its audio keys on it. */
  get voice(): string {
    return `espeak-ng ${this.options.voice} ${this.options.wordsPerMinute} wpm`;
  }

  private async speak(text: string): Promise<WavAudio> {
    const spoken = speakable(text);
    if (spoken.length > this.options.maxChars) {
      throw new SynthesisError(
        `text of ${spoken.length} characters is over the ${this.options.maxChars} that are spoken`,
      );
    }
    if (spoken === '') return { sampleRate: CALL_RATE, samples: new Int16Array(0) };
    return readWav(await this.run(spoken));
  }

  private run(text: string): Promise<Uint8Array> {
    const o = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(o.binary, ['-v', o.voice, '-s', String(o.wordsPerMinute), '--stdin', '--stdout'], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let err = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new SynthesisError(`espeak-ng took longer than ${o.timeoutMs} ms`));
      }, o.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-1000)));
      child.stdin.on('error', () => {}); // a failed start is reported by 'error' / 'close'
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new SynthesisError(`espeak-ng could not run: ${error.message}`));
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(Buffer.concat(out));
        else reject(new SynthesisError(`espeak-ng exited with ${signal ?? code}: ${err.trim()}`));
      });
      child.stdin.end(`${text}\n`);
    });
  }
}

/** The text as espeak-ng should read it: one line, no control characters, no [[phoneme]] markup. */
export function speakable(text: string): string {
  return text
    .replace(/[[\]]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
