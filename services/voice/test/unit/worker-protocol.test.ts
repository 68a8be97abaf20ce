import { encodeRequest, LineSplitter, parseWorkerLine } from '../../src/speech/worker-protocol.js';
import { speakable } from '../../src/speech/espeak-synthesizer.js';

describe("the recogniser worker's framing", () => {
  test('when a request is encoded, then a JSON header line is followed by the samples as little-endian 16-bit', () => {
    const frame = encodeRequest(7, Int16Array.from([1, -2, 300]));
    const newline = frame.indexOf(0x0a);
    expect(JSON.parse(frame.subarray(0, newline).toString())).toEqual({ id: 7, samples: 3 });
    const body = frame.subarray(newline + 1);
    expect(body.length).toBe(6);
    expect([body.readInt16LE(0), body.readInt16LE(2), body.readInt16LE(4)]).toEqual([1, -2, 300]);
  });

  test('when answers arrive cut anywhere, even inside a character, then whole lines come out', () => {
    const splitter = new LineSplitter();
    const bytes = new TextEncoder().encode('{"id": 1, "text": "café", "ms": 5}\n{"ready"');
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    expect(splitter.push(bytes.subarray(0, cut))).toEqual([]);
    expect(splitter.push(bytes.subarray(cut))).toEqual(['{"id": 1, "text": "café", "ms": 5}']);
    expect(splitter.push(new TextEncoder().encode(': true, "ms": 3}\n\n'))).toEqual(['{"ready": true, "ms": 3}']);
  });

  test('when a line is parsed, then answers, failures and the ready line are known and anything else is not', () => {
    expect(parseWorkerLine('{"ready": true, "ms": 640}')).toEqual({ ready: true, ms: 640 });
    expect(parseWorkerLine('{"id": 3, "text": "I want to end my life.", "ms": 812}')).toEqual({
      id: 3,
      text: 'I want to end my life.',
      ms: 812,
    });
    expect(parseWorkerLine('{"id": 4, "error": "boom"}')).toEqual({ id: 4, error: 'boom' });
    expect(parseWorkerLine('Downloading model...')).toBeUndefined();
    expect(parseWorkerLine('{"id": "x", "text": 1}')).toBeUndefined();
  });
});

describe('what espeak-ng is given to say', () => {
  test('when a text holds phoneme brackets, control characters or line breaks, then it is one plain line', () => {
    expect(speakable('  Try [[h@loU]] this\nnow\u0007 please ')).toBe('Try h@loU this now please');
    expect(speakable('\u200b\n')).toBe('');
  });
});
