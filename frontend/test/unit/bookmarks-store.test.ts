import { memoryStorage } from '../memory-storage';
import { readBookmarks, subscribeBookmarks, toggleBookmark } from '../../src/features/videos/bookmarks-store';

// The video library's bookmarks (features/videos/bookmarks-store.ts): localStorage under "bookmarkedVideos",
// one Set instance until it changes (useSyncExternalStore), other tabs' changes heard through "storage" events.

const KEY = 'bookmarkedVideos';
const storage = memoryStorage();
const { saved } = storage;
const window = new EventTarget();

function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

beforeAll(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
  Object.defineProperty(globalThis, 'window', { value: window, configurable: true });
});
afterAll(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  Reflect.deleteProperty(globalThis, 'window');
});
beforeEach(() => {
  saved.clear();
  storage.blocked = false;
});

describe('the bookmarked videos', () => {
  test('when nothing was saved, then there are none, and the same Set is read until storage changes', () => {
    const first = readBookmarks();
    expect([...first]).toEqual([]);
    expect(readBookmarks()).toBe(first);
    saved.set(KEY, '["v1"]');
    const changed = readBookmarks();
    expect(changed).not.toBe(first);
    expect([...changed]).toEqual(['v1']);
    expect(readBookmarks()).toBe(changed);
  });

  test('when a video is toggled, then it is saved and the listeners hear it; toggled again, it is gone', () => {
    let heard = 0;
    const unsubscribe = subscribeBookmarks(() => heard++);
    toggleBookmark('v2');
    expect(JSON.parse(saved.get(KEY)!)).toEqual(['v2']);
    expect(readBookmarks().has('v2')).toBe(true);
    toggleBookmark('v3');
    toggleBookmark('v2');
    expect(JSON.parse(saved.get(KEY)!)).toEqual(['v3']);
    expect([...readBookmarks()]).toEqual(['v3']);
    expect(heard).toBe(3);
    unsubscribe();
    toggleBookmark('v3');
    expect(heard).toBe(3);
  });

  test('when storage holds something else than a list of ids, then only the ids are read, or none', () => {
    saved.set(KEY, '["v1", 7, null, "v2"]');
    expect([...readBookmarks()]).toEqual(['v1', 'v2']);
    saved.set(KEY, '{"v1": true}');
    expect([...readBookmarks()]).toEqual([]);
    saved.set(KEY, '["v1"');
    expect([...readBookmarks()]).toEqual([]);
  });

  test('when storage is blocked, then a toggle still lasts for this visit', () => {
    saved.set(KEY, '["v1"]');
    expect([...readBookmarks()]).toEqual(['v1']);
    storage.blocked = true;
    toggleBookmark('v4');
    expect([...readBookmarks()]).toEqual(['v1', 'v4']);
    toggleBookmark('v1');
    expect([...readBookmarks()]).toEqual(['v4']);
  });

  test("when another tab changes the bookmarks or clears storage, then the listener hears it; another key's change is not heard", () => {
    let heard = 0;
    const unsubscribe = subscribeBookmarks(() => heard++);
    window.dispatchEvent(storageEvent('guestId'));
    expect(heard).toBe(0);
    window.dispatchEvent(storageEvent(KEY));
    window.dispatchEvent(storageEvent(null));
    expect(heard).toBe(2);
    unsubscribe();
    window.dispatchEvent(storageEvent(KEY));
    expect(heard).toBe(2);
  });
});
