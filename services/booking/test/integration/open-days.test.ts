// GET /api/availability/days (issue 30, point 3 follow-up): the days of a range the practice's rules open for a
// plan, what /book's day grid offers. Against the real FerretDB and NATS: the catalogue's week by default, a day
// off closes a day, an extra day opens one, a changed week moves the open weekdays, each at once and always as the
// day's own GET /api/availability answers `open`; the range is bounded and checked.
import { RpcSubjects, type OpenDaysResponse, type PracticeAvailabilityResponse, type SessionType } from '@hhp/proto';
import {
  TIME_ZONE,
  askAsPractice,
  availabilityOf,
  horizonLastDay,
  plusDays,
  practiceToday,
  startBookingSuite,
  type BookingService,
  type BookingSuite,
} from './harness.js';

let suite: BookingSuite;
let service: BookingService;
const STAFF = '6f1c2b8e-0000-4000-8000-000000000002';

beforeAll(async () => {
  suite = await startBookingSuite('open-days');
  service = suite.service;
});

afterAll(() => suite?.stop());

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** `count` days from `from` on. */
const daysFrom = (from: string, count: number) => Array.from({ length: count }, (_, i) => plusDays(from, i));

/** The first day on or after `from` that falls on `weekday` (Sunday 0). */
const next = (weekday: number, from: string) => plusDays(from, (weekday - weekdayOf(from) + 7) % 7);

async function openDaysOf(type: SessionType, from: string, to: string) {
  const res = await fetch(`${service.url}/api/availability/days?type=${type}&from=${from}&to=${to}`);
  if (res.status !== 200) throw new Error(`open days: ${res.status} ${await res.text()}`);
  return (await res.json()) as OpenDaysResponse;
}

/** Ask booking as practice does (rpc.booking.v1.practice-availability-set), for a staff member it has checked. */
async function change(
  payload: Record<string, unknown>,
): Promise<PracticeAvailabilityResponse & { exceptionId?: string }> {
  const reply = await askAsPractice<PracticeAvailabilityResponse & { exceptionId?: string }>(
    RpcSubjects.practiceAvailabilitySet,
    { staffId: STAFF, ...payload },
  );
  if (!reply.ok) throw new Error(`change refused: ${reply.message}`);
  return reply.data!;
}

// A week of its own for each test, well inside the horizon, starting on a Sunday.
const week = (n: number) => next(0, plusDays(practiceToday(), 7 * n));

