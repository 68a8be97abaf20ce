// Read aloud's cache and per-address limit as rules: bounded in bytes (the least recently used goes), one
// synthesis per text at a time, at most `concurrency` at once, a failure not kept; a minute's window per address.
import { parseAddressAllowlist } from '@hhp/kit';
import { PerMinute } from '../../src/read-aloud/per-minute.js';
import { SpeechCache } from '../../src/read-aloud/speech-cache.js';

function cacheOf(maxBytes: number, synthesize = async (text: string) => new Uint8Array(text.length)) {
  const made: string[] = [];
  const cache = new SpeechCache({
    voice: 'test',
    maxBytes,
    concurrency: 2,
    synthesize: (text) => {
      made.push(text);
      return synthesize(text);
    },
  });
  return { cache, made };
}

describe('the spoken audio cache', () => {
  test('when it is full, then the least recently used text goes first, and a text asked again is not made again', async () => {
    const { cache, made } = cacheOf(10);
    await cache.get('aaaa');
    await cache.get('bbbb');
    await cache.get('aaaa'); // a hit: now the most recent
    await cache.get('cccc'); // 12 bytes: bbbb goes
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    await cache.get('aaaa');
    await cache.get('bbbb');
    expect(made).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb']);
  });

  test('when a text is larger than the whole cache, then it is served and not kept', async () => {
    const { cache, made } = cacheOf(4);
    expect((await cache.get('too long')).bytes.byteLength).toBe(8);
    expect(cache.size.entries).toBe(0);
    await cache.get('too long');
    expect(made).toHaveLength(2);
  });

  test('when a synthesis fails, then it is not kept and the next request tries again', async () => {
    let fail = true;
    const { cache, made } = cacheOf(100, async (text) => {
      if (fail) throw new Error('espeak-ng failed');
      return new Uint8Array(text.length);
    });
    await expect(cache.get('text')).rejects.toThrow('espeak-ng failed');
    fail = false;
    await expect(cache.get('text')).resolves.toMatchObject({ etag: expect.stringMatching(/^"[\w-]+"$/) });
    expect(made).toEqual(['text', 'text']);
  });

  test('when five texts are asked for at once, then at most two are synthesised at a time, each once', async () => {
    let running = 0;
    let most = 0;
    const { cache, made } = cacheOf(1000, async (text) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return new Uint8Array(text.length);
    });
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'a', 'b'].map((text) => cache.get(text)));
    expect(most).toBe(2);
    expect(made.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('when the voice changes, then the same text has another key', async () => {
    const one = new SpeechCache({
      voice: 'one',
      maxBytes: 10,
      concurrency: 1,
      synthesize: async () => new Uint8Array(1),
    });
    const two = new SpeechCache({
      voice: 'two',
      maxBytes: 10,
      concurrency: 1,
      synthesize: async () => new Uint8Array(1),
    });
    expect((await one.get('text')).etag).not.toBe((await two.get('text')).etag);
  });
});

describe('read-aloud requests per address and minute', () => {
  test('when an address passes the limit, then it waits for the next minute, which starts again; others and the allowlist are not counted with it', () => {
    let now = 120_000 + 45_000; // 45 s into a minute
    const limit = new PerMinute(2, parseAddressAllowlist('192.0.2.0/24'), () => now);
    expect([limit.take('198.51.100.1'), limit.take('198.51.100.1'), limit.take('198.51.100.1')]).toEqual([0, 0, 15]);
    expect(limit.take('198.51.100.2')).toBe(0);
    // An IPv6 visitor's /64 is one address.
    expect([limit.take('2001:db8::1'), limit.take('2001:db8::2'), limit.take('2001:db8::3')]).toEqual([0, 0, 15]);
    for (let i = 0; i < 10; i++) expect(limit.take('192.0.2.9')).toBe(0);
    now += 15_000;
    expect(limit.take('198.51.100.1')).toBe(0);
  });
});
