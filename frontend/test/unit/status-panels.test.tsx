import type { JoinSessionResponse, ManageSessionResponse, SessionResponse } from '@hhp/proto';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { sessionStatus } from '../../src/features/session/confirmed/session-status';
import type { SessionView } from '../../src/features/session/confirmed/outcome';
import { joinStatus } from '../../src/features/session/join/join-status';
import { joinTexts } from '../../src/features/session/join/texts';
import { manageStatus } from '../../src/features/session/manage/manage-status';
import { manageTexts } from '../../src/features/session/manage/texts';
import { subscriptionStatus } from '../../src/features/subscription/confirmed/subscription-status';
import { texts } from '../../src/shared/payments/texts';
import { askingStatus, isAsking, type PageStatus, type StatusPanel } from '../../src/shared/payments/ui/StatusPage';

const t = texts.sessionConfirmed;
const unavailable = {
  status: 503,
  message: '503: Payments are not available right now.',
  data: { message: 'Payments are not available right now.' },
};
const session: SessionResponse = {
  id: 'bk_1',
  price: '400.00',
  type: 'dr-helen',
  duration: '90',
  scheduledAt: '2026-12-08T14:00:00.000Z',
  status: 'pending-payment',
  timeZone: 'America/New_York',
};
const noop = () => undefined;
const ctx = { sessionId: 'bk_1', session, error: undefined, exhausted: false, ask: noop, checkAgain: noop };

function panel(status: PageStatus): StatusPanel {
  if ('checking' in status) throw new Error(`a panel was expected, not "${status.checking}"`);
  return status;
}
/** The paragraphs of a panel: its strings, in order. */
const paragraphs = (status: PageStatus) =>
  panel(status).body.filter((part): part is string => typeof part === 'string');
/** The addresses the panel's actions lead to, and the labels of its buttons. */
function actions(status: PageStatus): string[] {
  const found: string[] = [];
  const walk = (node: ReactNode) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isValidElement<{ to?: string; children?: ReactNode }>(node)) {
      if (node.props.to) found.push(`${node.props.to}`);
      else if (typeof node.props.children === 'string') found.push(node.props.children);
      else walk(node.props.children);
    }
  };
  walk(panel(status).actions);
  return found;
}

describe('the panels of /session-confirmed', () => {
  test('when the servers are being asked, then the page says it is checking, with no panel', () => {
    expect(sessionStatus('checking', ctx)).toEqual({ checking: t.asking.checking });
  });

  test('when payments fails after the booking was read, then the panel says the payment check failed in its words', () => {
    const status = sessionStatus('load-error', { ...ctx, error: unavailable });
    expect(panel(status)).toMatchObject({ type: 'error', title: t.paymentCheckError });
    expect(paragraphs(status)).toEqual(['Payments are not available right now.']);
    expect(actions(status)).toEqual([t.asking.askAgain]);
  });

  test('when the booking itself could not be read, then the panel says so', () => {
    const status = sessionStatus('load-error', { ...ctx, session: undefined, error: unavailable });
    expect(panel(status).title).toBe(t.asking.failedTitle);
  });

  test('when the webhook is due, then the page waits without a button until it has stopped asking', () => {
    const waiting = sessionStatus('waiting', ctx);
    expect(panel(waiting)).toMatchObject({ type: 'info', title: t.waitingTitle, actions: false });
    expect(paragraphs(waiting)).toEqual([t.waitingText]);
    const slow = sessionStatus('waiting', { ...ctx, exhausted: true });
    expect(paragraphs(slow)).toEqual([t.slowText]);
    expect(actions(slow)).toEqual([t.checkAgain]);
  });

  test('when it was not paid or the payment failed, then the way on is checkout for this session', () => {
    expect(actions(sessionStatus('not-paid', ctx))).toEqual(['/checkout?sessionId=bk_1']);
    expect(actions(sessionStatus('failed', ctx))).toEqual(['/checkout?sessionId=bk_1']);
    expect(panel(sessionStatus('failed', ctx))).toMatchObject({ type: 'error', title: t.failedTitle });
  });

  test("when the booking is the subscription plan's, then the way on is /subscribe for it", () => {
    expect(actions(sessionStatus('subscription', ctx))).toEqual(['/subscribe?sessionId=bk_1']);
  });

  test('when the session is gone (unknown, expired, refunded, cancelled) or not named, then the way on is /book', () => {
    for (const view of ['no-session', 'not-found', 'expired', 'refunded', 'cancelled'] as const)
      expect(actions(sessionStatus(view, ctx))).toEqual(['/book']);
  });

  test('when it is confirmed, then the panel is a success with no action but the way home', () => {
    const status = sessionStatus('confirmed', { ...ctx, session: { ...session, status: 'confirmed' } });
    expect(panel(status)).toMatchObject({ type: 'success', title: t.confirmedTitle });
    expect(paragraphs(status)).toEqual([t.confirmedText]);
    expect(panel(status).actions).toBeUndefined();
  });

  test('when any view shows a panel, then it has a title of its own', () => {
    const views: SessionView[] = [
      'no-session',
      'not-found',
      'load-error',
      'confirmed',
      'waiting',
      'not-paid',
      'failed',
      'expired',
      'refunded',
      'cancelled',
      'subscription',
    ];
    const titles = views.map((view) => panel(sessionStatus(view, ctx)).title);
    for (const title of titles) expect(title.trim()).not.toBe('');
  });
});

