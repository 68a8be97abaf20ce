// The calendar feed card's state (features/practice/feed/feed-state.ts): the address is shown only in the visit
// that made it, and only while the server's feed is that one; revoking forgets it; a failure keeps what was shown.
import type { CalendarFeedCreated } from '@hhp/proto';
import { feedReducer, feedView, initialFeedState } from '../../src/features/practice/feed/feed-state';

const created: CalendarFeedCreated = {
  url: 'https://portal.example/api/practice/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
  webcalUrl: 'webcal://portal.example/api/practice/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics',
  createdAt: '2026-11-27T21:00:00.000Z',
};

test('when the status has not come yet, then the card is loading; with no feed, it offers to make one', () => {
  expect(feedView(undefined, initialFeedState)).toEqual({ kind: 'loading' });
  expect(feedView({ feed: null }, initialFeedState)).toEqual({ kind: 'none' });
});

test('when she makes a feed, then its two addresses are shown with it, and a later read keeps them while it is that feed', () => {
  const state = feedReducer(initialFeedState, { type: 'created', feed: created });
  expect(feedView({ feed: { createdAt: created.createdAt } }, state)).toEqual({
    kind: 'active',
    createdAt: created.createdAt,
    address: { url: created.url, webcalUrl: created.webcalUrl },
  });
  const read = feedView({ feed: { createdAt: created.createdAt, lastFetchedAt: '2026-11-27T21:05:00.000Z' } }, state);
  expect(read).toMatchObject({ lastFetchedAt: '2026-11-27T21:05:00.000Z', address: { url: created.url } });
});

test('when the feed on the server is another (made on another device, or before this visit), then no address is shown', () => {
  const state = feedReducer(initialFeedState, { type: 'created', feed: created });
  expect(feedView({ feed: { createdAt: '2026-11-27T22:00:00.000Z' } }, state)).toEqual({
    kind: 'active',
    createdAt: '2026-11-27T22:00:00.000Z',
  });
  expect(feedView({ feed: { createdAt: created.createdAt } }, initialFeedState)).not.toHaveProperty('address');
});

test('when she revokes it, then the address is forgotten and the notice says so; a failure keeps the address', () => {
  const made = feedReducer(feedReducer(initialFeedState, { type: 'created', feed: created }), { type: 'copied' });
  expect(made.copy).toBe('copied');
  const failed = feedReducer(made, { type: 'failed', text: '503: try again' });
  expect(failed).toMatchObject({ created, notice: { type: 'error', text: '503: try again' } });
  const revoked = feedReducer(failed, { type: 'revoked', text: 'Revoked.' });
  expect(revoked).toEqual({ copy: 'idle', notice: { type: 'success', text: 'Revoked.' } });
  expect(feedView({ feed: null }, revoked)).toEqual({ kind: 'none' });
});

test('when copying fails, then the card says to copy it by hand; a new feed starts the copy over', () => {
  const failed = feedReducer(feedReducer(initialFeedState, { type: 'created', feed: created }), {
    type: 'copy-failed',
  });
  expect(failed.copy).toBe('failed');
  expect(
    feedReducer(failed, { type: 'created', feed: { ...created, createdAt: '2026-11-28T00:00:00.000Z' } }).copy,
  ).toBe('idle');
});
