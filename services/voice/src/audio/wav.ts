// RIFF/WAVE for 16-bit PCM, the only kind the voice service meets: espeak-ng's output, test fixtures, and files
// written for a look at what the recogniser heard. espeak-ng writes while it speaks, so its --stdout header
// carries placeholder sizes (0x7ffff000 and the like): a chunk that claims more than the file holds is read to
// the file's end.

export interface WavAudio {
  sampleRate: number;
  /** Mono samples; a multi-channel file is mixed down. */
  samples: Int16Array;
}

export class WavFormatError extends Error {
  override name = 'WavFormatError';
}

export function readWav(file: Uint8Array): WavAudio {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tag = (offset: number) => String.fromCharCode(...file.subarray(offset, offset + 4));
  if (file.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavFormatError('not a RIFF/WAVE file');

  let format: { channels: number; sampleRate: number; bits: number; code: number } | undefined;
  let offset = 12;
  while (offset + 8 <= file.byteLength) {
    const id = tag(offset);
    const declared = view.getUint32(offset + 4, true);
    const start = offset + 8;
    const size = Math.min(declared, file.byteLength - start);
    if (id === 'fmt ') {
      if (size < 16) throw new WavFormatError('fmt chunk too short');
      format = {
        code: view.getUint16(start, true),
        channels: view.getUint16(start + 2, true),
        sampleRate: view.getUint32(start + 4, true),
        bits: view.getUint16(start + 14, true),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('data chunk before fmt chunk');
      // 1 is PCM; 0xfffe (extensible) is PCM too when 16-bit, as far as this reader is concerned.
      if ((format.code !== 1 && format.code !== 0xfffe) || format.bits !== 16) {
        throw new WavFormatError(`only 16-bit PCM is read (format ${format.code}, ${format.bits} bits)`);
      }
      if (format.channels < 1 || format.sampleRate < 1) throw new WavFormatError('bad channel count or rate');
      return { sampleRate: format.sampleRate, samples: mixDown(view, start, size, format.channels) };
    }
    offset = start + size + (size % 2); // chunks are padded to an even length
  }
  throw new WavFormatError('no data chunk');
}

function mixDown(view: DataView, start: number, size: number, channels: number): Int16Array {
  const frames = Math.floor(size / (2 * channels));
  const samples = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) {
      sum += view.getInt16(start + 2 * (frame * channels + channel), true);
    }
    samples[frame] = Math.round(sum / channels);
  }
  return samples;
}

export function writeWav({ sampleRate, samples }: WavAudio): Uint8Array {
  const file = new Uint8Array(44 + samples.byteLength);
  const view = new DataView(file.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) file[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples.byteLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, samples.byteLength, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + 2 * i, samples[i]!, true);
  return file;
}
