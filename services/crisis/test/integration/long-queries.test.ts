// detect-crisis at its character limit (8,000), in the scripts that take the most bytes: a limit in bytes
// (the kit's JSON body limit, nginx's client_max_body_size) must never refuse what the schema allows, however
// the client writes its JSON. Against the service itself and behind the repository's nginx.
import { randomUUID } from 'node:crypto';
import { startNginxInFront, type NginxInFront } from '../../../../infra/src/testing/nginx.js';
import { MAX_JSON_BODY_BYTES, MAX_QUERY_LENGTH } from '@hhp/proto';
import { startService, type RunningService } from '@hhp/kit';
import { CrisisConfig } from '../../src/config.js';
import { crisisService } from '../../src/service.js';

const LIMIT = MAX_QUERY_LENGTH * 2;

let nginx: NginxInFront;
let service: RunningService<CrisisConfig>;
const urls: Record<'service' | 'nginx', string> = { service: '', nginx: '' };

beforeAll(async () => {
  service = await startService({
    name: 'crisis-long-queries-test',
    config: CrisisConfig.parse({
      PORT: '0',
      MONGODB_URI: process.env.MONGODB_URI,
      NATS_URL: process.env.NATS_URL,
      MONGODB_DB: `crisis-long-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
    }),
    setup: crisisService(),
  });
  nginx = await startNginxInFront('crisis-long', (defaults) => ({
    ...defaults,
    CRISIS_UPSTREAM: `127.0.0.1:${service.http.port}`,
  }));
  urls.service = service.url;
  urls.nginx = nginx.url;
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  await service?.close();
});

/** JSON as Python's json.dumps writes it by default: everything outside ASCII as \uXXXX escapes. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

const detect = (via: keyof typeof urls, body: string) =>
  fetch(`${urls[via]}/api/detect-crisis`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

const QUERIES: [string, string][] = [
  ['CJK characters', '\u5fc3'.repeat(LIMIT)],
  ['emoji', '\u{1f60a}'.repeat(LIMIT)],
  ['CJK with a line break in every line of 80', `${'\u5fc3'.repeat(79)}\n`.repeat(LIMIT / 80)],
];

describe.each(['service', 'nginx'] as const)('POST /api/detect-crisis (%s)', (via) => {
  test.each(QUERIES)('when the query is %s at the character limit, then it is answered, as UTF-8', async (_, query) => {
    const res = await detect(via, JSON.stringify({ query }));
    expect([res.status, await res.json()]).toEqual([200, { isCrisis: false }]);
  });

  test.each(QUERIES)('when the query is %s at the character limit, then it is answered, escaped', async (_, query) => {
    const body = asciiJson({ query });
    expect(Buffer.byteLength(body)).toBeGreaterThan(LIMIT * 5);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
    const res = await detect(via, body);
    expect([res.status, await res.json()]).toEqual([200, { isCrisis: false }]);
  });

  test('when the query is one character over the limit, then the answer is a 400 naming the field', async () => {
    const res = await detect(via, JSON.stringify({ query: '\u{1f60a}'.repeat(LIMIT + 1) }));
    expect([res.status, await res.json()]).toEqual([400, { message: `query: must be at most ${LIMIT} characters` }]);
  });

  test('when the body is over the byte limit, then the answer is a 413', async () => {
    const res = await detect(via, JSON.stringify({ query: 'a'.repeat(MAX_JSON_BODY_BYTES) }));
    expect(res.status).toBe(413);
  });
});