describe('the panels of /manage-booking', () => {
  const m = manageTexts;
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
  const c = { error: undefined, moved: false, ask: noop, actions: 'reschedule or cancel' };

  test('when the link is not valid, then the page says so and offers nothing to retry', () => {
    expect(panel(manageStatus('invalid', undefined, c))).toMatchObject({ type: 'warning', title: m.invalidTitle });
    expect(panel(manageStatus('invalid', undefined, c)).actions).toBeUndefined();
  });

  test('when booking could not answer, then its sentence shows with a way to try again', () => {
    const status = manageStatus('load-error', undefined, { ...c, error: unavailable });
    expect(paragraphs(status)).toEqual(['Payments are not available right now.']);
    expect(actions(status)).toEqual([m.asking.askAgain]);
  });

  test('when the booking can change, then the panel ends with until when, and offers the steps', () => {
    const status = manageStatus('changeable', booking, c);
    expect(panel(status)).toMatchObject({ type: 'info', title: m.yourBookingTitle, actions: c.actions });
    expect(paragraphs(status)).toEqual([
      m.changeableUntil('Monday, December 7, 2026, 9:00 AM Eastern Standard Time (America/New_York)'),
    ]);
  });

  test('when it has just been moved, then the panel says so and that it was e-mailed', () => {
    const status = manageStatus('changeable', booking, { ...c, moved: true });
    expect(panel(status).title).toBe(m.movedTitle);
    expect(paragraphs(status).slice(1, 2)).toEqual([m.emailed]);
  });

  test('when it is cancelled with a refund on its way, then the refund, the day of cancelling and the e-mail are said', () => {
    const cancelled: ManageSessionResponse = {
      ...booking,
      status: 'cancelled',
      changeable: false,
      cancelledAt: '2026-12-01T15:30:00.000Z',
      refund: { amount: '9.00', status: 'pending' },
    };
    const status = manageStatus('cancelled', cancelled, c);
    expect(paragraphs(status)).toEqual([
      m.refundPending('9.00'),
      m.cancelledOn('Tuesday, December 1, 2026, 10:30 AM Eastern Standard Time (America/New_York)'),
      m.cancelledEmailed,
    ]);
    expect(actions(status)).toEqual(['/book']);
  });

  test('when it cannot change, then the service’s reason is given, else the rule', () => {
    expect(paragraphs(manageStatus('fixed', { ...booking, changeable: false, reason: 'Too late.' }, c))).toEqual([
      'Too late.',
    ]);
    expect(paragraphs(manageStatus('fixed', { ...booking, changeable: false }, c))).toEqual([m.notChangeableDefault]);
  });
});

describe('the panels of /join', () => {
  const j = joinTexts;
  const c = { error: undefined, ask: noop, openChat: noop };
  const early: JoinSessionResponse = {
    status: 'early',
    startsAt: '2026-12-08T13:50:00.000Z',
    timeZone: 'America/New_York',
  };

  test('when the pass is set, then the minutes left come first and the chat can be opened', () => {
    const status = joinStatus('active', { status: 'active', endsAt: '' }, { ...c, minutesLeft: 1 });
    expect(panel(status)).toMatchObject({ type: 'success', title: j.activeTitle });
    expect(paragraphs(status)).toEqual(['1 minute left in your session.', j.activeText]);
    expect(actions(status)).toEqual([j.openChat]);
  });

  test("when it is early, then the start is given in the practice's zone, and in the visitor's when it differs", () => {
    const there = joinStatus('early', early, { ...c, visitorZone: 'Europe/London' });
    expect(paragraphs(there)).toEqual([
      'Please come back from Tuesday, December 8, 2026, 8:50 AM Eastern Standard Time (America/New_York).',
      'That is Tuesday, December 8, 2026, 1:50 PM Greenwich Mean Time (Europe/London) your time.',
      j.earlyNote,
    ]);
    expect(actions(there)).toEqual([j.checkAgain]);
    const here = joinStatus('early', early, { ...c, visitorZone: 'America/New_York' });
    expect(paragraphs(here)).toHaveLength(2);
  });

  test('when booking refused the link, then its sentence shows and the link can be tried again', () => {
    const status = joinStatus('load-error', undefined, { ...c, error: unavailable });
    expect(paragraphs(status)).toEqual(['Payments are not available right now.']);
    expect(actions(status)).toEqual([j.asking.askAgain]);
  });

  test('when the session has ended, then the way on is /book; an incomplete link offers nothing', () => {
    expect(actions(joinStatus('ended', { status: 'ended' }, c))).toEqual(['/book']);
    expect(panel(joinStatus('incomplete', undefined, c)).actions).toBeUndefined();
    expect(joinStatus('checking', undefined, c)).toEqual({ checking: j.asking.checking });
  });
});

