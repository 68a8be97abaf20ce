import { fetchSpeech } from '../../src/features/treatments/hooks/use-read-aloud';
import { texts } from '../../src/features/treatments/texts';

// A card read aloud in the portal's voice (features/treatments/hooks/use-read-aloud.ts): one part at a time from
// GET /api/voice/speech, against a stubbed fetch.

const realFetch = globalThis.fetch;
let asked: { url: string; signal: AbortSignal | null | undefined }[] = [];

function serve(answer: () => Promise<Response>): void {
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    asked.push({ url: String(url), signal: init?.signal });
    return answer();
  }) as typeof fetch;
}

beforeEach(() => (asked = []));
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("a part read in the portal's voice", () => {
  test("when the service answers with audio, then the audio is given, for the part asked, with the reading's signal", async () => {
    serve(async () => new Response(new Uint8Array([82, 73, 70, 70]), { headers: { 'Content-Type': 'audio/wav' } }));
    const reading = new AbortController();
    const got = await fetchSpeech('Ginger & honey, 2×', reading.signal);
    expect(got).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (got as Blob).arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
    expect(asked).toEqual([{ url: '/api/voice/speech?text=Ginger+%26+honey%2C+2%C3%97', signal: reading.signal }]);
  });

  test('when the service refuses with 429, then its own sentence is what the page says', async () => {
    serve(async () => Response.json({ message: 'Too many readings; try again in a minute.' }, { status: 429 }));
    expect(await fetchSpeech('x', new AbortController().signal)).toBe('Too many readings; try again in a minute.');
  });

  test('when the service fails otherwise, or a 429 has no sentence, then the page says it cannot speak', async () => {
    serve(async () => Response.json({ message: 'espeak-ng failed' }, { status: 503 }));
    expect(await fetchSpeech('x', new AbortController().signal)).toBe(texts.cannotSpeak);
    serve(async () => new Response('Too Many Requests', { status: 429 }));
    expect(await fetchSpeech('x', new AbortController().signal)).toBe(texts.cannotSpeak);
  });

  test('when no answer comes (offline, or the reading was stopped), then the page says it cannot speak', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchSpeech('x', new AbortController().signal)).toBe(texts.cannotSpeak);
  });
});
