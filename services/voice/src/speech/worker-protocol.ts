// The framing between the voice service and services/voice/worker/transcribe.py (its docstring is the other
// half): a JSON header line then raw 16 kHz mono s16le samples in; one JSON line per answer out.
import { endianness } from 'node:os';
import { z } from 'zod';

const LITTLE_ENDIAN = endianness() === 'LE';

export function encodeRequest(id: number, pcm16k: Int16Array): Buffer {
  const header = Buffer.from(`${JSON.stringify({ id, samples: pcm16k.length })}\n`);
  // The samples' own bytes are already s16le on a little-endian machine (all that Node runs on in practice).
  if (LITTLE_ENDIAN) {
    return Buffer.concat([header, Buffer.from(pcm16k.buffer, pcm16k.byteOffset, pcm16k.byteLength)]);
  }
  const body = Buffer.alloc(pcm16k.length * 2);
  for (let i = 0; i < pcm16k.length; i++) body.writeInt16LE(pcm16k[i]!, 2 * i);
  return Buffer.concat([header, body]);
}

const workerMessage = z.union([
  z.object({ ready: z.literal(true), ms: z.number() }),
  z.object({ id: z.number().int(), text: z.string(), ms: z.number() }),
  z.object({ id: z.number().int(), error: z.string() }),
]);

export type WorkerMessage = z.infer<typeof workerMessage>;

/** Parses one line of the worker's output; undefined for anything that is not a message (a stray print). */
export function parseWorkerLine(line: string): WorkerMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return undefined;
  }
  const parsed = workerMessage.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** Splits a byte stream into lines (UTF-8), keeping a partial line until its end arrives. */
export class LineSplitter {
  private partial = '';
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array): string[] {
    const text = this.partial + this.decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    this.partial = lines.pop()!;
    return lines.filter((line) => line.trim() !== '');
  }
}
