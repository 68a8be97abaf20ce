// What the "Change or cancel" page shows, worked out from the link and the booking service's answers. Pure, so the
// page's rules are tested without a browser (frontend/test/unit/manage-booking.test.ts).
import type { ManageSessionResponse } from '@hhp/proto';
import type { ApiError } from '../../../shared/api/base-query';
import { errorSentence } from '../../../shared/api/error-message';
import type { AskingView } from '../../../shared/payments/ui/StatusPage';
import { manageTexts as t } from './texts';

/** The booking and the token of `/manage-booking?booking=<id>&token=<token>`; null when either is missing. */
export interface ManageLink {
  bookingId: string;
  token: string;
}

export function manageLink(params: URLSearchParams): ManageLink | null {
  const bookingId = params.get('booking')?.trim();
  const token = params.get('token')?.trim();
  return bookingId && token ? { bookingId, token } : null;
}

/**
 * `invalid`: no link, a refused token (403), an unknown booking (404) or a malformed request (400), which a
 * visitor can only mend by using the e-mail's link; `load-error`: the service could not answer (503, network);
 * `changeable`: it can be moved or cancelled now; `fixed`: it cannot (too late, not paid, refunded).
 */
export type ManageView = AskingView | 'invalid' | 'changeable' | 'fixed' | 'cancelled';

const statusOf = (error: unknown) => (error as ApiError | undefined)?.status;

export function manageView(
  link: ManageLink | null,
  answer: ManageSessionResponse | undefined,
  error: unknown,
): ManageView {
  if (!link) return 'invalid';
  if (!answer) {
    if (error === undefined) return 'checking';
    const status = statusOf(error);
    return status === 400 || status === 403 || status === 404 ? 'invalid' : 'load-error';
  }
  if (answer.status === 'cancelled') return 'cancelled';
  return answer.changeable && answer.status === 'confirmed' ? 'changeable' : 'fixed';
}

/** A refused change in the service's own words ("That time was just booked. …"), without the status prefix. */
export function refusal(error: unknown): string {
  return errorSentence(error);
}

/** 409 on a reschedule: the slot went to someone else, or the booking can no longer be changed. */
export const isConflict = (error: unknown) => statusOf(error) === 409;

/** What a cancellation now gives back, as the confirm step says it. */
export function refundPromise(answer: Pick<ManageSessionResponse, 'refundOnCancel' | 'type'>): string {
  return Number(answer.refundOnCancel) > 0 ? t.refund(answer.refundOnCancel) : t.nothingCharged;
}

/** The refund of a cancelled booking, as the cancelled page says it; undefined when nothing was charged. */
export function refundStatus(answer: Pick<ManageSessionResponse, 'refund'>): string | undefined {
  const { refund } = answer;
  if (!refund || Number(refund.amount) <= 0) return undefined;
  return refund.status === 'refunded' ? t.refundDone(refund.amount) : t.refundPending(refund.amount);
}

/** Why the booking cannot be changed: the service's reason, else the rule. */
export const fixedReason = (answer: Pick<ManageSessionResponse, 'reason'>) => answer.reason ?? t.notChangeableDefault;
