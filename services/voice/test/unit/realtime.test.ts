// The Realtime engine's pure parts: the engine chosen by configuration, the socket's address, the events read
// and written, and the streaming 48 ↔ 24 kHz conversion.
import { ConfigError, parseConfig } from '@hhp/kit';
import { VoiceConfig, engineName } from '../../src/config.js';
import { realtimeUrl } from '../../src/realtime/realtime-engine.js';
import { verbatim } from '../../src/realtime/realtime-words.js';
import { decodePcm, encodePcm, parseServerEvent, sessionUpdate } from '../../src/realtime/realtime-events.js';
import { Downsampler, Upsampler } from '../../src/realtime/rate-converter.js';
import { tone } from '../support/pcm.js';

const rms = (pcm: Int16Array, from = 0, to = pcm.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += pcm[i]! * pcm[i]!;
  return Math.sqrt(sum / Math.max(1, to - from));
};

describe('the engine VOICE_ENGINE chooses', () => {
  test('when nothing is set, then auto: the offline engine; with a key, OpenAI Realtime', () => {
    expect(engineName(parseConfig(VoiceConfig, {}))).toBe('offline');
    expect(engineName(parseConfig(VoiceConfig, { OPENAI_API_KEY: 'sk-test' }))).toBe('openai');
  });

  test('when an engine is named, then it is used whatever the key', () => {
    expect(engineName(parseConfig(VoiceConfig, { OPENAI_API_KEY: 'sk-test', VOICE_ENGINE: 'offline' }))).toBe(
      'offline',
    );
    expect(engineName(parseConfig(VoiceConfig, { VOICE_ENGINE: 'none' }))).toBe('none');
  });

  test('when openai is named without a key, or the socket address is not ws(s), then the configuration says so', () => {
    expect(() => parseConfig(VoiceConfig, { VOICE_ENGINE: 'openai' })).toThrow(ConfigError);
    expect(() => parseConfig(VoiceConfig, { VOICE_ENGINE: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => parseConfig(VoiceConfig, { OPENAI_REALTIME_URL: 'http://example.com/v1/realtime' })).toThrow(
      /OPENAI_REALTIME_URL/,
    );
  });
});

describe('the Realtime socket address', () => {
  const model = { OPENAI_REALTIME_MODEL: 'gpt-realtime' };
  test("when nothing is set, then OpenAI's, with the model", () => {
    expect(realtimeUrl(model)).toBe('wss://api.openai.com/v1/realtime?model=gpt-realtime');
  });
  test("when the chat's OPENAI_BASE_URL is set, then its ws(s) form", () => {
    expect(realtimeUrl({ ...model, OPENAI_BASE_URL: 'https://proxy.example/v1/' })).toBe(
      'wss://proxy.example/v1/realtime?model=gpt-realtime',
    );
    expect(realtimeUrl({ ...model, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).toBe(
      'ws://127.0.0.1:9/v1/realtime?model=gpt-realtime',
    );
  });
  test('when OPENAI_REALTIME_URL is set, then it wins', () => {
    expect(
      realtimeUrl({
        ...model,
        OPENAI_BASE_URL: 'https://proxy.example/v1',
        OPENAI_REALTIME_URL: 'ws://127.0.0.1:9/v1/realtime',
      }),
    ).toBe('ws://127.0.0.1:9/v1/realtime?model=gpt-realtime');
  });
});

describe('Realtime events', () => {
  test('when a known event comes, then it is read with its fields; an unknown one by its name', () => {
    expect(
      parseServerEvent(
        JSON.stringify({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: 'i1',
          transcript: 'hi',
          content_index: 0,
        }),
      ),
    ).toMatchObject({ type: 'conversation.item.input_audio_transcription.completed', item_id: 'i1', transcript: 'hi' });
    expect(parseServerEvent('{"type":"rate_limits.updated","rate_limits":[]}')).toEqual({
      type: 'other',
      name: 'rate_limits.updated',
    });
  });

  test('when a known event lacks a field, or a frame is not JSON, then it throws (the socket logs and drops it)', () => {
    expect(() => parseServerEvent('{"type":"response.output_audio.delta","response_id":"r"}')).toThrow();
    expect(() => parseServerEvent('not json')).toThrow(SyntaxError);
  });

  test('when the session is set up, then the server transcribes and detects turns but never answers or interrupts by itself', () => {
    const update = sessionUpdate({
      instructions: 'persona',
      voice: 'marin',
      transcriptionModel: 'gpt-4o-mini-transcribe',
    });
    expect(update.session).toMatchObject({
      type: 'realtime',
      instructions: 'persona',
      audio: {
        input: {
          format: { type: 'audio/pcm', rate: 24000 },
          transcription: { model: 'gpt-4o-mini-transcribe' },
          turn_detection: { type: 'server_vad', create_response: false, interrupt_response: false },
        },
        output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' },
      },
    });
  });

  test('when PCM goes through base64, then it comes back sample for sample, little-endian', () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768, 258]);
    expect(Buffer.from(encodePcm(pcm), 'base64').subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    expect(decodePcm(encodePcm(pcm))).toEqual(pcm);
  });

  test('when the model is to say words of the service, then they are given as they are said (no page paths)', () => {
    const said = verbatim('Please call or text 988. See Insomnia (/conditions/insomnia).');
    expect(said).toMatch(/^Say exactly the following words/);
    expect(said).toContain('Please call or text 988. See Insomnia.');
  });
});

describe('48 ↔ 24 kHz, frame by frame', () => {
  test('when a 1 kHz tone goes down in 20 ms frames, then it comes out at half the samples, as loud and without clicks at the frame edges', () => {
    const input = tone(1000, 1000, 8000, 48_000);
    const down = new Downsampler();
    const parts: Int16Array[] = [];
    for (let i = 0; i < input.length; i += 960) parts.push(down.push(input.subarray(i, i + 960)));
    const out = Int16Array.from(parts.flatMap((part) => [...part]));
    expect(out.length).toBe(input.length / 2);
    expect(rms(out, 100)).toBeCloseTo(rms(input), -2);
    // The same tone at 24 kHz, shifted by the filter's delay (a fraction of a sample): no sample far off
    // anywhere (a click at a frame edge would be).
    let best = Infinity;
    for (let delay = 0; delay < 40; delay += 0.25) {
      let worst = 0;
      for (let i = 100; i < out.length; i++) {
        const expected = 8000 * Math.sin((2 * Math.PI * 1000 * (i - delay)) / 24_000);
        worst = Math.max(worst, Math.abs(out[i]! - expected));
      }
      best = Math.min(best, worst);
    }
    expect(best).toBeLessThan(150);
  });

  test('when odd-length pieces go down, then the output is the same as for the stream at once', () => {
    const input = tone(300, 440, 8000, 48_000);
    const whole = new Downsampler().push(input);
    const down = new Downsampler();
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += 333) parts.push(...down.push(input.subarray(i, i + 333)));
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  test("when the model's 24 kHz audio comes up in uneven deltas, then it is twice the samples, as loud, the same as at once", () => {
    const input = tone(1000, 330, 9000, 24_000);
    const whole = new Upsampler().push(input);
    expect(whole.length).toBe(input.length * 2);
    expect(rms(whole, 200)).toBeCloseTo(rms(input), -2);
    const up = new Upsampler();
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += 1237) parts.push(...up.push(input.subarray(i, i + 1237)));
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  test('when a tone above what 24 kHz carries goes down, then it is filtered out, not folded back', () => {
    const out = new Downsampler().push(tone(500, 15_000, 8000, 48_000));
    expect(rms(out, 100)).toBeLessThan(8000 * 0.05);
  });
});
