// rpc.booking.v1.practice-numbers against real FerretDB and NATS, asked as practice's own NATS user: confirmed
// sessions per plan on each of the practice's days (its time zone, across the autumn daylight-saving change),
// cancelled, expired and unpaid bookings not counted, and a range the schema refuses refused here too.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsConnectOptions } from '@hhp/kit';
import { PracticeNumbersRpcResponse, RpcSubjects, type SessionStatus, type SessionType } from '@hhp/proto';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';
import { bookingModel } from '../../src/sessions/booking.model.js';
import { startBooking, uniqueDb, type BookingService } from './harness.js';

let service: BookingService;
let practice: NatsConnection;

async function ask(request: unknown): Promise<{ ok: boolean; data?: unknown; status?: number; message?: string }> {
  const reply = await practice.request(RpcSubjects.practiceNumbers, JSON.stringify(request), { timeout: 5000 });
  return reply.json();
}

/** A booking as booking stores it, at an instant, with a status. */
const stored = (type: SessionType, scheduledAt: string, status: SessionStatus) => ({
  _id: randomUUID().replace(/-/g, '').slice(0, 24),
  type,
  priceCents: 900,
  price: '9.00',
  durationMinutes: 60,
  scheduledAt: new Date(scheduledAt),
  timeZone: 'America/New_York',
  name: 'Ada',
  email: 'ada@example.com',
  notes: '',
  status,
  holdExpiresAt: new Date(scheduledAt),
  createdAt: new Date('2026-10-01T00:00:00Z'),
});

beforeAll(async () => {
  service = await startBooking(uniqueDb('practice-numbers'));
  const env = natsEnvFor('practice');
  practice = await connect(
    natsConnectOptions(env.NATS_URL ?? process.env.NATS_URL!, {
      ...(env.NATS_USER ? { user: env.NATS_USER, password: env.NATS_PASSWORD! } : {}),
    }),
  );
  await bookingModel(service.mongo.connection).collection.insertMany([
    // Saturday 31 October, New York (UTC-4).
    stored('dr-helen', '2026-10-31T13:00:00Z', 'confirmed'),
    stored('ai-session', '2026-10-31T14:00:00Z', 'confirmed'),
    stored('ai-session', '2026-10-31T15:00:00Z', 'cancelled'),
    stored('ai-session', '2026-10-31T16:00:00Z', 'expired'),
    stored('ai-session', '2026-10-31T17:00:00Z', 'pending-payment'),
    // Sunday 1 November: clocks go back at 02:00, the day has 25 hours; 23:30 there is 04:30 UTC on the 2nd.
    stored('subscription', '2026-11-02T04:30:00Z', 'confirmed'),
    // Monday 2 November 00:30 in New York (UTC-5 now).
    stored('ai-session', '2026-11-02T05:30:00Z', 'confirmed'),
    // Outside the range asked.
    stored('dr-helen', '2026-10-30T13:00:00Z', 'confirmed'),
    stored('dr-helen', '2026-11-03T05:00:00Z', 'confirmed'),
  ]);
});

afterAll(async () => {
  await practice?.close();
  await service?.mongo.connection.dropDatabase();
  await service?.close();
});

describe('rpc.booking.v1.practice-numbers', () => {
  test("when practice asks for a range of days, then each day has its confirmed sessions per plan, by the practice's calendar across a daylight-saving change", async () => {
    const reply = await ask({ from: '2026-10-31', to: '2026-11-02' });
    expect(reply.ok).toBe(true);
    expect(PracticeNumbersRpcResponse.parse(reply.data)).toEqual({
      timeZone: 'America/New_York',
      days: [
        { date: '2026-10-31', total: 2, byPlan: { 'ai-session': 1, subscription: 0, 'dr-helen': 1 } },
        { date: '2026-11-01', total: 1, byPlan: { 'ai-session': 0, subscription: 1, 'dr-helen': 0 } },
        { date: '2026-11-02', total: 1, byPlan: { 'ai-session': 1, subscription: 0, 'dr-helen': 0 } },
      ],
    });
  });

  test('when the range is backwards, longer than 62 days or not dates, then booking refuses it 400 naming the field', async () => {
    for (const request of [
      { from: '2026-11-02', to: '2026-11-01' },
      { from: '2026-01-01', to: '2026-12-31' },
      { from: 'yesterday', to: '2026-11-01' },
      { from: '2026-11-01', to: '2026-11-01', status: { $ne: null } },
    ]) {
      const reply = await ask(request);
      expect(reply).toMatchObject({ ok: false, status: 400 });
    }
    expect((await ask({ from: '2026-11-02', to: '2026-11-01' })).message).toMatch(/^to: /);
  });
});
