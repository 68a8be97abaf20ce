import { useSyncExternalStore } from 'react';
import { readBookmarks, subscribeBookmarks, toggleBookmark } from '../bookmarks-store';

// What the prerendered page shows (the build knows no visitor's bookmarks); hydration starts from it too, then
// shows this device's.
const NONE: ReadonlySet<string> = new Set();
const noBookmarks = () => NONE;

export function useBookmarks() {
  const bookmarks = useSyncExternalStore(subscribeBookmarks, readBookmarks, noBookmarks);
  return { isBookmarked: (id: string) => bookmarks.has(id), toggle: toggleBookmark };
}
