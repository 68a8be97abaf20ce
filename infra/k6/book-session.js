// Throughput and latency of POST /api/book-session at a fixed arrival rate, every request for a slot of its
// own (setup() collects the free AI-session slots of the coming days from GET /api/availability), so each
// one is a real hold: the unique claim, the booking and its outbox written. Run by scripts/bench/booking.mjs.
//   BASE_URL=http://localhost:8080 RATE=50 DURATION=20s .tools/bin/k6 run infra/k6/book-session.js
import http from 'k6/http';
import exec from 'k6/execution';
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { aiSessionBooking } from './lib/booking.js';
import { BASE_URL, fixedRate, TREND_STATS } from './lib/profile.js';
import { postJson } from './lib/requests.js';

const DAYS = Number(__ENV.DAYS || 400);
const booked = new Counter('booked');
const conflicts = new Counter('conflicts');
/** The booking calls alone (http_req_duration also holds setup()'s availability reads). */
const bookMs = new Trend('book_session_ms', true);

export const options = {
  setupTimeout: '120s',
  scenarios: { bookings: fixedRate({ rate: 50, duration: '20s', vus: 20, maxVus: 100 }) },
  // Every request has a slot of its own: a 409 or any other failure is a defect here.
  thresholds: { http_req_failed: ['rate==0'], conflicts: ['count==0'] },
  summaryTrendStats: TREND_STATS,
};

const isoDate = (d) => d.toISOString().slice(0, 10);

export function setup() {
  const slots = [];
  const day = new Date();
  for (let i = 1; i <= DAYS; i++) {
    day.setUTCDate(day.getUTCDate() + 1);
    const res = http.get(`${BASE_URL}/api/availability?type=ai-session&date=${isoDate(day)}`, {
      tags: { name: 'setup' },
    });
    if (res.status !== 200) continue;
    for (const slot of res.json().slots) if (slot.available) slots.push(slot.startsAt);
  }
  return { slots };
}

export default function ({ slots }) {
  const slot = slots[exec.scenario.iterationInTest];
  if (!slot) exec.test.abort(`only ${slots.length} free slots for the run: lower RATE or DURATION`);
  const email = `load${exec.scenario.iterationInTest}@example.com`;
  const res = postJson('/api/book-session', aiSessionBooking(slot, { name: 'Load Test', email }));
  bookMs.add(res.timings.duration);
  if (res.status === 409) conflicts.add(1);
  if (check(res, { 200: (r) => r.status === 200 })) booked.add(1);
}
