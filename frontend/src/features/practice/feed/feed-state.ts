// The calendar feed card's own state: the address just made (shown once: the server keeps only its hash, so a
// reload forgets it), whether copying it worked, and the last notice. What the card shows is a pure function of
// this and the server's status, so both are unit-tested (frontend/test/unit/practice-feed.test.ts).
import type { CalendarFeedCreated, CalendarFeedStatus } from '@hhp/proto';

export interface FeedState {
  /** The feed made in this visit of the console: its address, which no later read gives again. */
  created?: CalendarFeedCreated;
  copy: 'idle' | 'copied' | 'failed';
  notice?: { type: 'success' | 'error'; text: string };
}

export type FeedAction =
  | { type: 'created'; feed: CalendarFeedCreated }
  | { type: 'copied' }
  | { type: 'copy-failed' }
  | { type: 'revoked'; text: string }
  | { type: 'failed'; text: string };

export const initialFeedState: FeedState = { copy: 'idle' };

export function feedReducer(state: FeedState, action: FeedAction): FeedState {
  switch (action.type) {
    case 'created':
      return { created: action.feed, copy: 'idle' };
    case 'copied':
      return { ...state, copy: 'copied' };
    case 'copy-failed':
      return { ...state, copy: 'failed' };
    case 'revoked':
      return { copy: 'idle', notice: { type: 'success', text: action.text } };
    case 'failed':
      return { ...state, notice: { type: 'error', text: action.text } };
  }
}

export type FeedView =
  | { kind: 'loading' }
  | { kind: 'none' }
  /** She has one; `address` only when it was made in this visit (it is never read back). */
  | {
      kind: 'active';
      createdAt: string;
      lastFetchedAt?: string;
      address?: { url: string; webcalUrl: string };
    };

/** What the card shows: the server's status, and the address when this visit made the feed the server has. */
export function feedView(status: CalendarFeedStatus | undefined, state: FeedState): FeedView {
  if (!status) return { kind: 'loading' };
  if (!status.feed) return { kind: 'none' };
  const { createdAt, lastFetchedAt } = status.feed;
  // Only the feed made here has this `createdAt`: one made since elsewhere (another device) replaced it.
  const address =
    state.created && state.created.createdAt === createdAt
      ? { url: state.created.url, webcalUrl: state.created.webcalUrl }
      : undefined;
  return { kind: 'active', createdAt, ...(lastFetchedAt ? { lastFetchedAt } : {}), ...(address ? { address } : {}) };
}
