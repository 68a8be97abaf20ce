// The free-question quota under load: many guests at once, each firing more than 3 questions in one
// burst (in parallel). The run fails if any guest gets a 4th answer, if a refusal is anything but 429,
// or if any answer is a 5xx.
//   BASE_URL=http://localhost:8080 .tools/bin/k6 run infra/k6/quota.js
// GUESTS (default 200) guests spread over VUS (default 20) virtual users; ASKS (default 5) per guest.
// The stack must run with IP_NEW_GUESTS_PER_HOUR above GUESTS: every guest here asks from the same address.
import http from 'k6/http';
import { check } from 'k6';
import { Counter } from 'k6/metrics';
import { newGuestId } from './lib/guest-id.js';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:8080';
const GUESTS = Number(__ENV.GUESTS || 200);
const VUS = Number(__ENV.VUS || 20);
const ASKS = Number(__ENV.ASKS || 5);
const FREE = 3;

const extraAnswers = new Counter('extra_answers');
const serverErrors = new Counter('server_errors');
const wrongRefusals = new Counter('wrong_refusals');
const answered = new Counter('answered');
const refused = new Counter('refused');

export const options = {
  scenarios: {
    guests: { executor: 'shared-iterations', vus: VUS, iterations: GUESTS, maxDuration: __ENV.MAX_DURATION || '60s' },
  },
  thresholds: {
    extra_answers: ['count==0'],
    server_errors: ['count==0'],
    wrong_refusals: ['count==0'],
    // Every guest got its 3 answers.
    answered: [`count==${GUESTS * FREE}`],
  },
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(99)', 'max'],
};

export default function () {
  const guestId = newGuestId();
  const requests = Array.from({ length: ASKS }, (_, i) => ({
    method: 'POST',
    url: `${BASE_URL}/api/query-ai`,
    body: JSON.stringify({ query: `What helps with bloating? (${i})`, userId: null, sessionId: null, guestId }),
    params: { headers: { 'Content-Type': 'application/json' }, tags: { name: 'query-ai' } },
  }));
  const responses = http.batch(requests);
  let ok = 0;
  for (const r of responses) {
    if (r.status === 200) ok += 1;
    else if (r.status >= 500 || r.status === 0) serverErrors.add(1);
    else if (r.status === 429) refused.add(1);
    else wrongRefusals.add(1);
  }
  answered.add(Math.min(ok, FREE));
  if (ok > FREE) extraAnswers.add(ok - FREE);
  check(responses, { [`exactly ${FREE} answered`]: () => ok === FREE });
}
