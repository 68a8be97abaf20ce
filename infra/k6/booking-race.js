// The booking race: many visitors at once for few slots. A round is the 9 slots of two days (the 6 of an
// AI-sessions day, raced by ai-session and subscription visitors alike since they share a calendar, and
// the 3 of a practitioner's Tuesday), each asked for VISITORS / 9 times; ROUNDS rounds on days of their
// own. The run fails if any slot is booked more often than it has seats (a double booking), if a loser
// hears anything but 409 with its message, if any answer is a 5xx, or if a slot is left free at the end
// (every slot is asked for many times, so each must be taken).
//   k6 run -e BASE_URL=http://localhost:8080 -e PROFILE=smoke|load|stress|soak infra/k6/booking-race.js
// smoke: VISITORS (default 180) requests over VUS (default 30) virtual users, one round. load and stress:
// more rounds and users; soak: visitors per second for 30 minutes, a new round every VISITORS of them.
// CAPACITY (default 1) must be the stack's SLOT_CAPACITY_AI and SLOT_CAPACITY_PRACTITIONER. Every request
// comes from the load generator's address: the stack must list it in LOAD_TEST_ALLOWLIST (or run with
// MAX_LIVE_HOLDS_PER_ADDRESS above the holds won), else its 6th hold is refused with 429.
import http from 'k6/http';
import exec from 'k6/execution';
import { check, fail } from 'k6';
import { BASE_URL, kitOptions, PROFILE, tally } from './lib/profile.js';
import { postJson } from './lib/requests.js';
import { summaryHandler } from './lib/summary.js';

const VISITORS = Number(__ENV.VISITORS || 180);
const CAPACITY = Number(__ENV.CAPACITY || 1);
// Every round's days lie within the booking horizon (6 months, proto's BOOKING_HORIZON_MONTHS): about 18 rounds
// fit (a practitioner's Tuesday each); soak's later visitors race the rounds again, all of them told 409.
const ROUNDS = Number(__ENV.ROUNDS || { smoke: 1, load: 3, stress: 4, soak: 15 }[PROFILE]);
const SLOT_TAKEN = 'That time was just booked. Please choose another slot.';
/** The catalogue's slots per day (proto/src/catalogue/plans.ts): HOURLY_SLOTS and PRACTITIONER_SLOTS. */
const LABELS = ['ai-0', 'ai-1', 'ai-2', 'ai-3', 'ai-4', 'ai-5', 'practitioner-0', 'practitioner-1', 'practitioner-2'];

const { count, thresholds } = tally({
  counted: ['booked', 'lost_409'],
  never: ['server_errors', 'unexpected_answers', 'slots_left_free'],
});

http.setResponseCallback(http.expectedStatuses(200, 409));

export const options = {
  setupTimeout: '300s',
  ...kitOptions(
    'visitors',
    {
      smoke: { iterations: VISITORS, vus: Number(__ENV.VUS || 30) },
      load: { iterations: VISITORS * ROUNDS, vus: 30, maxDuration: '120s' },
      stress: { iterations: VISITORS * ROUNDS, vus: 120, maxDuration: '180s' },
      soak: { rate: 3, vus: 10, maxVus: 60 },
    },
    {
      // No slot sold more often than it has seats, and every slot sold (the race has a winner everywhere).
      booked: [`count==${LABELS.length * CAPACITY * ROUNDS}`],
      ...Object.fromEntries(LABELS.map((slot) => [`booked{slot:${slot}}`, [`count<=${CAPACITY * ROUNDS}`]])),
      ...thresholds,
    },
  ),
};

const DAY_MS = 86_400_000;
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The first day from `offset` days ahead that is open for `type` with every slot free, and its offset. */
function freeDay(type, offset) {
  for (let i = offset; i < offset + 120; i++) {
    const res = http.get(`${BASE_URL}/api/availability?type=${type}&date=${isoDate(Date.now() + i * DAY_MS)}`, {
      tags: { name: 'availability' },
    });
    if (res.status !== 200) fail(`availability answered ${res.status}: ${res.body}`);
    const day = res.json();
    if (day.open && day.slots.every((s) => s.available)) return { day, offset: i };
  }
  fail(`no free ${type} day found from ${offset} days ahead`);
}

export function setup() {
  // Days picked at random weeks ahead, so that runs against a long-lived stack do not meet earlier runs' bookings,
  // and early enough that every round ends well before the booking horizon (about 180 days).
  let aiFrom = 30 + Math.floor(Math.random() * Math.max(1, 120 - 7 * ROUNDS));
  let practitionerFrom = aiFrom;
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    const ai = freeDay('ai-session', aiFrom);
    const practitioner = freeDay('dr-helen', practitionerFrom);
    aiFrom = ai.offset + 1;
    practitionerFrom = practitioner.offset + 1;
    const targets = [
      ...ai.day.slots.map((s, i) => ({ calendar: 'ai', slot: `ai-${i}`, startsAt: s.startsAt, date: ai.day.date })),
      ...practitioner.day.slots.map((s, i) => ({
        calendar: 'practitioner',
        slot: `practitioner-${i}`,
        startsAt: s.startsAt,
        date: practitioner.day.date,
      })),
    ];
    if (targets.length !== LABELS.length) fail(`expected ${LABELS.length} slots, the stack offers ${targets.length}`);
    rounds.push(targets);
  }
  return { rounds };
}

export default function ({ rounds }) {
  // Consecutive iterations ask for the same slot, so the virtual users are all at one slot at once.
  const n = exec.scenario.iterationInTest;
  const targets = rounds[Math.floor(n / VISITORS) % rounds.length];
  const i = n % VISITORS;
  const target = targets[Math.floor(i / Math.ceil(VISITORS / targets.length)) % targets.length];
  const type = target.calendar === 'practitioner' ? 'dr-helen' : n % 2 ? 'subscription' : 'ai-session';
  const body = {
    userId: null,
    type,
    scheduledAt: target.startsAt,
    notes: '',
    name: `Racer ${n}`,
    email: `racer${n}@example.com`,
  };
  const res = postJson('/api/book-session', body, { name: 'book-session', slot: target.slot });
  if (res.status === 200) {
    count.booked.add(1, { slot: target.slot });
  } else if (res.status === 409) {
    count.lost_409.add(1);
    if (!check(res, { 'a loser is told the slot was just booked': (r) => r.json('message') === SLOT_TAKEN })) {
      count.unexpected_answers.add(1);
    }
  } else if (res.status >= 500 || res.status === 0) {
    count.server_errors.add(1);
  } else {
    count.unexpected_answers.add(1);
    console.error(`unexpected ${res.status}: ${res.body}`);
  }
}

/** After the race, every slot of every round must read taken (a winner holds it). */
export function teardown({ rounds }) {
  const days = new Set(rounds.flat().map((t) => `${t.calendar}|${t.date}`));
  for (const key of days) {
    const [calendar, day] = key.split('|');
    const type = calendar === 'practitioner' ? 'dr-helen' : 'ai-session';
    const res = http.get(`${BASE_URL}/api/availability?type=${type}&date=${day}`, { tags: { name: 'availability' } });
    for (const slot of res.json('slots')) if (slot.available) count.slots_left_free.add(1);
  }
}

export const handleSummary = summaryHandler('booking-race');
