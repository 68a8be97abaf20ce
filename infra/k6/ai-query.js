// Throughput and latency of POST /api/query-ai at a fixed arrival rate (every request a new guest, so
// each one takes a free question). Run by scripts/bench/ai-query.mjs against a stack whose model is a
// local stub that answers at once; TARGET=stub measures the stub alone, for the overhead figure.
//   BASE_URL=http://localhost:8080 RATE=200 DURATION=20s .tools/bin/k6 run infra/k6/ai-query.js
import { check } from 'k6';
import { newGuestId } from './lib/guest-id.js';
import { fixedRate, TREND_STATS } from './lib/profile.js';
import { postJson, question } from './lib/requests.js';

const STUB = __ENV.TARGET === 'stub';

export const options = {
  scenarios: { questions: fixedRate({ rate: 200, duration: '20s', vus: 50, maxVus: 200 }) },
  thresholds: { http_req_failed: ['rate<0.01'] },
  summaryTrendStats: TREND_STATS,
};

export default function () {
  const res = STUB
    ? postJson('/chat/completions', {
        model: 'stub',
        messages: [{ role: 'user', content: 'What helps with bloating?' }],
        stream: false,
      })
    : postJson('/api/query-ai', question('What helps with bloating?', newGuestId()));
  check(res, { 200: (r) => r.status === 200 });
}
