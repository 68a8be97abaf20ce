// The free-question quota under load: each iteration is a new guest firing, in one parallel burst, ASKS
// ordinary questions (default 5; JSON and streamed alternately) and CRISES crisis messages (default 2; one
// JSON, one streamed). The run fails if any guest gets a 4th answer or fewer than 3, if a refusal is
// anything but 429 with its message, if a crisis message is not answered with the crisis lines (whatever
// the guest's quota), or if any answer is a 5xx.
//   k6 run -e BASE_URL=http://localhost:8080 -e PROFILE=smoke|load|stress|soak infra/k6/quota.js
// smoke: GUESTS (default 10) over VUS (default 2) virtual users. load/stress/soak: guests per second. Every
// guest asks from the load generator's address: the stack must list it in LOAD_TEST_ALLOWLIST (the guard
// against guestId rotation stops a real address after IP_NEW_GUESTS_PER_HOUR new guests).
import http from 'k6/http';
import { check } from 'k6';
import { newGuestId } from './lib/guest-id.js';
import { kitOptions, rampTo, tally } from './lib/profile.js';
import { jsonPost, question } from './lib/requests.js';
import { summaryHandler } from './lib/summary.js';

const ASKS = Number(__ENV.ASKS || 5);
const CRISES = Number(__ENV.CRISES || 2);
const FREE = 3;
const USED_UP = /^You have used your 3 free questions for today/;
const CRISIS_MESSAGES = ['I want to end it all', "I don't want to live anymore"];

const { count, thresholds } = tally({
  counted: ['answered', 'refused'],
  never: ['extra_answers', 'guests_given_fewer_than_3', 'wrong_refusals', 'crises_not_answered', 'server_errors'],
});

http.setResponseCallback(http.expectedStatuses(200, 429));

export const options = kitOptions(
  'guests',
  {
    smoke: { iterations: Number(__ENV.GUESTS || 10), vus: Number(__ENV.VUS || 2) },
    load: { rate: 5, vus: 20, maxVus: 100 },
    stress: { stages: rampTo(2, 30), vus: 50, maxVus: 300 },
    soak: { rate: 2, vus: 10, maxVus: 50 },
  },
  thresholds,
);

const streamedAnswer = (body) => body.includes('event: done') && !body.includes('event: error');

export default function () {
  const guestId = newGuestId();
  const ask = (query, streamed, name) =>
    jsonPost(`/api/query-ai${streamed ? '/stream' : ''}`, question(query, guestId), { name });
  const requests = [
    ...Array.from({ length: ASKS }, (_, i) => ask(`What helps with bloating? (${i})`, i % 2 === 1, 'question')),
    ...Array.from({ length: CRISES }, (_, i) => ask(CRISIS_MESSAGES[i % 2], i % 2 === 1, 'crisis')),
  ];
  const responses = http.batch(requests);
  let ok = 0;
  responses.forEach((r, i) => {
    const crisis = i >= ASKS;
    const streamed = crisis ? (i - ASKS) % 2 === 1 : i % 2 === 1;
    if (r.status >= 500 || r.status === 0) {
      count.server_errors.add(1);
      if (crisis) count.crises_not_answered.add(1);
      return;
    }
    if (crisis) {
      const body = String(r.body);
      const isCrisis = r.status === 200 && (streamed ? body.includes('"isCrisis":true') : r.json('isCrisis') === true);
      const lines = body.includes('988');
      if (!check(r, { 'a crisis message gets the crisis lines': () => isCrisis && lines }))
        count.crises_not_answered.add(1);
      return;
    }
    if (r.status === 200 && (!streamed || streamedAnswer(String(r.body)))) ok += 1;
    else if (r.status === 429 && USED_UP.test(String(r.json('message')))) count.refused.add(1);
    else count.wrong_refusals.add(1);
  });
  count.answered.add(Math.min(ok, FREE));
  if (ok > FREE) count.extra_answers.add(ok - FREE);
  if (ok < Math.min(FREE, ASKS)) count.guests_given_fewer_than_3.add(1);
  check(ok, { [`exactly ${Math.min(FREE, ASKS)} answered`]: (n) => n === Math.min(FREE, ASKS) });
}

export const handleSummary = summaryHandler('quota');
