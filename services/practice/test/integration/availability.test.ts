// The console's availability through the real boundary: the practice service (its own NATS user, so the
// catalogue's permissions are the ones it runs with) asks the real booking service over NATS, against real
// FerretDB. A practitioner reads the catalogue's rules, closes a Tuesday that a visitor has booked (the booking
// is listed with her name, the day is closed on /api/availability at once) and opens it again; changes her week
// (a change from an old version is 409); bad input is 400 naming the field; each change is in the audit log with
// what changed, never a visitor's name.
import type { SessionType } from '@hhp/proto';
import {
  availabilityOf,
  book,
  openDays,
  plusDays,
  type BookingService,
} from '../../../booking/test/integration/harness.js';
import { startConsoleWithBooking, type ConsoleClient, type ConsoleWithBooking } from './harness.js';

let stack: ConsoleWithBooking;
let booking: BookingService;
let admin: ConsoleClient;
let practitioner: ConsoleClient;
const tuesdays = openDays('dr-helen', 14);

beforeAll(async () => {
  stack = await startConsoleWithBooking('availability');
  ({ booking, admin, practitioner } = stack);
});

afterAll(() => stack?.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const ruleOf = async (client: ConsoleClient, type: SessionType) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (await json(await client.get('/api/practice/availability'))).body.rules.find((r: any) => r.type === type);

test('when the practitioner closes a Tuesday a visitor has booked, then the day is closed at once and the booking is listed with its visitor; removing the day off opens it again', async () => {
  const { date, slots } = tuesdays();
  const id = await book(booking, 'dr-helen', slots[0]!.startsAt);

  const before = await json(await practitioner.get('/api/practice/availability'));
  expect(before.status).toBe(200);
  expect(before.body.rules.find((r: { type: string }) => r.type === 'dr-helen')).toMatchObject({
    weekdays: [2],
    times: ['09:00', '11:00', '14:00'],
    durationMinutes: 90,
    version: 0,
    source: 'catalogue',
  });

  const closed = await json(
    await practitioner.post('/api/practice/availability/exceptions', {
      date,
      kind: 'closed',
      types: ['dr-helen'],
      note: 'Conference',
    }),
  );
  expect(closed.status).toBe(200);
  expect(closed.body.exceptions).toEqual([
    expect.objectContaining({ id: closed.body.exceptionId, date, kind: 'closed', types: ['dr-helen'] }),
  ]);
  expect(closed.body.affected).toEqual([
    expect.objectContaining({
      id,
      date,
      time: '09:00',
      name: 'Ada Visitor',
      status: 'pending-payment',
      reason: 'closed',
    }),
  ]);
  expect(await availabilityOf(booking, 'dr-helen', date)).toMatchObject({ open: false, slots: [] });

  const again = await json(
    await practitioner.post('/api/practice/availability/exceptions', { date, kind: 'closed', types: ['dr-helen'] }),
  );
  expect(again).toEqual({
    status: 409,
    body: { message: 'date: that day already has an exception for one of these plans; remove it first' },
  });

  const removed = await json(
    await practitioner.post(`/api/practice/availability/exceptions/${closed.body.exceptionId}/remove`),
  );
  expect(removed.status).toBe(200);
  expect(removed.body.affected).toEqual([]);
  expect((await availabilityOf(booking, 'dr-helen', date)).open).toBe(true);
  const gone = await json(
    await practitioner.post(`/api/practice/availability/exceptions/${closed.body.exceptionId}/remove`),
  );
  expect(gone).toEqual({ status: 404, body: { message: 'No such exception (it may have been removed already).' } });
});

test('when the practitioner changes her week, then /api/availability follows it; a change from an old version is 409', async () => {
  const rule = await ruleOf(practitioner, 'dr-helen');
  const changed = await json(
    await practitioner.post('/api/practice/availability/rules/dr-helen', {
      weekdays: [2, 4],
      times: ['09:00', '11:00', '14:00'],
      durationMinutes: 90,
      version: rule.version,
    }),
  );
  expect(changed.status).toBe(200);
  expect(changed.body.rules.find((r: { type: string }) => r.type === 'dr-helen')).toMatchObject({
    weekdays: [2, 4],
    version: rule.version + 1,
    source: 'stored',
  });
  const thursday = plusDays(tuesdays().date, 2);
  expect((await availabilityOf(booking, 'dr-helen', thursday)).open).toBe(true);

  const stale = await json(
    await admin.post('/api/practice/availability/rules/dr-helen', {
      weekdays: [1],
      times: ['09:00'],
      durationMinutes: 90,
      version: rule.version,
    }),
  );
  expect(stale).toEqual({
    status: 409,
    body: { message: 'The rules of this plan were changed meanwhile. Please reload and try again.' },
  });
  // Back to the catalogue's week.
  await practitioner.post('/api/practice/availability/rules/dr-helen', {
    weekdays: [2],
    times: ['09:00', '11:00', '14:00'],
    durationMinutes: 90,
    version: rule.version + 1,
  });
  expect((await availabilityOf(booking, 'dr-helen', thursday)).open).toBe(false);
});

test('when a change is not well formed, then 400 names the field and nothing changes', async () => {
  const version = (await ruleOf(practitioner, 'dr-helen')).version;
  const cases: [string, unknown, RegExp][] = [
    [
      '/rules/dr-helen',
      { weekdays: [2], times: ['09:00', '10:00'], durationMinutes: 90, version },
      /^times: the slots at 09:00 and 10:00 overlap/,
    ],
    ['/rules/dr-helen', { weekdays: [9], times: ['09:00'], durationMinutes: 90, version }, /^weekdays\.0: /],
    [
      '/rules/dr-helen',
      { weekdays: [2], times: ['9am'], durationMinutes: 90, version },
      /^times\.0: must be a time HH:MM/,
    ],
    ['/rules/dr-helen', { weekdays: [2], times: ['09:00'], durationMinutes: 90 }, /^version: /],
    ['/rules/nobody', { weekdays: [2], times: ['09:00'], durationMinutes: 90, version }, /^type: /],
    ['/exceptions', { date: '2026-02-30x', kind: 'closed', types: ['dr-helen'] }, /^date: /],
    ['/exceptions', { date: '2020-01-07', kind: 'closed', types: ['dr-helen'] }, /^date: that day has passed$/],
    ['/exceptions', { date: tuesdays().date, kind: 'closed', types: [] }, /^types: /],
    ['/exceptions', { date: tuesdays().date, kind: 'closed', types: ['dr-helen'], times: ['09:00'] }, /^times: /],
    [
      '/exceptions',
      { date: tuesdays().date, kind: 'open', types: ['dr-helen'], times: [] },
      /^times: an extra day needs/,
    ],
    ['/exceptions/not-an-id/remove', {}, /^id: /],
  ];
  for (const [path, body, message] of cases) {
    const res = await json(await practitioner.post(`/api/practice/availability${path}`, body));
    expect([path, res.status, res.body.message]).toEqual([path, 400, expect.stringMatching(message)]);
  }
  expect((await ruleOf(practitioner, 'dr-helen')).version).toBe(version);
});

test('when staff change the availability, then the audit log has each change with what changed and no visitor data', async () => {
  const { date, slots } = tuesdays();
  await book(booking, 'dr-helen', slots[2]!.startsAt);
  await practitioner.get('/api/practice/availability');
  const closed = await json(
    await practitioner.post('/api/practice/availability/exceptions', { date, kind: 'closed', types: ['dr-helen'] }),
  );
  expect(closed.body.affected.map((a: { name: string }) => a.name)).toContain('Ada Visitor');
  await practitioner.post(`/api/practice/availability/exceptions/${closed.body.exceptionId}/remove`);
  const { body } = await json(await admin.get('/api/practice/audit?limit=200'));
  const mine = body.entries.filter((e: { action: string }) => e.action.startsWith('availability-'));
  expect(mine).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: 'availability-read' }),
      expect.objectContaining({
        action: 'availability-exception-added',
        target: `closed ${date} for dr-helen (${closed.body.exceptionId})`,
      }),
      expect.objectContaining({ action: 'availability-exception-removed', target: closed.body.exceptionId }),
      expect.objectContaining({
        action: 'availability-rule-set',
        target: expect.stringMatching(/^dr-helen: Tue Thu; 09:00 11:00 14:00; 90 min \(version \d+\)$/),
      }),
    ]),
  );
  expect(JSON.stringify(body.entries)).not.toContain('Ada Visitor');
});
