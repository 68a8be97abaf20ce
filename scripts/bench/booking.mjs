// Booking and payments benchmarks (BENCHMARKS.md, "Booking and payments"), on loopback, bounded in time. One
// scratch stack with payments configured against stripe-mock:
//  1. From a signed `payment_intent.succeeded` webhook to the booking's confirmed state, one booking at a
//     time on the quiet stack: book, create its payment intent, send the webhook Stripe would send, then read
//     GET /api/session/:id back to back until it says confirmed.
//  2. The race: infra/k6/booking-race.js, many visitors for few slots (no double booking, no 5xx).
//  3. POST /api/book-session through nginx at RATE requests/s, every request for a free slot of its own
//     (infra/k6/book-session.js): throughput and latency of a real hold. RATE x DURATION must stay under
//     the free AI-session slots of the coming 400 days (about 2,000).
//   node scripts/bench/booking.mjs [--rate 50] [--duration 20s] [--confirmations 200]
import Stripe from 'stripe';
import { withScratchStack } from '../../infra/dist/launcher/scratch-stack.js';
import { startStripeMock } from '../../infra/dist/testing/stripe-mock.js';
import { runK6 } from './lib/k6.mjs';
import { describeMachine } from './lib/machine.mjs';
import { benchOptions, percentile, ms } from './lib/options.mjs';
import { aiSessionBooking } from '../../infra/k6/lib/booking.js';

const values = benchOptions({
  rate: '50',
  duration: '20s',
  confirmations: '200',
});

const WEBHOOK_SECRET = 'whsec_bench_booking_0123456789abcdef';
const stripe = new Stripe('sk_test_bench');

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return JSON.parse(text);
}

/** The first `wanted` free AI-session slots from tomorrow on. */
async function freeSlots(url, wanted) {
  const slots = [];
  const d = new Date();
  for (let i = 0; i < 400 && slots.length < wanted; i++) {
    d.setUTCDate(d.getUTCDate() + 1);
    const date = d.toISOString().slice(0, 10);
    const answer = await json(await fetch(`${url}/api/availability?type=ai-session&date=${date}`));
    for (const slot of answer.slots) if (slot.available) slots.push(slot.startsAt);
  }
  return slots.slice(0, wanted);
}

async function confirmationLatency(url, slot, n) {
  const booking = await json(
    await fetch(`${url}/api/book-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aiSessionBooking(slot, { name: 'Bench Visitor', email: `bench${n}@example.com` })),
    }),
  );
  const { clientSecret } = await json(
    await fetch(`${url}/api/create-payment-intent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 9, sessionId: booking.id }),
    }),
  );
  const paymentIntentId = clientSecret.split('_secret_')[0];
  const payload = JSON.stringify({
    id: `evt_bench_${n}_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount: 900,
        amount_received: 900,
        currency: 'usd',
        status: 'succeeded',
        metadata: { bookingId: booking.id },
      },
    },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const started = performance.now();
  const hook = await fetch(`${url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  if (!hook.ok) throw new Error(`webhook ${hook.status}: ${await hook.text()}`);
  for (;;) {
    const session = await json(await fetch(`${url}/api/session/${booking.id}`));
    if (session.status === 'confirmed') return performance.now() - started;
    if (performance.now() - started > 10_000)
      throw new Error(`booking ${booking.id} still ${session.status} after 10 s`);
  }
}

const machineBefore = await describeMachine();
const stripeMock = await startStripeMock();
let throughput;
let race;
const latencies = [];
try {
  await withScratchStack(
    {
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeMock.url,
      // Every request of the bench comes from one address: no cap on its live holds.
      MAX_LIVE_HOLDS_PER_ADDRESS: '0',
    },
    async (stack) => {
      // First, on the quiet stack: one booking at a time, its payment, its confirmation.
      const slots = await freeSlots(stack.url, Number(values.confirmations));
      for (let n = 0; n < slots.length; n++) latencies.push(await confirmationLatency(stack.url, slots[n], n));
      // The race before the run that books most of the coming year's slots (it needs two whole free days).
      race = await runK6('infra/k6/booking-race.js', { BASE_URL: stack.url });
      throughput = await runK6('infra/k6/book-session.js', {
        BASE_URL: stack.url,
        RATE: values.rate,
        DURATION: values.duration,
        DAYS: '400',
      });
    },
  );
} finally {
  await stripeMock.stop();
}
const machineAfter = await describeMachine();

console.log(`\nThe machine before: ${machineBefore}`);
console.log(`The machine after: ${machineAfter}\n`);
const booked = throughput.metrics.booked?.count ?? 0;
const book = throughput.metrics.book_session_ms;
const seconds = Number.parseFloat(values.duration);
console.log(`POST /api/book-session at ${values.rate} requests/s for ${values.duration}, a free slot each:`);
console.log(
  `  ${booked} held (${(booked / seconds).toFixed(1)}/s), p50 ${ms(book.med)}, p90 ${ms(book['p(90)'])}, p99 ${ms(book['p(99)'])}, max ${ms(book.max)}, failed ${(throughput.failed * 100).toFixed(2)}%, thresholds ${throughput.ok ? 'passed' : 'FAILED'}`,
);
console.log(`The race (infra/k6/booking-race.js): thresholds ${race.ok ? 'passed' : 'FAILED'}`);
for (const [name, metric] of Object.entries(race.metrics))
  if (
    metric.count !== undefined &&
    !name.startsWith('http_') &&
    !name.startsWith('data_') &&
    !name.startsWith('iteration')
  )
    console.log(`  ${name}: ${metric.count}`);
latencies.sort((a, b) => a - b);
console.log(
  `Signed payment_intent.succeeded webhook → booking confirmed, ${latencies.length} one at a time: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1))}`,
);
if (!throughput.ok || !race.ok) process.exitCode = 1;
