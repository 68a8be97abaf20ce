// One valid request per operation of proto/openapi.json, the base every bad variant of scripts/probe/corpus.mjs
// starts from: a variant differs from a request the portal accepts in one thing only, so what it reaches is
// the code behind validation (the store, Stripe, the signature checks), not an early refusal of something else.
// Every operation must have one: scripts/bad-input.mjs fails an operation missing here.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

const TYPES = ['ai-session', 'dr-helen', 'subscription'];
const DAYS_AHEAD = 21;

/** A fresh guest id of the shape the assistant takes (21 characters of nanoid's alphabet). */
const guestId = () => randomBytes(16).toString('base64url').slice(0, 21);

/** Stripe's Stripe-Signature over the exact bytes sent (t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">). */
const stripeSignature = (secret) => (body) => {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return { 'Stripe-Signature': `t=${t},v1=${v1}` };
};

/** The video ingest's x-timestamp and x-signature (services/content/src/ingest/signature.ts). */
const ingestSignature = (secret) => (body) => {
  const t = String(Math.floor(Date.now() / 1000));
  const digest = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return { 'x-timestamp': t, 'x-signature': `sha256=${digest}` };
};

/**
 * Free slots of the next weeks, in turn: a variant that passes validation books a slot no one holds, so it
 * reaches the insert instead of stopping at "taken". Once all are used, slots repeat (409s).
 * @param {(method: string, target: string, body?: unknown) => Promise<{ status: number, json: any, headers: Record<string, string> }>} call
 */
async function freeSlots(call) {
  const slots = [];
  for (let day = 1; day <= DAYS_AHEAD; day++) {
    const date = new Date(Date.now() + day * 86400000).toISOString().slice(0, 10);
    for (const type of TYPES) {
      const { status, json } = await call('GET', `/api/availability?type=${type}&date=${date}`);
      if (status !== 200) throw new Error(`availability ${type} ${date}: ${status}`);
      for (const slot of json.slots) if (slot.available) slots.push({ type, scheduledAt: slot.startsAt });
    }
  }
  if (slots.length < 2) throw new Error('fewer than 2 free slots in the next three weeks');
  let next = 0;
  return () => slots[next++ % slots.length];
}

/**
 * The practice's console's requests (services/practice): from the portal's own Origin, as the console sends
 * them, so a POST reaches the session guard and the validation rather than stopping at the Origin check; without
 * a session (registering a passkey needs an authenticator), the staff routes stop at 401 and the sign-in routes
 * reach the WebAuthn checks with a credential of the right shape that no authenticator made.
 */
