import type { SessionResponse } from '@hhp/proto';
import { Button } from '../../../shared/ui/Button';
import { texts } from '../../../shared/payments/texts';
import { SessionDetails } from '../../../shared/payments/ui/SessionDetails';
import { askingStatus, goTo, isAsking, type Ask, type PageStatus } from '../../../shared/payments/ui/StatusPage';
import type { SessionView } from './outcome';

const t = texts.sessionConfirmed;
const payment = { ...t.asking, failedTitle: t.paymentCheckError };

interface Context extends Ask {
  sessionId: string | null;
  session?: SessionResponse;
  /** The page has stopped asking by itself. */
  exhausted: boolean;
  checkAgain: () => void;
}

/** What /session-confirmed shows for each answer: the panel's look, title, paragraphs and actions. */
export function sessionStatus(view: SessionView, c: Context): PageStatus {
  const checkout = c.sessionId ? `/checkout?sessionId=${encodeURIComponent(c.sessionId)}` : '/book';
  const book = goTo('/book', t.bookAgain);
  const toCheckout = (label: string) => goTo(checkout, label);
  const details = c.session && <SessionDetails session={c.session} label={t.details} />;
  // The booking was read: what failed is payments' check of its payment, shown below the booking.
  if (isAsking(view)) return askingStatus(view, c.session ? payment : t.asking, c, details);
  switch (view) {
    case 'no-session':
      return { type: 'info', title: t.pageTitle, body: [t.noSession], actions: book };
    case 'not-found':
      return { type: 'warning', title: texts.checkout.notFoundTitle, body: [t.notFound], actions: book };
    case 'confirmed':
      return { type: 'success', title: t.confirmedTitle, body: [details, t.confirmedText] };
    case 'waiting':
      return {
        type: 'info',
        title: t.waitingTitle,
        body: [c.exhausted ? t.slowText : t.waitingText, details],
        actions: c.exhausted && <Button onClick={c.checkAgain}>{t.checkAgain}</Button>,
      };
    case 'not-paid':
      return {
        type: 'warning',
        title: t.notPaidTitle,
        body: [t.notPaidText, details],
        actions: toCheckout(t.goToCheckout),
      };
    case 'failed':
      return { type: 'error', title: t.failedTitle, body: [t.failedText, details], actions: toCheckout(t.tryAgain) };
    case 'expired':
      return { type: 'warning', title: t.expiredTitle, body: [t.expiredText], actions: book };
    case 'refunded':
      return { type: 'info', title: t.refundedTitle, body: [t.refundedText], actions: book };
    case 'cancelled':
      return { type: 'info', title: t.cancelledTitle, body: [details], actions: book };
    case 'subscription':
      return {
        type: 'info',
        title: t.details,
        body: [t.subscriptionText, details],
        actions: goTo(`/subscribe?sessionId=${encodeURIComponent(c.sessionId ?? '')}`, t.goToSubscribe),
      };
  }
}
