// GET /api/quota at a fixed arrival rate, for guests whose counters exist (GUEST_IDS, comma-separated):
// what the chat asks on every page load. Run by scripts/bench/quota.mjs with 1k, 10k and 100k slots stored.
//   BASE_URL=http://localhost:8080 RATE=200 DURATION=10s GUEST_IDS=… .tools/bin/k6 run infra/k6/quota-read.js
import http from 'k6/http';
import { check } from 'k6';
import { BASE_URL, fixedRate, TREND_STATS } from './lib/profile.js';

const GUEST_IDS = (__ENV.GUEST_IDS || 'AAAAAAAAAAAAAAAAAAAAA').split(',');

export const options = {
  scenarios: { reads: fixedRate({ rate: 200, duration: '10s', vus: 20, maxVus: 200 }) },
  summaryTrendStats: TREND_STATS,
};

export default function () {
  const guestId = GUEST_IDS[Math.floor(Math.random() * GUEST_IDS.length)];
  check(http.get(`${BASE_URL}/api/quota?guestId=${guestId}`), { 200: (r) => r.status === 200 });
}
