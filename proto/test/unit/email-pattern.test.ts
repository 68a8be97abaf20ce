// The e-mail pattern the OpenAPI document publishes must accept exactly what the services accept: a client or
// a test generator that follows it never sends an address the server refuses, nor expects a refusal of one
// it takes. Held against zod's own check over hand-picked edges and a seeded sweep of short strings.
import { EMAIL_PATTERN, EmailAddress } from '../../src/text.js';

const published = new RegExp(EMAIL_PATTERN);
const accepted = (value: string) => EmailAddress.safeParse(value).success;

/** A small deterministic generator (mulberry32), so a failure names the same strings on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the published e-mail pattern', () => {
  test.each([
    'ada@example.org',
    'Ada.Lovelace+list@Mail.Example.CO',
    "o'brien@example.ie",
    '  ada@example.org ',
    'a_b-c@sub-domain.example.museum',
    '',
    'ada',
    'ada@',
    '@example.org',
    '.ada@example.org',
    'ada.@example.org',
    'a..b@example.org',
    "ada'@example.org",
    'ada@example',
    'ada@example.c',
    'ada@-example.org',
    'ada@exa_mple.org',
    'ada@@example.org',
    'ada lovelace@example.org',
    '0'.repeat(254),
  ])('when the address is %j, then the pattern and the service agree', (value) => {
    expect(published.test(value)).toBe(accepted(value));
  });

  test('when 20,000 short strings of the characters that matter are tried, then the pattern and the service agree on each', () => {
    const next = random(25);
    const alphabet = ['a', 'Z', '0', '_', "'", '+', '-', '.', '@', ' ', 'b', 'c', 'o', 'm'];
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(next() * 14);
      const value = Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      if (published.test(value) !== accepted(value)) disagreements.push(value);
    }
    expect(disagreements).toEqual([]);
  });
});