describe('GET /api/availability/days', () => {
  test('when nothing is stored, then the catalogue’s week is open from today to the horizon, as each day’s own answer says', async () => {
    const today = practiceToday();
    const from = plusDays(today, -3);
    const to = plusDays(from, 61);
    const res = await fetch(`${service.url}/api/availability/days?type=dr-helen&from=${from}&to=${to}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const helen = (await res.json()) as OpenDaysResponse;
    expect(helen).toMatchObject({ type: 'dr-helen', from, to, timeZone: TIME_ZONE, weekdays: [2] });
    expect(helen.open).toEqual(daysFrom(today, 62).filter((d) => d <= to && weekdayOf(d) === 2));

    const ai = await openDaysOf('ai-session', from, to);
    expect(ai.weekdays).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ai.open).toEqual(daysFrom(today, 62).filter((d) => d <= to && weekdayOf(d) !== 0));

    // The grid and the day agree: every day of two weeks, open in one exactly when open in the other.
    for (const day of daysFrom(today, 14)) {
      expect([day, (await availabilityOf(service, 'dr-helen', day)).open]).toEqual([day, helen.open.includes(day)]);
    }
  });

  test('when a range runs past the booking horizon, then no day after its last day is open, and a range all past it has none', async () => {
    const last = horizonLastDay();
    const answer = await openDaysOf('ai-session', plusDays(last, -10), plusDays(last, 10));
    expect(answer.open.length).toBeGreaterThan(0);
    expect(answer.open.every((day) => day <= last)).toBe(true);
    expect((await openDaysOf('ai-session', plusDays(last, 1), plusDays(last, 20))).open).toEqual([]);
    expect(await openDaysOf('dr-helen', '2020-01-01', '2020-02-01')).toMatchObject({ weekdays: [2], open: [] });
  });

  test('when the practitioner takes a Tuesday off, then that Tuesday is no longer open for her, and is again once the day off is removed', async () => {
    const sunday = week(2);
    const tuesday = plusDays(sunday, 2);
    const range = [sunday, plusDays(sunday, 13)] as const;
    expect((await openDaysOf('dr-helen', ...range)).open).toEqual([tuesday, plusDays(tuesday, 7)]);

    const { exceptionId } = await change({
      action: 'add-exception',
      exception: { date: tuesday, kind: 'closed', types: ['dr-helen'], note: 'Day off' },
    });
    // The day off is not a change of her week.
    expect(await openDaysOf('dr-helen', ...range)).toMatchObject({ weekdays: [2], open: [plusDays(tuesday, 7)] });
    // The AI sessions of that day are another plan's: still open.
    expect((await openDaysOf('ai-session', ...range)).open).toContain(tuesday);

    await change({ action: 'remove-exception', id: exceptionId });
    expect((await openDaysOf('dr-helen', ...range)).open).toEqual([tuesday, plusDays(tuesday, 7)]);
  });

  test('when an extra day is opened for the practitioner, then that Thursday is open for her, as its own answer says', async () => {
    const sunday = week(4);
    const thursday = plusDays(sunday, 4);
    const range = [sunday, plusDays(sunday, 6)] as const;
    expect((await openDaysOf('dr-helen', ...range)).open).toEqual([plusDays(sunday, 2)]);

    const { exceptionId } = await change({
      action: 'add-exception',
      exception: { date: thursday, kind: 'open', types: ['dr-helen'], times: ['10:00'], note: 'Extra day' },
    });
    expect((await openDaysOf('dr-helen', ...range)).open).toEqual([plusDays(sunday, 2), thursday]);
    expect((await availabilityOf(service, 'dr-helen', thursday)).open).toBe(true);
    // A Sunday opened for the AI sessions too.
    const opened = await change({
      action: 'add-exception',
      exception: { date: sunday, kind: 'open', types: ['ai-session'], note: 'Open Sunday' },
    });
    expect((await openDaysOf('ai-session', ...range)).open).toEqual(daysFrom(sunday, 7));

    await change({ action: 'remove-exception', id: exceptionId });
    await change({ action: 'remove-exception', id: opened.exceptionId });
  });

  test('when the practitioner’s week changes to Mondays and Fridays, then those days are open for her and Tuesdays are not', async () => {
    const sunday = week(6);
    const range = [sunday, plusDays(sunday, 13)] as const;
    const state = await change({
      action: 'set-rule',
      type: 'dr-helen',
      rule: { weekdays: [5, 1], times: ['09:00', '11:00', '14:00'], durationMinutes: 90, version: 0 },
    });
    try {
      expect(await openDaysOf('dr-helen', ...range)).toMatchObject({
        weekdays: [1, 5],
        open: [1, 5, 8, 12].map((offset) => plusDays(sunday, offset)),
      });
      expect((await availabilityOf(service, 'dr-helen', plusDays(sunday, 5))).open).toBe(true);
      expect((await availabilityOf(service, 'dr-helen', plusDays(sunday, 2))).open).toBe(false);
    } finally {
      const version = state.rules.find((rule) => rule.type === 'dr-helen')!.version;
      await change({
        action: 'set-rule',
        type: 'dr-helen',
        rule: { weekdays: [2], times: ['09:00', '11:00', '14:00'], durationMinutes: 90, version },
      });
    }
  });

  test.each([
    ['type=massage&from=2030-01-01&to=2030-01-31', 'type: must be one of ai-session, subscription, dr-helen'],
    ['type=dr-helen&from=2030-02-30&to=2030-03-10', 'from: must be YYYY-MM-DD'],
    ['type=dr-helen&from=2030-01-01', 'to: must be YYYY-MM-DD'],
    ['type=dr-helen&from=2030-01-10&to=2030-01-09', 'to: must not be before from'],
    ['type=dr-helen&from=2030-01-01&to=2030-03-04', 'to: must be at most 62 days after from'],
    ['type=dr-helen&from=2030-01-01&to=2030-01-02&to=2030-01-03', 'to: must be YYYY-MM-DD'],
    ['type=dr-helen&from=2030-01-01&to=2030-01-02&date=2030-01-01', 'date: is not allowed'],
  ])('when the query is %s, then the answer is 400 naming the field', async (query, message) => {
    const res = await fetch(`${service.url}/api/availability/days?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  test('when the range is exactly 62 days, then it is answered', async () => {
    expect((await openDaysOf('dr-helen', '2030-01-01', '2030-03-03')).open).toEqual([]);
  });
});
