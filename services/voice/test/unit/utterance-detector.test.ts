import {
  UtteranceDetector,
  type DetectorEvent,
  type UtteranceDetectorOptions,
} from '../../src/audio/utterance-detector.js';
import { concat, durationMs, mix, noise, silence, speech } from '../support/pcm.js';

const FRAME = 960; // 20 ms at 48 kHz

/** Feeds `pcm` in 20 ms frames (or `frame` samples) and returns every event. */
function detect(pcm: Int16Array, options: Partial<UtteranceDetectorOptions> = {}, frame = FRAME) {
  const detector = new UtteranceDetector(options);
  const events: DetectorEvent[] = [];
  for (let offset = 0; offset < pcm.length; offset += frame)
    events.push(...detector.push(pcm.subarray(offset, offset + frame)));
  return { detector, events };
}

const utterances = (events: DetectorEvent[]) =>
  events.filter((event): event is Extract<DetectorEvent, { type: 'utterance' }> => event.type === 'utterance');

const SLEEP = 'I have trouble sleeping at night';

describe('the utterance detector', () => {
  test('when speech comes between two silences, then it hands on one utterance that starts and ends with the speech', () => {
    const said = speech(SLEEP);
    const { events } = detect(concat(silence(1000), said, silence(1500)));

    expect(events.map((event) => event.type)).toEqual(['speech-start', 'pause', 'utterance']);
    const [start] = events;
    const [utterance] = utterances(events);
    expect(start!.atMs).toBeGreaterThanOrEqual(1000);
    expect(start!.atMs).toBeLessThan(1100);
    const spokenEnd = 1000 + durationMs(said);
    expect(utterance!.speechEndMs).toBeGreaterThan(spokenEnd - 150);
    expect(utterance!.speechEndMs).toBeLessThanOrEqual(spokenEnd + 20);
    // Decided after the hangover, not later.
    expect(utterance!.atMs - utterance!.speechEndMs).toBeGreaterThanOrEqual(500);
    expect(utterance!.atMs - utterance!.speechEndMs).toBeLessThanOrEqual(700);
    expect(utterance!.reason).toBe('silence');
    expect(utterance!.bargeIn).toBe(false);
    // The speech with the pre-roll before it and a short tail after, not the whole hangover.
    expect(durationMs(utterance!.pcm)).toBeGreaterThan(utterance!.speechEndMs - utterance!.startMs);
    expect(durationMs(utterance!.pcm)).toBeLessThanOrEqual(utterance!.speechEndMs - utterance!.startMs + 200);
    expect(utterance!.startMs).toBeLessThanOrEqual(start!.atMs - 100);
  });

  test('when the speech pauses, then the utterance so far comes early, and the end confirms it unchanged', () => {
    const { events } = detect(concat(silence(1000), speech(SLEEP), silence(1500)));
    const pause = events.find((event) => event.type === 'pause')!;
    const [utterance] = utterances(events);
    // 250 ms of silence, in whole 20 ms frames.
    expect(pause.atMs - pause.speechEndMs).toBeGreaterThanOrEqual(240);
    expect(pause.atMs - pause.speechEndMs).toBeLessThanOrEqual(260);
    expect(utterance!.atMs - pause.atMs).toBeGreaterThanOrEqual(300);
    expect(pause.speechEndMs).toBe(utterance!.speechEndMs);
    expect(pause.startMs).toBe(utterance!.startMs);
    expect(Array.from(pause.pcm)).toEqual(Array.from(utterance!.pcm));
  });

  test('when speech goes on after a pause, then the pause is superseded by a longer utterance', () => {
    const first = speech('I sleep badly');
    const { events } = detect(concat(silence(800), first, silence(400), speech('and I wake up tired'), silence(1200)));
    expect(events.map((event) => event.type)).toEqual(['speech-start', 'pause', 'pause', 'utterance']);
    const [early] = events.filter((event) => event.type === 'pause');
    const [utterance] = utterances(events);
    expect(utterance!.speechEndMs).toBeGreaterThan(early!.speechEndMs + 1000);
    expect(utterance!.pcm.length).toBeGreaterThan(early!.pcm.length);
  });

  test('when the utterance is handed on, then its PCM is the input itself, sample for sample', () => {
    const input = concat(silence(1000), speech(SLEEP), silence(1500));
    const [utterance] = utterances(detect(input).events);
    const from = (utterance!.startMs * 48000) / 1000;
    expect(Array.from(utterance!.pcm)).toEqual(Array.from(input.subarray(from, from + utterance!.pcm.length)));
  });

  test('when there is only steady noise, quiet or loud, then nothing is taken for speech', () => {
    expect(detect(noise(10_000, -45)).events).toEqual([]);
    expect(detect(noise(10_000, -20, 7)).events).toEqual([]);
  });

  test('when someone speaks over steady background noise, then the utterance is still found', () => {
    const said = speech(SLEEP);
    const room = noise(2000 + durationMs(said) + 1500, -42, 3);
    const { events } = detect(mix(concat(silence(2000), said, silence(1500)), room));
    expect(events.map((event) => event.type)).toEqual(['speech-start', 'pause', 'utterance']);
    expect(utterances(events)[0]!.speechEndMs).toBeGreaterThan(2000 + durationMs(said) - 150);
  });

  test('when the room gets louder (a fan switched on), then the floor follows and the noise does not stay speech', () => {
    const { detector, events } = detect(concat(noise(2000, -60, 5), noise(12_000, -25, 6)));
    expect(detector.speaking).toBe(false);
    expect(detector.noiseFloorDb).toBeGreaterThan(-30);
    // Whatever the step started ended on its own, well before the cut at 15 s.
    for (const event of utterances(events)) expect(event.reason).toBe('silence');
  });

  test('when levels come and go over the floor window, then the floor is their low percentile, frame by frame', () => {
    const detector = new UtteranceDetector({ floorWindowMs: 400 });
    const window = 400 / 20;
    const levels: number[] = [];
    let seed = 11;
    for (let f = 0; f < 300; f++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      // Steps of loudness with repeats among them (equal levels must leave the window one at a time).
      const amplitude = [40, 400, 400, 4000, 12000][seed % 5]!;
      const frame = new Int16Array(FRAME).fill(amplitude);
      detector.push(frame);
      levels.push(20 * Math.log10(amplitude / 32768));
      const recent = levels.slice(-window).sort((a, b) => a - b);
      expect(detector.noiseFloorDb).toBeCloseTo(recent[Math.floor((recent.length - 1) * 0.1)]!, 6);
    }
  });

  test('when two sentences come with a short pause, then they are one utterance; with a long pause, two', () => {
    const first = speech('I sleep badly');
    const second = speech('and I wake up tired');
    const short = detect(concat(silence(800), first, silence(300), second, silence(1200))).events;
    expect(utterances(short)).toHaveLength(1);

    const long = detect(concat(silence(800), first, silence(1200), second, silence(1200))).events;
    expect(long.map((event) => event.type)).toEqual([
      'speech-start',
      'pause',
      'utterance',
      'speech-start',
      'pause',
      'utterance',
    ]);
  });

  test('when a sound is too short to be speech (a click, a tap), then it is discarded, not handed on', () => {
    const click = noise(60, -10, 9);
    const { events } = detect(concat(silence(1000), click, silence(1500)));
    expect(events.map((event) => event.type)).toEqual(['speech-start', 'discarded']);
  });

  test('when someone speaks on and on, then the utterance is cut at the longest length and the rest follows', () => {
    const sentence = speech(SLEEP);
    const parts = [silence(500)];
    for (let i = 0; i < 10; i++) parts.push(sentence, silence(100));
    parts.push(silence(1500));
    const events = utterances(detect(concat(...parts), { maxUtteranceMs: 8000 }).events);
    expect(events[0]!.reason).toBe('max-length');
    expect(durationMs(events[0]!.pcm)).toBeLessThanOrEqual(8000);
    expect(events.at(-1)!.reason).toBe('silence');
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  test('when the visitor speaks while the assistant speaks, then a barge-in is signalled once, early in the speech', () => {
    const detector = new UtteranceDetector();
    detector.setAssistantSpeaking(true);
    const events: DetectorEvent[] = [];
    const input = concat(silence(1000), speech(SLEEP), silence(1500));
    for (let offset = 0; offset < input.length; offset += FRAME)
      events.push(...detector.push(input.subarray(offset, offset + FRAME)));

    expect(events.map((event) => event.type)).toEqual(['speech-start', 'barge-in', 'pause', 'utterance']);
    expect(events[1]!.atMs - events[0]!.atMs).toBeLessThanOrEqual(600);
    expect(utterances(events)[0]!.bargeIn).toBe(true);
  });

  test('when the assistant is silent, then speech is no barge-in', () => {
    const { events } = detect(concat(silence(1000), speech(SLEEP), silence(1500)));
    expect(events.some((event) => event.type === 'barge-in')).toBe(false);
  });

  test('when the audio comes in frames of another size, then the same utterance is found', () => {
    const input = concat(silence(1000), speech(SLEEP), silence(1500));
    const twenty = utterances(detect(input).events);
    const odd = utterances(detect(input, {}, 700).events);
    expect(odd.map(({ startMs, speechEndMs }) => ({ startMs, speechEndMs }))).toEqual(
      twenty.map(({ startMs, speechEndMs }) => ({ startMs, speechEndMs })),
    );
  });

  test('when the call ends in the middle of speech, then flush hands on what was said', () => {
    const detector = new UtteranceDetector();
    const input = concat(silence(1000), speech(SLEEP));
    for (let offset = 0; offset < input.length; offset += FRAME) detector.push(input.subarray(offset, offset + FRAME));
    expect(detector.speaking).toBe(true);
    expect(detector.flush().map((event) => event.type)).toEqual(['utterance']);
  });
});
