import type { JoinSessionResponse } from '@hhp/proto';
import type { AskingView } from '../../../shared/payments/ui/StatusPage';

export type JoinView = AskingView | 'incomplete' | JoinSessionResponse['status'];

/** /join: a link without both parts is incomplete; else booking's answer, the failed ask, or the wait for it. */
export function joinView(
  bookingId: string | null,
  token: string | null,
  failed: boolean,
  answer?: JoinSessionResponse,
): JoinView {
  if (!bookingId || !token) return 'incomplete';
  if (failed) return 'load-error';
  return answer?.status ?? 'checking';
}
