import type { JoinSessionResponse } from '@hhp/proto';

export type JoinView = 'incomplete' | 'error' | 'joining' | JoinSessionResponse['status'];

/** /join: a link without both parts is incomplete; else booking's answer, its failure, or the wait for it. */
export function joinView(
  bookingId: string | null,
  token: string | null,
  failed: boolean,
  answer?: JoinSessionResponse,
): JoinView {
  if (!bookingId || !token) return 'incomplete';
  if (failed) return 'error';
  return answer?.status ?? 'joining';
}
