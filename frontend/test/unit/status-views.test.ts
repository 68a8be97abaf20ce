import type { JoinSessionResponse, SessionResponse } from '@hhp/proto';
import { sessionView, type SessionAnswers } from '../../src/features/session/confirmed/outcome';
import { subscriptionView } from '../../src/features/subscription/confirmed/subscription-outcome';
import { offersNewLink, signInView } from '../../src/features/subscription/sign-in/sign-in-view';
import { joinView } from '../../src/features/session/join/join-view';

const session: SessionResponse = {
  id: 'bk_1',
  price: '400.00',
  type: 'dr-helen',
  duration: '90',
  scheduledAt: '2025-12-09T14:00:00.000Z',
  status: 'pending-payment',
  timeZone: 'Europe/London',
};
const asked: SessionAnswers = { sessionId: 'bk_1', paymentFetching: false, returnedPaid: false };
const unavailable = { status: 503, message: '503: Payments are not available right now.' };

describe('what /session-confirmed shows while the servers answer', () => {
  test('when the address names no session, then it says so without asking', () => {
    expect(sessionView({ ...asked, sessionId: null })).toBe('no-session');
  });

  test('when booking has not answered yet, then the page is checking', () => {
    expect(sessionView(asked)).toBe('checking');
  });

  test('when booking does not know the session, then it is not found; when it fails otherwise, a load error', () => {
    expect(sessionView({ ...asked, sessionError: { status: 404, message: '404: no such session' } })).toBe('not-found');
    expect(sessionView({ ...asked, sessionError: unavailable })).toBe('load-error');
    expect(sessionView({ ...asked, sessionError: { status: 'FETCH_ERROR' } })).toBe('load-error');
  });

  test('when the booking is confirmed, then payments is not needed to say so', () => {
    expect(sessionView({ ...asked, session: { ...session, status: 'confirmed' }, paymentError: unavailable })).toBe(
      'confirmed',
    );
  });

  test('when the booking is read but payments has not answered, then the page is still checking', () => {
    expect(sessionView({ ...asked, session })).toBe('checking');
    // A failed read being asked again is not an error yet.
    expect(sessionView({ ...asked, session, paymentError: unavailable, paymentFetching: true })).toBe('checking');
  });

  test('when payments fails and is not asking again, then the page shows a load error', () => {
    expect(sessionView({ ...asked, session, paymentError: unavailable })).toBe('load-error');
  });

  test('when a failed read comes after an answer, then the last answer stays on screen', () => {
    expect(sessionView({ ...asked, session, payment: 'succeeded', paymentError: unavailable })).toBe('waiting');
    expect(sessionView({ ...asked, session: { ...session, status: 'confirmed' }, sessionError: unavailable })).toBe(
      'confirmed',
    );
  });

  test('when both have answered, then the outcome is theirs and the return address only keeps the page waiting', () => {
    expect(sessionView({ ...asked, session, payment: 'none' })).toBe('not-paid');
    expect(sessionView({ ...asked, session, payment: 'none', returnedPaid: true })).toBe('waiting');
    expect(sessionView({ ...asked, session, payment: 'failed', returnedPaid: true })).toBe('failed');
  });
});

describe('what /subscription-confirmed shows', () => {
  test('when nothing has been read and nothing failed, then it is checking', () => {
    expect(subscriptionView(undefined, true, false)).toBe('checking');
  });

  test('when the read or the completion failed with nothing to show, then it is a load error', () => {
    expect(subscriptionView(undefined, true, true)).toBe('load-error');
  });

  test('when a status is read, then the outcome is the server’s, even after a failed read again', () => {
    expect(subscriptionView({ active: true, status: 'active' }, false, true)).toBe('active');
    expect(subscriptionView({ active: false, status: 'none' }, true, false)).toBe('waiting');
    expect(subscriptionView({ active: false, status: 'none' }, false, false)).toBe('none');
  });
});

describe('what /join shows', () => {
  const early: JoinSessionResponse = {
    status: 'early',
    startsAt: '2026-12-08T14:00:00.000Z',
    timeZone: 'America/New_York',
  };

  test('when the link lacks the booking or the token, then it is incomplete whatever was answered', () => {
    expect(joinView(null, 'tok', false)).toBe('incomplete');
    expect(joinView('bk_1', null, false)).toBe('incomplete');
    expect(joinView('bk_1', '', true, early)).toBe('incomplete');
  });

  test('when booking has not answered, then the page is checking; when it refused, a load error', () => {
    expect(joinView('bk_1', 'tok', false)).toBe('checking');
    expect(joinView('bk_1', 'tok', true)).toBe('load-error');
  });

  test('when booking answered, then the page shows its status', () => {
    expect(joinView('bk_1', 'tok', false, early)).toBe('early');
    expect(joinView('bk_1', 'tok', false, { status: 'ended' })).toBe('ended');
  });
});

describe("what a subscriber's sign-in link shows", () => {
  test('when the link has no token, then nothing is asked and a new link is offered', () => {
    expect(signInView(null, undefined, false)).toBe('no-token');
    expect(signInView('', { active: true }, false)).toBe('no-token');
    expect(offersNewLink('no-token', undefined)).toBe(true);
  });

  test('when the token is being checked, then the page says so and offers nothing else', () => {
    expect(signInView('tok', undefined, false)).toBe('checking');
    expect(offersNewLink('checking', undefined)).toBe(false);
  });

  test('when the answer says the subscription is active, then the visitor is signed in', () => {
    expect(signInView('tok', { active: true }, false)).toBe('done');
    expect(offersNewLink('done', undefined)).toBe(false);
  });

  test('when an answer has no active subscription, then it is no sign-in', () => {
    expect(signInView('tok', { active: false }, false)).toBe('checking');
  });

  test('when the link was refused, then a new one is offered; when trying again may pass, only that', () => {
    expect(signInView('tok', undefined, true)).toBe('failed');
    expect(offersNewLink('failed', false)).toBe(true);
    expect(offersNewLink('failed', true)).toBe(false);
  });
});
