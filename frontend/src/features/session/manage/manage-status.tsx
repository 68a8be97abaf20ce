import type { ManageSessionResponse } from '@hhp/proto';
import type { ReactNode } from 'react';
import { askingStatus, goTo, isAsking, type Ask, type PageStatus } from '../../../shared/payments/ui/StatusPage';
import { formatMoment, sessionWhen } from '../../../shared/payments/ui/time';
import { ManageDetails } from './ManageDetails';
import { fixedReason, refundStatus, type ManageView } from './manage-view';
import { manageTexts as t } from './texts';

interface Context extends Ask {
  /** The booking has just been moved. */
  moved: boolean;
  /** Reschedule and Cancel, while no step is open. */
  actions: ReactNode;
}

/** What /manage-booking shows for each answer of the booking service. */
export function manageStatus(view: ManageView, answer: ManageSessionResponse | undefined, c: Context): PageStatus {
  if (isAsking(view)) return askingStatus(view, t.asking, c);
  if (view === 'invalid') return { type: 'warning', title: t.invalidTitle, body: [t.invalidText] };
  if (!answer) return { checking: t.asking.checking };
  const details = <ManageDetails session={answer} />;
  const book = goTo('/book', t.bookAgain);
  // In the booking's life: it can change, it no longer can, it is cancelled.
  switch (view) {
    case 'changeable': {
      const until = t.changeableUntil(formatMoment(answer.changeableUntil, answer.timeZone));
      return c.moved
        ? {
            type: 'success',
            title: t.movedTitle,
            body: [t.movedText(sessionWhen(answer)), t.emailed, details, until],
            actions: c.actions,
          }
        : { type: 'info', title: t.yourBookingTitle, body: [details, until], actions: c.actions };
    }
    case 'fixed':
      return { type: 'info', title: t.notChangeableTitle, body: [fixedReason(answer), details], actions: book };
    case 'cancelled':
      return {
        type: 'success',
        title: t.cancelledTitle,
        body: [
          refundStatus(answer),
          answer.cancelledAt && t.cancelledOn(formatMoment(answer.cancelledAt, answer.timeZone)),
          t.cancelledEmailed,
          details,
        ],
        actions: book,
      };
  }
}
