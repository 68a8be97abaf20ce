import type { ManageSessionResponse } from '@hhp/proto';
import { makeStore } from '../../src/app/store';
import { manageApi } from '../../src/features/session/manage/api';
import {
  fixedReason,
  isConflict,
  manageLink,
  manageView,
  refundPromise,
  refundStatus,
  refusal,
} from '../../src/features/session/manage/manage-view';
import { manageTexts } from '../../src/features/session/manage/texts';

const link = { bookingId: 'bk_1', token: 'tok' };

const booking: ManageSessionResponse = {
  id: 'bk_1',
  price: '9.00',
  type: 'ai-session',
  duration: '60',
  scheduledAt: '2026-12-08T14:00:00.000Z',
  status: 'confirmed',
  timeZone: 'America/New_York',
  changeable: true,
  changeableUntil: '2026-12-07T14:00:00.000Z',
  refundOnCancel: '9.00',
};

// Stands in for /book's slot list (payments/api.ts): a query of the slots that the changes must have read again.
const slotsProbe = manageApi.injectEndpoints({
  endpoints: (build) => ({
    slotsProbe: build.query<unknown, void>({ query: () => '/api/availability?probe', providesTags: ['Availability'] }),
  }),
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

const apiError = (status: number, message: string) => ({ status, message: `${status}: ${message}`, data: { message } });

describe('what the change-or-cancel page shows', () => {
  test('when the link lacks its booking or its token, then it is not valid and nothing is asked', () => {
    expect(manageLink(new URLSearchParams('booking=bk_1&token=tok'))).toEqual(link);
    expect(manageLink(new URLSearchParams('booking=bk_1'))).toBeNull();
    expect(manageLink(new URLSearchParams('token=tok&booking='))).toBeNull();
    expect(manageView(null, undefined, undefined)).toBe('invalid');
  });

  test('when the service refuses the token or knows no such booking, then the link is not valid', () => {
    expect(manageView(link, undefined, apiError(403, 'This link is not valid'))).toBe('invalid');
    expect(manageView(link, undefined, apiError(404, 'Session not found'))).toBe('invalid');
    expect(manageView(link, undefined, apiError(400, 'token is required'))).toBe('invalid');
  });

  test('when the service cannot answer, then the page offers to try again rather than calling the link bad', () => {
    expect(manageView(link, undefined, apiError(503, 'Booking unavailable'))).toBe('load-error');
    expect(manageView(link, undefined, { status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe('load-error');
    expect(manageView(link, undefined, undefined)).toBe('checking');
  });

  test('when the booking is confirmed and more than 24 hours away, then it can be moved or cancelled', () => {
    expect(manageView(link, booking, undefined)).toBe('changeable');
  });

  test('when it is too late, or the booking is not a confirmed one, then the page says why and offers no change', () => {
    const late = { ...booking, changeable: false, reason: 'Your session starts in less than 24 hours.' };
    expect(manageView(link, late, undefined)).toBe('fixed');
    expect(fixedReason(late)).toBe('Your session starts in less than 24 hours.');
    expect(fixedReason({})).toBe(manageTexts.notChangeableDefault);
    // The service's word `changeable` is not enough on its own for a booking that was never paid.
    expect(manageView(link, { ...booking, status: 'pending-payment' }, undefined)).toBe('fixed');
  });

  test('when the booking is cancelled, then the page says so, whatever a later read failed with', () => {
    const cancelled = { ...booking, status: 'cancelled' as const, changeable: false };
    expect(manageView(link, cancelled, undefined)).toBe('cancelled');
    expect(manageView(link, cancelled, apiError(503, 'Booking unavailable'))).toBe('cancelled');
  });

  test('when a cancellation is about to be confirmed, then it says what is refunded, or that nothing was charged', () => {
    expect(refundPromise(booking)).toBe('$9.00 will be refunded to your card.');
    expect(refundPromise({ ...booking, type: 'subscription', refundOnCancel: '0.00' })).toBe(
      manageTexts.nothingCharged,
    );
  });

  test('when the booking is cancelled, then the refund shows as on its way until Stripe has made it', () => {
    expect(refundStatus({ refund: { amount: '9.00', status: 'pending' } })).toBe(
      'Your refund of $9.00 is on its way to your card.',
    );
    expect(refundStatus({ refund: { amount: '9.00', status: 'refunded' } })).toBe(
      '$9.00 has been refunded to your card.',
    );
    expect(refundStatus({})).toBeUndefined();
    expect(refundStatus({ refund: { amount: '0.00', status: 'refunded' } })).toBeUndefined();
  });

  test("when a change is refused, then the service's own words are shown, without the status", () => {
    const taken = apiError(409, 'That time was just booked. Please choose another slot.');
    expect(refusal(taken)).toBe('That time was just booked. Please choose another slot.');
    expect(isConflict(taken)).toBe(true);
    // No answer: the portal's sentence for it, not the browser's "Failed to fetch".
    expect(refusal({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(
      'We could not reach the portal. Please check your connection and try again.',
    );
    // An answer without a sentence (an nginx page): no status code either.
    expect(refusal({ status: 502, message: '502: Bad Gateway' })).toBe('Something went wrong. Please try again.');
    expect(isConflict(apiError(400, 'not a slot'))).toBe(false);
  });
});

describe('the change-or-cancel calls', () => {
  const realFetch = globalThis.fetch;
  let answers: Record<string, () => Response>;
  let calls: { url: string; body: unknown }[];
  let store: ReturnType<typeof makeStore>;

  beforeEach(() => {
    store = makeStore();
    calls = [];
    answers = {};
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[url];
      if (!answer) throw new Error(`no answer for ${url}`);
      return answer();
    }) as typeof fetch;
  });
  // The cache keeps unused entries for an hour, on timers that would keep jest running.
  afterEach(() => {
    store.dispatch(manageApi.util.resetApiState());
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  const json = (status: number, body: unknown) => () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  test('when a session is moved, then the page shows the moved booking without asking again, and the slots are read again', async () => {
    const moved = { ...booking, scheduledAt: '2026-12-09T15:00:00.000Z' };
    answers['/api/session/bk_1/manage'] = json(200, booking);
    answers['/api/session/bk_1/reschedule'] = json(200, moved);
    answers['/api/availability?probe'] = json(200, {});
    const read = store.dispatch(manageApi.endpoints.manageSession.initiate(link));
    await read;
    const slots = store.dispatch(slotsProbe.endpoints.slotsProbe.initiate());
    await slots;

    await store.dispatch(manageApi.endpoints.rescheduleSession.initiate({ ...link, scheduledAt: moved.scheduledAt }));
    await tick();
    expect(calls.find((call) => call.url.endsWith('/reschedule'))?.body).toEqual({
      token: 'tok',
      scheduledAt: moved.scheduledAt,
    });
    expect(manageApi.endpoints.manageSession.select(link)(store.getState()).data).toEqual(moved);
    await tick();
    expect(calls.filter((call) => call.url.startsWith('/api/availability'))).toHaveLength(2);
    expect(calls.filter((call) => call.url.endsWith('/manage'))).toHaveLength(1);
    read.unsubscribe();
    slots.unsubscribe();
  });

  test('when a slot was just taken, then the booking stays as it was and the slots are read again', async () => {
    answers['/api/session/bk_1/manage'] = json(200, booking);
    answers['/api/session/bk_1/reschedule'] = json(409, {
      message: 'That time was just booked. Please choose another slot.',
    });
    answers['/api/availability?probe'] = json(200, {});
    const read = store.dispatch(manageApi.endpoints.manageSession.initiate(link));
    await read;
    const slots = store.dispatch(slotsProbe.endpoints.slotsProbe.initiate());
    await slots;

    const result = await store.dispatch(
      manageApi.endpoints.rescheduleSession.initiate({ ...link, scheduledAt: '2026-12-09T15:00:00.000Z' }),
    );
    expect(refusal(result.error)).toBe('That time was just booked. Please choose another slot.');
    expect(manageApi.endpoints.manageSession.select(link)(store.getState()).data).toEqual(booking);
    await tick();
    expect(calls.filter((call) => call.url.startsWith('/api/availability'))).toHaveLength(2);
    read.unsubscribe();
    slots.unsubscribe();
  });

  test('when a session is cancelled, then the page shows it cancelled with its refund', async () => {
    const cancelled = {
      ...booking,
      status: 'cancelled',
      changeable: false,
      cancelledAt: '2026-12-01T10:00:00.000Z',
      refund: { amount: '9.00', status: 'pending' },
    };
    answers['/api/session/bk_1/manage'] = json(200, booking);
    answers['/api/session/bk_1/cancel'] = json(200, cancelled);
    const read = store.dispatch(manageApi.endpoints.manageSession.initiate(link));
    await read;
    await store.dispatch(manageApi.endpoints.cancelSession.initiate(link));
    await tick();
    expect(calls.find((call) => call.url.endsWith('/cancel'))?.body).toEqual({ token: 'tok' });
    const shown = manageApi.endpoints.manageSession.select(link)(store.getState()).data;
    expect(manageView(link, shown, undefined)).toBe('cancelled');
    read.unsubscribe();
  });
});
