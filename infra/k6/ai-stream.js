// The AI assistant's answer stream (POST /api/query-ai/stream, server-sent events) under load. Each
// iteration is a new guest asking ASKS questions in turn (default 4): the first 3 must each stream a whole
// answer (meta, deltas, done; no error event), the 4th and later must be refused with 429. The run fails
// on a 4th answer, an answer cut short, a refusal that is not 429 or that comes too early, or any 5xx.
//   k6 run -e BASE_URL=http://localhost:8080 -e PROFILE=smoke|load|stress|soak infra/k6/ai-stream.js
// MODE=json asks POST /api/query-ai instead, MODE=mixed alternates (even iterations stream). Rates are
// guests per second. For scripts/bench/ai-scaling.mjs: GUEST_PREFIX makes the guestIds <prefix><iteration>
// (so the quota counted for each can be read back), OUTCOMES=1 logs `outcome <guestId> <status>...` per
// question. The stack must let the generator past the per-address guard: LOAD_TEST_ALLOWLIST.
import http from 'k6/http';
import { check } from 'k6';
import { newGuestId } from './lib/guest-id.js';
import { iterationNumber, kitOptions, rampTo, tally } from './lib/profile.js';
import { postJson, question } from './lib/requests.js';
import { summaryHandler } from './lib/summary.js';

const ASKS = Number(__ENV.ASKS || 4);
const MODE = __ENV.MODE || 'stream';
const PREFIX = __ENV.GUEST_PREFIX || '';
const OUTCOMES = __ENV.OUTCOMES === '1';
const FREE = 3;

const { count, thresholds } = tally({
  counted: ['answers'],
  never: ['fourth_answers', 'answers_incomplete', 'wrong_refusals', 'server_errors'],
});

http.setResponseCallback(http.expectedStatuses(200, 429));

export const options = kitOptions(
  'guests',
  {
    smoke: { iterations: 3, vus: 1 },
    load: { rate: 10, vus: 20, maxVus: 100 },
    stress: { stages: rampTo(5, 60), vus: 50, maxVus: 300 },
    soak: { rate: 3, vus: 10, maxVus: 50 },
  },
  thresholds,
);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
/** <prefix><n in base 64>, 21 characters as the browser's guestIds are. */
function guestIdOf(n) {
  let digits = '';
  for (let rest = n; digits.length < 21 - PREFIX.length; rest = Math.floor(rest / 64))
    digits = ALPHABET[rest % 64] + digits;
  return PREFIX + digits;
}

/** True when a streamed body is a whole answer: its meta, at least one delta, done, and no error event. */
function wholeStream(body) {
  return (
    body.includes('event: meta') &&
    body.includes('event: delta') &&
    body.trimEnd().includes('event: done') &&
    !body.includes('event: error')
  );
}

export default function () {
  const n = iterationNumber();
  const guestId = PREFIX ? guestIdOf(n) : newGuestId();
  const streamed = MODE === 'stream' || (MODE === 'mixed' && n % 2 === 0);
  const path = streamed ? '/api/query-ai/stream' : '/api/query-ai';
  for (let i = 1; i <= ASKS; i++) {
    const res = postJson(path, question(`What helps with bloating after meals? (${i})`, guestId), { name: path });
    let whole = false;
    if (res.status === 200) {
      whole = streamed ? wholeStream(String(res.body)) : typeof res.json('response') === 'string';
      if (i > FREE) count.fourth_answers.add(1);
      else if (whole) count.answers.add(1);
      else count.answers_incomplete.add(1);
    } else if (res.status === 429) {
      if (i <= FREE) count.wrong_refusals.add(1);
    } else if (res.status >= 500 || res.status === 0) {
      count.server_errors.add(1);
    } else {
      count.wrong_refusals.add(1);
    }
    if (OUTCOMES) console.log(`outcome ${guestId} ${i} ${res.status} ${whole ? 'whole' : 'not-whole'}`);
    check(res, {
      [i <= FREE ? 'answered in full' : 'refused with 429']: () => (i <= FREE ? whole : res.status === 429),
    });
  }
}

export const handleSummary = summaryHandler('ai-stream');
