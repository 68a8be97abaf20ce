// The crisis verdict at a fixed arrival rate: POST /api/detect-crisis with visitor messages of every kind (the
// rules' labelled corpus, crisis and ordinary: most pass the rules and go on to the crisis model). Run by
// scripts/bench/crisis.mjs --rate against a fresh stack.
//   BASE_URL=http://localhost:8080 RATE=200 DURATION=20s MESSAGES=/path/messages.json .tools/bin/k6 run infra/k6/crisis.js
import { check } from 'k6';
import { SharedArray } from 'k6/data';
import { fixedRate, TREND_STATS } from './lib/profile.js';
import { postJson } from './lib/requests.js';

// eslint-disable-next-line no-undef -- k6 global
const messages = new SharedArray('messages', () => JSON.parse(open(__ENV.MESSAGES)));

export const options = {
  scenarios: { messages: fixedRate({ rate: 200, duration: '20s', vus: 50, maxVus: 200 }) },
  thresholds: { http_req_failed: ['rate<0.01'] },
  summaryTrendStats: TREND_STATS,
};

export default function () {
  const query = messages[Math.floor(Math.random() * messages.length)];
  check(postJson('/api/detect-crisis', { query }), { 200: (r) => r.status === 200 });
}
