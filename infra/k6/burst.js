// A day's worst moment for the quota: many guests at once, each sending in one burst 4 JSON questions,
// 4 streamed questions and 2 crisis messages (in parallel). Every guest must get exactly 3 answers, every
// crisis message its crisis answer, and nothing may be a 5xx. Run by scripts/bench/quota.mjs.
//   BASE_URL=http://localhost:8080 GUESTS=60 VUS=12 .tools/bin/k6 run infra/k6/burst.js
import http from 'k6/http';
import { check } from 'k6';
import { newGuestId } from './lib/guest-id.js';
import { tally, TREND_STATS } from './lib/profile.js';
import { jsonPost, question } from './lib/requests.js';

const GUESTS = Number(__ENV.GUESTS || 60);
const VUS = Number(__ENV.VUS || 12);
const FREE = 3;

const { count, thresholds } = tally({
  counted: ['guests_given_exactly_3', 'shed_503'],
  never: ['server_errors', 'guests_not_given_3', 'crises_not_answered'],
});

export const options = {
  scenarios: {
    guests: { executor: 'shared-iterations', vus: VUS, iterations: GUESTS, maxDuration: __ENV.MAX_DURATION || '120s' },
  },
  thresholds,
  summaryTrendStats: TREND_STATS,
};

export default function () {
  const guestId = newGuestId();
  const ask = (path, query) => jsonPost(path, question(query, guestId), { name: path });
  const requests = [
    ...[0, 1, 2, 3].map((i) => ask('/api/query-ai', `What helps with bloating? (${i})`)),
    ...[0, 1, 2, 3].map((i) => ask('/api/query-ai/stream', `What helps with sleep? (${i})`)),
    ask('/api/query-ai', 'I want to end it all'),
    ask('/api/query-ai/stream', "I don't want to live anymore"),
  ];
  const responses = http.batch(requests);
  let answers = 0;
  responses.forEach((r, i) => {
    const crisis = i >= 8;
    if (r.status >= 500 || r.status === 0) {
      if (r.status === 503) count.shed_503.add(1);
      count.server_errors.add(1);
      if (crisis) count.crises_not_answered.add(1);
      return;
    }
    if (r.status !== 200) {
      if (crisis) count.crises_not_answered.add(1);
      return;
    }
    const streamed = i >= 4 && i !== 8;
    const body = String(r.body);
    const isCrisis = streamed ? body.includes('"isCrisis":true') : r.json('isCrisis') === true;
    if (crisis) {
      if (!isCrisis) count.crises_not_answered.add(1);
      return;
    }
    if (!streamed || body.includes('event: done')) answers += 1;
  });
  if (answers === FREE) count.guests_given_exactly_3.add(1);
  else count.guests_not_given_3.add(1);
  check(answers, { [`exactly ${FREE} answered`]: (n) => n === FREE });
}
