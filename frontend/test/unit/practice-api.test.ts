import { makeStore } from '../../src/app/store';
import { api } from '../../src/shared/api/api';
import { availabilityApi } from '../../src/features/practice/availability/availability-api';
import { calendarApi } from '../../src/features/practice/calendar/calendar-api';
import { feedApi } from '../../src/features/practice/feed/feed-api';
import { numbersApi } from '../../src/features/practice/numbers/numbers-api';

// The practice's calendar and availability calls (features/practice/*-api.ts) against a stubbed fetch and the
// app's real store: a range read whole across its pages, and a change's answer replacing the cached state.

const realFetch = globalThis.fetch;
let calls: { url: string; method: string; body: unknown }[];
let answers: Record<string, (() => Response)[]>;
let store: ReturnType<typeof makeStore>;

/** The next answer for `method url`; each key's answers are given in turn. */
function answer(key: string): Response {
  const queue = answers[key];
  const next = queue?.length && queue.length > 1 ? queue.shift() : queue?.[0];
  if (!next) throw new Error(`no answer for ${key}`);
  return next();
}

beforeEach(() => {
  calls = [];
  answers = {};
  store = makeStore();
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url: String(url), method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer(`${method} ${String(url)}`);
  }) as typeof fetch;
});
afterEach(() => {
  store.dispatch(api.util.resetApiState());
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const booking = (id: string) => ({
  id,
  type: 'dr-helen',
  scheduledAt: '2026-03-10T14:00:00.000Z',
  status: 'confirmed',
});
const RANGE = '/api/practice/calendar?from=2026-03-01&to=2026-03-31';

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

describe("the practice's calendar", () => {
  test('when a range has several pages, then it is read whole, page after page, as one list', async () => {
    answers[`GET ${RANGE}`] = [json(200, { bookings: [booking('b1'), booking('b2')], nextCursor: 'c2' })];
    answers[`GET ${RANGE}&cursor=c2`] = [json(200, { bookings: [booking('b3')], nextCursor: 'c3' })];
    answers[`GET ${RANGE}&cursor=c3`] = [json(200, { bookings: [booking('b4')] })];
    const read = store.dispatch(
      calendarApi.endpoints.practiceCalendar.initiate({ from: '2026-03-01', to: '2026-03-31' }),
    );
    const { data } = await read;
    read.unsubscribe();
    expect(calls.map((call) => call.url)).toEqual([RANGE, `${RANGE}&cursor=c2`, `${RANGE}&cursor=c3`]);
    expect(data?.bookings.map((b) => b.id)).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(data?.nextCursor).toBeUndefined();
  });

  test('when a later page fails, then the range is an error, not half a month', async () => {
    answers[`GET ${RANGE}`] = [json(200, { bookings: [booking('b1')], nextCursor: 'c2' })];
    answers[`GET ${RANGE}&cursor=c2`] = [json(503, { message: 'The practice is not answering.' })];
    const read = store.dispatch(
      calendarApi.endpoints.practiceCalendar.initiate({ from: '2026-03-01', to: '2026-03-31' }),
    );
    const result = await read;
    read.unsubscribe();
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ status: 503, message: '503: The practice is not answering.' });
  });

  test('when a booking is cancelled, then the call names it and the calendar is read again', async () => {
    answers[`GET ${RANGE}`] = [json(200, { bookings: [booking('b/1')] }), json(200, { bookings: [] })];
    answers['POST /api/practice/bookings/b%2F1/cancel'] = [json(200, { ...booking('b/1'), status: 'cancelled' })];
    const read = store.dispatch(
      calendarApi.endpoints.practiceCalendar.initiate({ from: '2026-03-01', to: '2026-03-31' }),
    );
    await read;
    await store.dispatch(calendarApi.endpoints.cancelBooking.initiate({ id: 'b/1' }));
    await waitFor(() => calls.filter((call) => call.url === RANGE).length === 2);
    await waitFor(
      () =>
        calendarApi.endpoints.practiceCalendar.select({ from: '2026-03-01', to: '2026-03-31' })(store.getState()).data
          ?.bookings.length === 0,
    );
    read.unsubscribe();
    expect(calls[1]).toEqual({ url: '/api/practice/bookings/b%2F1/cancel', method: 'POST', body: {} });
  });
});

