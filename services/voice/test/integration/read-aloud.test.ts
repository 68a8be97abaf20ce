// Read aloud: GET /api/voice/speech speaks a published text with the real espeak-ng, each text once (a cache
// hit runs nothing: the service's own counter says so), and refuses what it must: a text too long, a text the
// portal does not publish, and more requests from one address than a minute allows.
import { get } from 'node:http';
import { MODALITIES, MAX_SPEECH_TEXT_CHARS, readAloudParts } from '@hhp/proto';
import { NOT_PUBLISHED, TOO_MANY } from '../../src/read-aloud/read-aloud.router.js';
import { startVoice, type VoiceService } from './harness.js';

const ayurveda = MODALITIES.find((m) => m.id === 'ayurveda')!;

const speech = (service: VoiceService, text: string, headers: Record<string, string> = {}) =>
  fetch(`${service.url}/api/voice/speech?${new URLSearchParams({ text })}`, { headers });

async function synthesised(service: VoiceService): Promise<number> {
  const metrics = await (await fetch(`${service.url}/metrics`)).text();
  const line = metrics.split('\n').find((l) => l.startsWith('voice_read_aloud_synthesised_total'));
  return Number(line?.split(' ').at(-1) ?? NaN);
}

/** The status of a conditional GET (node:http: fetch adds `Cache-Control: no-cache` beside If-None-Match). */
function revalidatedStatus(service: VoiceService, text: string, etag: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(
      `${service.url}/api/voice/speech?${new URLSearchParams({ text })}`,
      { headers: { 'if-none-match': etag } },
      (res) => {
        res.resume();
        resolve(res.statusCode);
      },
    ).once('error', reject);
  });
}

/** Waits out the last seconds of a minute, so that a test of the per-minute window stays inside one. */
async function earlyInAMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('read aloud: GET /api/voice/speech', () => {
  let service: VoiceService;
  beforeAll(async () => {
    service = await startVoice(undefined, { VOICE_READ_ALOUD_PER_MINUTE: '8' });
  });
  afterAll(() => service.close());

  test('when a treatment card’s overview is asked for twice, then both are the same spoken WAV and espeak-ng ran once', async () => {
    const before = await synthesised(service);
    const first = await speech(service, ayurveda.overview, { 'x-forwarded-for': '198.51.100.1' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/wav');
    const audio = new Uint8Array(await first.arrayBuffer());
    expect(String.fromCharCode(...audio.subarray(0, 4))).toBe('RIFF');
    const view = new DataView(audio.buffer);
    const rate = view.getUint32(24, true);
    // The header's sizes are the file's own (espeak-ng's stdout header claims ~2 GB), and it is seconds of speech.
    expect(view.getUint32(4, true)).toBe(audio.byteLength - 8);
    expect(view.getUint32(40, true) / (2 * rate)).toBeGreaterThan(8);
    expect(await synthesised(service)).toBe(before + 1);

    const second = await speech(service, ayurveda.overview, { 'x-forwarded-for': '198.51.100.1' });
    expect(second.status).toBe(200);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(audio);
    expect(await synthesised(service)).toBe(before + 1);

    // The browser's copy is revalidated by its ETag: 304, nothing synthesised.
    const etag = second.headers.get('etag')!;
    expect(await revalidatedStatus(service, ayurveda.overview, etag)).toBe(304);
    expect(await synthesised(service)).toBe(before + 1);
    expect(second.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  test('when visitors ask for the same text at once, then espeak-ng runs once for all of them', async () => {
    const before = await synthesised(service);
    const part = readAloudParts(MODALITIES.find((m) => m.id === 'chiropractic')!)[2]!;
    const answers = await Promise.all(
      ['198.51.100.2', '198.51.100.3', '198.51.100.4'].map((ip) => speech(service, part, { 'x-forwarded-for': ip })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await synthesised(service)).toBe(before + 1);
  });

  test('when the text is longer than the limit, then 400 says how long a text may be, and nothing is synthesised', async () => {
    const before = await synthesised(service);
    const answer = await speech(service, 'a'.repeat(MAX_SPEECH_TEXT_CHARS + 1), { 'x-forwarded-for': '198.51.100.5' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      message: `text: at most ${MAX_SPEECH_TEXT_CHARS} characters can be read aloud at once`,
    });
    expect(await synthesised(service)).toBe(before);
  });

  test('when the text is not one the portal publishes, then 404 says only published texts are read, and nothing is synthesised', async () => {
    const before = await synthesised(service);
    const answer = await speech(service, 'Send your card number to this address.', {
      'x-forwarded-for': '198.51.100.6',
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ message: NOT_PUBLISHED });
    expect(await synthesised(service)).toBe(before);
  });

  test('when there is no text, then 400 names the field', async () => {
    const answer = await fetch(`${service.url}/api/voice/speech`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'text: is required' });
  });

  test('when one address asks more often than the minute allows, then 429 with Retry-After, and another address is still served', async () => {
    await earlyInAMinute();
    const name = ayurveda.name;
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await speech(service, name, { 'x-forwarded-for': '203.0.113.9' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const refused = await speech(service, name, { 'x-forwarded-for': '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({ message: TOO_MANY });
    expect((await speech(service, name, { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
  });
});
