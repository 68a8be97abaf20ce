// The crisis verdict at a fixed arrival rate: POST /api/detect-crisis with visitor messages of every kind (the
// rules' labelled corpus, crisis and ordinary: most pass the rules and go on to the crisis model). Run by
// scripts/bench/crisis.mjs --rate against a fresh stack.
//   BASE_URL=http://localhost:8080 RATE=200 DURATION=20s MESSAGES=/path/messages.json .tools/bin/k6 run infra/k6/crisis.js
import http from 'k6/http';
import { check } from 'k6';
import { SharedArray } from 'k6/data';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const RATE = Number(__ENV.RATE || 200);
// eslint-disable-next-line no-undef -- k6 global
const messages = new SharedArray('messages', () => JSON.parse(open(__ENV.MESSAGES)));

export const options = {
  scenarios: {
    messages: {
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
  const query = messages[Math.floor(Math.random() * messages.length)];
  const res = http.post(`${BASE_URL}/api/detect-crisis`, JSON.stringify({ query }), {
    headers: { 'Content-Type': 'application/json' },
  });
  check(res, { 200: (r) => r.status === 200 });
}
