// The booking race: many visitors at once for few slots. Every request is for one of the 9 slots of two
// days (the 6 of an AI-sessions day, raced by ai-session and subscription visitors alike since they share
// a calendar, and the 3 of a practitioner's Tuesday). The run fails if any slot is booked more often than
// it has seats, if a loser hears anything but 409 with its message, if any answer is a 5xx, or if a slot
// is left free at the end (every slot is asked for many times, so each must be taken once).
//   BASE_URL=http://localhost:8080 .tools/bin/k6 run infra/k6/booking-race.js
// VISITORS (default 180) requests over VUS (default 30) virtual users; CAPACITY (default 1) must be the
// stack's SLOT_CAPACITY_AI and SLOT_CAPACITY_PRACTITIONER. Every request comes from the load generator's one
// address, so the stack must run with MAX_LIVE_HOLDS_PER_ADDRESS=0 (no limit) or above 9 x CAPACITY.
import http from 'k6/http';
import exec from 'k6/execution';
import { check, fail } from 'k6';
import { Counter } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const VISITORS = Number(__ENV.VISITORS || 180);
const VUS = Number(__ENV.VUS || 30);
const CAPACITY = Number(__ENV.CAPACITY || 1);
const SLOT_TAKEN = 'That time was just booked. Please choose another slot.';
/** The catalogue's slots per day (proto/src/catalogue/plans.ts): HOURLY_SLOTS and PRACTITIONER_SLOTS. */
const LABELS = ['ai-0', 'ai-1', 'ai-2', 'ai-3', 'ai-4', 'ai-5', 'practitioner-0', 'practitioner-1', 'practitioner-2'];

const booked = new Counter('booked');
const lost = new Counter('lost_409');
const serverErrors = new Counter('server_errors');
const unexpected = new Counter('unexpected_answers');
const leftFree = new Counter('slots_left_free');

http.setResponseCallback(http.expectedStatuses(200, 409));

export const options = {
  scenarios: {
    visitors: {
      executor: 'shared-iterations',
      vus: VUS,
      iterations: VISITORS,
      maxDuration: __ENV.MAX_DURATION || '60s',
    },
  },
  thresholds: {
    // No slot sold more often than it has seats, and every slot sold (the race has a winner everywhere).
    booked: [`count==${LABELS.length * CAPACITY}`],
    ...Object.fromEntries(LABELS.map((slot) => [`booked{slot:${slot}}`, [`count<=${CAPACITY}`]])),
    server_errors: ['count==0'],
    unexpected_answers: ['count==0'],
    slots_left_free: ['count==0'],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(99)', 'max'],
};

const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The first day from `offset` days ahead that is open for `type` with every slot free. */
function freeDay(type, offset) {
  for (let i = offset; i < offset + 60; i++) {
    const res = http.get(`${BASE_URL}/api/availability?type=${type}&date=${isoDate(Date.now() + i * 86_400_000)}`, {
      tags: { name: 'availability' },
    });
    if (res.status !== 200) fail(`availability answered ${res.status}: ${res.body}`);
    const day = res.json();
    if (day.open && day.slots.every((s) => s.available)) return day;
  }
  fail(`no free ${type} day found from ${offset} days ahead`);
}

export function setup() {
  // Days picked at random far ahead, so that runs against a long-lived stack do not meet earlier runs' bookings.
  const offset = 30 + Math.floor(Math.random() * 600);
  const ai = freeDay('ai-session', offset);
  const practitioner = freeDay('dr-helen', offset);
  const targets = [
    ...ai.slots.map((s, i) => ({ calendar: 'ai', slot: `ai-${i}`, startsAt: s.startsAt, date: ai.date })),
    ...practitioner.slots.map((s, i) => ({
      calendar: 'practitioner',
      slot: `practitioner-${i}`,
      startsAt: s.startsAt,
      date: practitioner.date,
    })),
  ];
  if (targets.length !== LABELS.length) fail(`expected ${LABELS.length} slots, the stack offers ${targets.length}`);
  return { targets };
}

export default function ({ targets }) {
  // Consecutive iterations ask for the same slot, so the virtual users are all at one slot at once.
  const n = exec.scenario.iterationInTest;
  const target = targets[Math.floor(n / Math.ceil(VISITORS / targets.length)) % targets.length];
  const type = target.calendar === 'practitioner' ? 'dr-helen' : n % 2 ? 'subscription' : 'ai-session';
  const body = {
    userId: null,
    type,
    scheduledAt: target.startsAt,
    notes: '',
    name: `Racer ${n}`,
    email: `racer${n}@example.com`,
  };
  const res = http.post(`${BASE_URL}/api/book-session`, JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json' },
    tags: { name: 'book-session', slot: target.slot },
  });
  if (res.status === 200) {
    booked.add(1, { slot: target.slot });
  } else if (res.status === 409) {
    lost.add(1);
    if (!check(res, { 'a loser is told the slot was just booked': (r) => r.json('message') === SLOT_TAKEN })) {
      unexpected.add(1);
    }
  } else if (res.status >= 500 || res.status === 0) {
    serverErrors.add(1);
  } else {
    unexpected.add(1);
    console.error(`unexpected ${res.status}: ${res.body}`);
  }
}

/** After the race, every slot must read taken (a winner holds it). */
export function teardown({ targets }) {
  for (const date of new Set(targets.map((t) => `${t.calendar}|${t.date}`))) {
    const [calendar, day] = date.split('|');
    const type = calendar === 'practitioner' ? 'dr-helen' : 'ai-session';
    const res = http.get(`${BASE_URL}/api/availability?type=${type}&date=${day}`, { tags: { name: 'availability' } });
    for (const slot of res.json('slots')) if (slot.available) leftFree.add(1);
  }
}