describe("the practice's availability", () => {
  const state = (version: number) => ({ rules: [{ type: 'dr-helen', weekdays: [1, 2], version }], exceptions: [] });

  test("when a rule is changed, then the change's answer is the availability shown, without reading it again", async () => {
    answers['GET /api/practice/availability'] = [json(200, state(1))];
    answers['POST /api/practice/availability/rules/dr-helen'] = [json(200, state(2))];
    const read = store.dispatch(availabilityApi.endpoints.practiceAvailability.initiate());
    await read;
    await store.dispatch(
      availabilityApi.endpoints.setAvailabilityRule.initiate({
        type: 'dr-helen',
        weekdays: [1, 2],
        times: ['09:00'],
        durationMinutes: 90,
        version: 1,
      }),
    );
    await waitFor(
      () => availabilityApi.endpoints.practiceAvailability.select()(store.getState()).data?.rules[0]?.version === 2,
    );
    expect(availabilityApi.endpoints.practiceAvailability.select()(store.getState()).data).toEqual(state(2));
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/practice/availability',
      'POST /api/practice/availability/rules/dr-helen',
    ]);
    expect(calls[1]!.body).toEqual({ weekdays: [1, 2], times: ['09:00'], durationMinutes: 90, version: 1 });
    read.unsubscribe();
  });

  test('when a change is refused, then the availability shown stays as it was', async () => {
    answers['GET /api/practice/availability'] = [json(200, state(1))];
    answers['POST /api/practice/availability/exceptions/x1/remove'] = [json(409, { message: 'version: changed' })];
    const read = store.dispatch(availabilityApi.endpoints.practiceAvailability.initiate());
    await read;
    const result = await store.dispatch(availabilityApi.endpoints.removeAvailabilityException.initiate({ id: 'x1' }));
    expect(result.error).toMatchObject({ status: 409 });
    expect(availabilityApi.endpoints.practiceAvailability.select()(store.getState()).data).toEqual(state(1));
    read.unsubscribe();
  });
});

describe("the practice's calendar feed and e-mail list", () => {
  test('when a feed is made or revoked, then its status is read again', async () => {
    answers['GET /api/practice/feed'] = [
      json(200, { active: false }),
      json(200, { active: true }),
      json(200, { active: false }),
    ];
    answers['POST /api/practice/feed'] = [json(201, { url: 'webcal://portal.example/feed/abc' })];
    answers['DELETE /api/practice/feed'] = [json(200, { message: 'Revoked.' })];
    const read = store.dispatch(feedApi.endpoints.calendarFeed.initiate());
    await read;
    const status = () => feedApi.endpoints.calendarFeed.select()(store.getState()).data;
    const created = await store.dispatch(feedApi.endpoints.createCalendarFeed.initiate());
    expect(created.data).toEqual({ url: 'webcal://portal.example/feed/abc' });
    await waitFor(() => (status() as { active?: boolean } | undefined)?.active === true);
    await store.dispatch(feedApi.endpoints.revokeCalendarFeed.initiate());
    await waitFor(() => (status() as { active?: boolean } | undefined)?.active === false);
    read.unsubscribe();
    expect(calls.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET /api/practice/feed',
      'POST /api/practice/feed',
      'GET /api/practice/feed',
      'DELETE /api/practice/feed',
      'GET /api/practice/feed',
    ]);
  });

  test('when a page of the e-mail list is shown, then that page of that size is asked for', async () => {
    answers['GET /api/practice/list?page=2&pageSize=50'] = [json(200, { items: [], total: 51 })];
    const read = store.dispatch(numbersApi.endpoints.emailList.initiate({ page: 2, pageSize: 50 }));
    const { data } = await read;
    read.unsubscribe();
    expect(data).toEqual({ items: [], total: 51 });
    expect(calls.map((call) => call.url)).toEqual(['/api/practice/list?page=2&pageSize=50']);
  });
});
