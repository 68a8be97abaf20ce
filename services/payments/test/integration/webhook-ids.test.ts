// A Stripe event whose id holds a control character: the id is stored (the inbox's record of applied events)
// and PostgreSQL, under FerretDB, cannot store a NUL (it was a 500). Refused before anything is applied.
import { randomUUID } from 'node:crypto';
import { Subjects } from '@hhp/proto';
import {
  eventsOn,
  sendWebhook,
  startPaymentsSuite,
  stripeEvent,
  type Payments,
  type PaymentsSuite,
  type Servers,
} from './harness.js';

let suite: PaymentsSuite;
let servers: Servers;
let service: Payments;

beforeAll(async () => {
  suite = await startPaymentsSuite();
  ({ servers, service } = suite);
});

afterAll(() => suite?.stop());

const intent = (bookingId: string) => ({
  id: `pi_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
  object: 'payment_intent',
  amount: 900,
  amount_received: 900,
  currency: 'usd',
  status: 'succeeded',
  last_payment_error: null,
  metadata: { bookingId },
});

test.each([
  ['a NUL', 'evt_\u0000nul'],
  ['a line break', 'evt_line\nbreak'],
])('when a signed event id holds %s, then the answer is a 400 naming it and nothing is applied', async (_, id) => {
  const bookingId = `bk-${randomUUID()}`;
  const res = await sendWebhook(service, { ...stripeEvent('payment_intent.succeeded', intent(bookingId)), id });
  expect([res.status, await res.json()]).toEqual([400, { message: 'id: must not contain control characters' }]);
  const published = await eventsOn(servers, Subjects.paymentSucceeded);
  expect(published.filter((event) => event.data.bookingId === bookingId)).toEqual([]);
});

// What the handlers store comes from the event's object too: a payment intent's id, its booking's id in the
// metadata, an invoice's or subscription's fields. A NUL anywhere in a signed event is refused as a whole.
test.each([
  ['the object id', (bookingId: string) => ({ ...intent(bookingId), id: 'pi_\u0000nul' })],
  ['the metadata', (bookingId: string) => ({ ...intent(bookingId), metadata: { bookingId: `${bookingId}\u0000` } })],
  ['a nested key', (bookingId: string) => ({ ...intent(bookingId), metadata: { bookingId, 'x\u0000': 'y' } })],
])(
  'when a signed event holds a NUL in %s, then the answer is a 400 naming it and nothing is applied',
  async (_, object) => {
    const bookingId = `bk-${randomUUID()}`;
    const res = await sendWebhook(service, stripeEvent('payment_intent.succeeded', object(bookingId)));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^data\.object\.\S+: must not contain a NUL/);
    const published = await eventsOn(servers, Subjects.paymentSucceeded);
    expect(published.filter((event) => String(event.data.bookingId).startsWith(bookingId))).toEqual([]);
  },
);