function practiceBases(origin) {
  const headers = { Origin: origin };
  const b64 = (value) => Buffer.from(value).toString('base64url');
  const id = randomBytes(32).toString('base64url');
  const token = randomBytes(32).toString('base64url');
  const clientData = (type) => b64(JSON.stringify({ type, challenge: b64('probe'), origin }));
  const credential = (response) => ({ id, rawId: id, type: 'public-key', response, clientExtensionResults: {} });
  return {
    'POST /api/practice/register/options': () => ({ body: { token }, headers }),
    'POST /api/practice/register/verify': () => ({
      body: {
        token,
        credential: credential({ clientDataJSON: clientData('webauthn.create'), attestationObject: 'o2NmbXRkbm9uZQ' }),
      },
      headers,
    }),
    'POST /api/practice/sign-in/options': () => ({ body: {}, headers }),
    'POST /api/practice/sign-in/verify': () => ({
      body: {
        credential: credential({
          clientDataJSON: clientData('webauthn.get'),
          authenticatorData: b64('probe-authenticator-data'),
          signature: b64('probe-signature'),
        }),
      },
      headers,
    }),
    'GET /api/practice/me': () => ({}),
    'POST /api/practice/sign-out': () => ({ body: {}, headers }),
    'GET /api/practice/staff': () => ({}),
    'POST /api/practice/staff/invite': () => ({
      body: { email: 'probe.staff@example.com', role: 'practitioner' },
      headers,
    }),
    'POST /api/practice/staff/{id}/revoke': () => ({
      path: { id: '00000000-0000-4000-8000-000000000000' },
      body: {},
      headers,
    }),
    'GET /api/practice/audit': () => ({ query: { limit: '10' } }),
    // The console's calendar, availability, feed, list and numbers (issue 30): requests of the right shape, which
    // stop at the session guard (401) as every staff route does without a session; the feed's own address is
    // public and answers 404 for a secret that opens no feed.
    'GET /api/practice/calendar': () => ({ query: { from: dayAhead(1), to: dayAhead(7) } }),
    'POST /api/practice/bookings/{id}/cancel': () => ({ path: { id: bookingId() }, body: {}, headers }),
    'POST /api/practice/bookings/{id}/move': () => ({
      path: { id: bookingId() },
      body: { scheduledAt: `${dayAhead(14)}T14:00:00.000Z` },
      headers,
    }),
    'POST /api/practice/bookings/{id}/attendance': () => ({
      path: { id: bookingId() },
      body: { outcome: 'attended' },
      headers,
    }),
    'GET /api/practice/availability': () => ({}),
    'POST /api/practice/availability/rules/{type}': () => ({
      path: { type: 'ai-session' },
      body: { weekdays: [1, 2, 3, 4, 5], times: ['09:00', '11:00'], durationMinutes: 60, version: 0 },
      headers,
    }),
    'POST /api/practice/availability/exceptions': () => ({
      body: { date: dayAhead(30), kind: 'closed', types: ['ai-session'], note: 'probe' },
      headers,
    }),
    'POST /api/practice/availability/exceptions/{id}/remove': () => ({
      path: { id: randomUUID() },
      body: {},
      headers,
    }),
    'GET /api/practice/feed': () => ({}),
    'POST /api/practice/feed': () => ({ body: {}, headers }),
    'DELETE /api/practice/feed': () => ({ body: {}, headers }),
    'GET /api/practice/feed/{secret}.ics': () => ({ path: { secret: randomBytes(32).toString('base64url') } }),
    'GET /api/practice/list': () => ({ query: { page: '1', pageSize: '50' } }),
    'GET /api/practice/list.csv': () => ({}),
    'GET /api/practice/numbers': () => ({}),
  };
}

/** A booking id's shape (24 base64url characters) that no booking has. */
const bookingId = () => randomBytes(18).toString('base64url');

/** The practice's calendar day `days` from today, YYYY-MM-DD (UTC: near enough for requests of the right shape). */
const dayAhead = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The base request of every operation, keyed "METHOD /path": `() => ({ path, query, body, headers, sign })`,
 * fresh on each call. `secrets` are the stack's ingest and webhook secrets; `origin` the portal's own.
 */
