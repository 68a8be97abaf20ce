// The spoken audio of each published text, kept in memory so that each is synthesised once: a cache keyed by a
// hash of the voice and the text, bounded by its bytes (the least recently used goes first), with one
// synthesis per key at a time (visitors asking for the same text at once wait for the same espeak-ng run) and
// at most `concurrency` runs at once (espeak-ng is CPU; the rest wait their turn). A failed synthesis is not
// kept: the next request tries again.
import { createHash } from 'node:crypto';

export interface SpeechAudio {
  /** The audio file's bytes. */
  bytes: Uint8Array;
  /** A strong validator of the bytes (the key): the browser's copy is revalidated against it. */
  etag: string;
}

export class SpeechCache {
  private readonly kept = new Map<string, SpeechAudio>();
  private readonly making = new Map<string, Promise<SpeechAudio>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private bytes = 0;

  constructor(
    private readonly options: {
      /** What the audio depends on besides the text (the synthesiser's voice and speed). */
      voice: string;
      maxBytes: number;
      concurrency: number;
      synthesize: (text: string) => Promise<Uint8Array>;
      /** Told of each synthesis that runs (a metric). */
      onSynthesis?: () => void;
    },
  ) {}

  /** The audio of `text`: kept, or being made, or made now. */
  async get(text: string): Promise<SpeechAudio> {
    const key = createHash('sha256').update(this.options.voice).update('\0').update(text).digest('base64url');
    const kept = this.kept.get(key);
    if (kept) {
      // Most recently used last: Map keeps insertion order.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const pending = this.making.get(key);
    if (pending) return pending;
    const made = this.make(key, text).finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  /** Texts kept, and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  private async make(key: string, text: string): Promise<SpeechAudio> {
    await this.turn();
    let bytes: Uint8Array;
    try {
      this.options.onSynthesis?.();
      bytes = await this.options.synthesize(text);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
    const audio = { bytes, etag: `"${key}"` };
    if (bytes.byteLength <= this.options.maxBytes) {
      this.kept.set(key, audio);
      this.bytes += bytes.byteLength;
      for (const [oldest, entry] of this.kept) {
        if (this.bytes <= this.options.maxBytes) break;
        this.kept.delete(oldest);
        this.bytes -= entry.bytes.byteLength;
      }
    }
    return audio;
  }

  private async turn(): Promise<void> {
    if (this.running >= this.options.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
  }
}
