// Throughput and latency of POST /api/query-ai at a fixed arrival rate (every request a new guest, so
// each one takes a free question). Run by scripts/bench/ai-query.mjs against a stack whose model is a
// local stub that answers at once; TARGET=stub measures the stub alone, for the overhead figure.
//   BASE_URL=http://localhost:8080 RATE=200 DURATION=20s .tools/bin/k6 run infra/k6/ai-query.js
import http from 'k6/http';
import { check } from 'k6';
import { newGuestId } from './lib/guest-id.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const STUB = __ENV.TARGET === 'stub';
const RATE = Number(__ENV.RATE || 200);

export const options = {
  scenarios: {
    questions: {
      executor: 'constant-arrival-rate',
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION || '20s',
      preAllocatedVUs: Number(__ENV.VUS || 50),
      maxVUs: Number(__ENV.MAX_VUS || 200),
    },
  },
  thresholds: { http_req_failed: ['rate<0.01'] },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(99)', 'max'],
};

export default function () {
  const params = { headers: { 'Content-Type': 'application/json' } };
  if (STUB) {
    const body = { model: 'stub', messages: [{ role: 'user', content: 'What helps with bloating?' }], stream: false };
    check(http.post(`${BASE_URL}/chat/completions`, JSON.stringify(body), params), { 200: (r) => r.status === 200 });
    return;
  }
  const body = { query: 'What helps with bloating?', userId: null, sessionId: null, guestId: newGuestId() };
  check(http.post(`${BASE_URL}/api/query-ai`, JSON.stringify(body), params), { 200: (r) => r.status === 200 });
}