export async function bases(call, { ingestSecret, webhookSecret, origin }) {
  const slot = await freeSlots(call);
  const booked = await call('POST', '/api/book-session', {
    ...slot(),
    name: 'Probe Visitor',
    email: 'probe.visitor@example.com',
  });
  if (booked.status !== 200) throw new Error(`book-session: ${booked.status} ${JSON.stringify(booked.json)}`);
  const sessionId = booked.json.id;
  // A token of each link's shape (the real ones come by e-mail): the variants reach the booking's lookup and
  // the token's check.
  const token = randomBytes(32).toString('base64url');
  const emailToken = `${randomBytes(12).toString('hex')}.${randomBytes(32).toString('base64url')}`;
  // A subscription attempt and a hosted Checkout of this "browser": what completing them takes (the attempt's
  // completion token, the Checkout's cookie), so the variants get past those checks to Stripe and the store.
  const attempt = await call('POST', '/api/create-subscription', { email: 'probe.subscriber@example.com' });
  if (attempt.status !== 200)
    console.log(`create-subscription answered ${attempt.status}: completing one is probed without its token`);
  const checkout = await call('POST', '/api/create-checkout-session', { email: 'probe.checkout@example.com' });
  const checkoutCookie = (checkout.headers['set-cookie'] ?? '').split(';')[0];
  const checkoutId = /cs_[A-Za-z0-9_]+/.exec(checkout.json?.url ?? '')?.[0] ?? 'cs_test_probe0001';
  // A Symptom Explorer analysis of one guest: its perspectives are answered only for that guest, so the variants
  // of POST /api/query-ai/perspective reach the analysis's lookup and the stored perspective, not the 404.
  const explorer = guestId();
  const analysis = await call('POST', '/api/query-ai', {
    query: 'Bloating and gas after meals',
    guestId: explorer,
    kind: 'symptom-analysis',
  });
  if (analysis.status !== 200 || !analysis.json?.analysisId)
    throw new Error(`symptom analysis: ${analysis.status} ${JSON.stringify(analysis.json)}`);
  const analysisId = analysis.json.analysisId;
  let video = 0;
  let event = 0;

  return {
    ...practiceBases(origin),
    'POST /api/detect-crisis': () => ({ body: { query: 'I have trouble sleeping before exams' } }),
    'POST /api/query-ai': () => ({ body: { query: 'What can help with stress headaches?', guestId: guestId() } }),
    'POST /api/query-ai/stream': () => ({ body: { query: 'Which foods support digestion?', guestId: guestId() } }),
    'POST /api/query-ai/perspective': () => ({ body: { analysisId, perspective: 'nutrition', guestId: explorer } }),
    'GET /api/quota': () => ({ query: { guestId: guestId() } }),
    'POST /api/subscribe-email': () => ({ body: { email: 'probe.list@example.com', source: 'footer' } }),
    'POST /api/subscribe-email/confirm': () => ({ body: { token: emailToken } }),
    'POST /api/subscribe-email/unsubscribe': () => ({ query: { token: emailToken }, body: {} }),
    'GET /api/videos': () => ({ query: { category: 'ayurveda' } }),
    'POST /api/videos/ingest': () => ({
      body: {
        id: `probe-video-${++video}`,
        title: 'Probe video',
        description: 'A video the bad-input run adds',
        category: 'nutrition',
        thumbnailUrl: 'https://example.com/probe.jpg',
        duration: '3:05',
        youtubeId: 'dQw4w9WgXcQ',
      },
      sign: ingestSignature(ingestSecret),
    }),
    'POST /api/book-session': () => ({
      body: { ...slot(), name: 'Probe Visitor', email: 'probe.visitor@example.com', notes: 'First visit' },
    }),
    'GET /api/session/{id}': () => ({ path: { id: sessionId } }),
    'POST /api/session/{id}/join': () => ({ path: { id: sessionId }, body: { token } }),
    'POST /api/session/{id}/manage': () => ({ path: { id: sessionId }, body: { token } }),
    'POST /api/session/{id}/reschedule': () => ({
      path: { id: sessionId },
      body: { token, scheduledAt: slot().scheduledAt },
    }),
    'POST /api/session/{id}/cancel': () => ({ path: { id: sessionId }, body: { token } }),
    'POST /api/session/{id}/release': () => ({ path: { id: sessionId }, body: { token } }),
    'GET /api/availability': () => ({
      query: { type: 'ai-session', date: new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10) },
    }),
    'GET /api/availability/days': () => ({ query: { type: 'dr-helen', from: dayAhead(0), to: dayAhead(30) } }),
    'POST /api/create-checkout-session': () => ({ body: { email: 'probe.checkout@example.com' } }),
    'POST /api/create-payment-intent': () => ({ body: { amount: 150, sessionId } }),
    'POST /api/create-subscription': () => ({ body: { email: 'probe.subscriber@example.com' } }),
    'POST /api/complete-subscription': () => ({
      body: {
        customerId: attempt.json?.customerId ?? 'cus_probe0001',
        paymentMethodId: 'pm_card_visa',
        ...(attempt.json?.completionToken ? { completionToken: attempt.json.completionToken } : {}),
      },
    }),
    // One of the portal's published texts (a treatment card's description), so the variants reach the synthesis.
    'GET /api/voice/speech': () => ({
      query: { text: 'The 5,000-year-old science of life from India, balancing body, mind and spirit.' },
    }),
    'GET /api/payments/config': () => ({}),
    'GET /api/payments/status': () => ({ query: { sessionId } }),
    'GET /api/subscription': () => ({}),
    'POST /api/subscription/checkout-complete': () => ({
      body: { sessionId: checkoutId },
      headers: checkoutCookie ? { Cookie: checkoutCookie } : {},
    }),
    'POST /api/subscription/sign-in': () => ({ body: { email: 'probe.subscriber@example.com' } }),
    'POST /api/subscription/sign-in/complete': () => ({ body: { token } }),
    'POST /api/subscription/portal': () => ({ body: { token: `${token}.${token}` } }),
    'POST /api/stripe/webhook': () => ({
      body: {
        id: `evt_probe${++event}`,
        object: 'event',
        type: 'payment_intent.processing',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `pi_probe${event}`,
            object: 'payment_intent',
            amount: 15000,
            currency: 'usd',
            status: 'processing',
            metadata: { bookingId: sessionId },
          },
        },
      },
      sign: stripeSignature(webhookSecret),
    }),
  };
}