describe('the panels of /subscription-confirmed', () => {
  const s = texts.subscriptionConfirmed;
  const c = { error: undefined, exhausted: false, ask: noop, checkAgain: noop, openChat: noop };

  test('when it is active, then the renewal day is said and the chat can be opened', () => {
    const status = subscriptionStatus('active', { ...c, renewsOn: '2027-01-08T14:00:00.000Z' });
    expect(panel(status)).toMatchObject({ type: 'success', title: s.activeTitle });
    expect(paragraphs(status)).toEqual([s.activeText, s.renews('January 8, 2027')]);
    expect(actions(status)[0]).toBe(s.openChat);
  });

  test('when its payment is on its way, then the page waits, and offers to check again once it has stopped', () => {
    expect(paragraphs(subscriptionStatus('waiting', c))).toEqual([s.waitingText]);
    expect(panel(subscriptionStatus('waiting', c)).actions).toBe(false);
    expect(actions(subscriptionStatus('waiting', { ...c, exhausted: true }))).toEqual([s.checkAgain]);
  });

  test('when there is none or it has ended, then the way on is /subscribe', () => {
    expect(actions(subscriptionStatus('none', c))).toEqual(['/subscribe']);
    expect(panel(subscriptionStatus('ended', c))).toMatchObject({ type: 'warning', title: s.endedTitle });
  });

  test('when payments could not answer, then its sentence shows, never the status code', () => {
    const status = subscriptionStatus('load-error', { ...c, error: unavailable });
    expect(paragraphs(status)).toEqual(['Payments are not available right now.']);
    expect(actions(status)).toEqual([s.asking.askAgain]);
  });
});

describe('a status page while it asks the servers', () => {
  test('when the servers refused, then the panel shows what it had first, the reason last, and its button asks again', () => {
    let asked = 0;
    const words = { checking: 'Checking…', failedTitle: 'Could not check', askAgain: 'Check again' };
    const status = askingStatus(
      'load-error',
      words,
      { error: unavailable, ask: () => void (asked += 1) },
      'Read before.',
    );
    expect(panel(status)).toMatchObject({ type: 'error', title: 'Could not check' });
    expect(paragraphs(status)).toEqual(['Read before.', 'Payments are not available right now.']);
    expect(actions(status)).toEqual(['Check again']);
    (panel(status).actions as ReactElement<{ onClick: () => void }>).props.onClick();
    expect(asked).toBe(1);
  });

  test('when a view is still asking or its ask failed, then it is an asking view; an answer is not', () => {
    expect(['checking', 'load-error'].filter(isAsking)).toEqual(['checking', 'load-error']);
    for (const view of ['joining', 'loading', 'error', 'active', 'none', 'failed']) expect(isAsking(view)).toBe(false);
  });

  test('when any status page asks or its ask fails, then the same two views show that page’s own words', () => {
    const failing = { error: unavailable, ask: noop };
    const pages = [
      {
        words: t.asking,
        show: (view: 'checking' | 'load-error') => sessionStatus(view, { ...ctx, ...failing, session: undefined }),
      },
      {
        words: joinTexts.asking,
        show: (view: 'checking' | 'load-error') => joinStatus(view, undefined, { ...failing, openChat: noop }),
      },
      {
        words: manageTexts.asking,
        show: (view: 'checking' | 'load-error') =>
          manageStatus(view, undefined, { ...failing, moved: false, actions: null }),
      },
      {
        words: texts.subscriptionConfirmed.asking,
        show: (view: 'checking' | 'load-error') =>
          subscriptionStatus(view, { ...failing, exhausted: false, checkAgain: noop, openChat: noop }),
      },
    ];
    for (const { words, show } of pages) {
      expect(show('checking')).toEqual({ checking: words.checking });
      expect(panel(show('load-error'))).toMatchObject({ type: 'error', title: words.failedTitle });
      expect(actions(show('load-error'))).toEqual([words.askAgain]);
    }
  });
});
