import { readWav, WavFormatError, writeWav } from '../../src/audio/wav.js';

describe('WAV files', () => {
  test('when 16-bit PCM is written and read back, then rate and samples are the same', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const file = writeWav({ sampleRate: 22050, samples });
    expect(file.byteLength).toBe(44 + 12);
    const back = readWav(file);
    expect(back.sampleRate).toBe(22050);
    expect(Array.from(back.samples)).toEqual(Array.from(samples));
  });

  test('when the header claims more data than the file holds (espeak-ng --stdout), then the data present is read', () => {
    const file = writeWav({ sampleRate: 22050, samples: Int16Array.from([5, 6, 7]) });
    const view = new DataView(file.buffer);
    view.setUint32(4, 0x7ffff024, true);
    view.setUint32(40, 0x7ffff000, true);
    expect(Array.from(readWav(file).samples)).toEqual([5, 6, 7]);
  });

  test('when a file is stereo and has other chunks before its data, then the channels are mixed down to mono', () => {
    const header = writeWav({ sampleRate: 48000, samples: new Int16Array(0) }).slice(0, 36);
    const view = new DataView(header.buffer);
    view.setUint16(22, 2, true);
    const list = Uint8Array.from([...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]));
    const data = new Uint8Array(8 + 8);
    const dataView = new DataView(data.buffer);
    data.set([...'data'].map((c) => c.charCodeAt(0)));
    dataView.setUint32(4, 8, true);
    [100, 200, -50, -150].forEach((sample, i) => dataView.setInt16(8 + 2 * i, sample, true));
    const file = new Uint8Array([...header, ...list, ...data]);
    expect(Array.from(readWav(file).samples)).toEqual([150, -100]);
  });

  test('when a file is not 16-bit PCM WAV, then it is refused with a reason', () => {
    expect(() => readWav(new TextEncoder().encode('ID3 this is an mp3'))).toThrow(WavFormatError);
    const eightBit = writeWav({ sampleRate: 8000, samples: Int16Array.from([1]) });
    new DataView(eightBit.buffer).setUint16(34, 8, true);
    expect(() => readWav(eightBit)).toThrow(/16-bit PCM/);
    expect(() => readWav(writeWav({ sampleRate: 8000, samples: new Int16Array(0) }).slice(0, 36))).toThrow(/no data/);
  });
});
