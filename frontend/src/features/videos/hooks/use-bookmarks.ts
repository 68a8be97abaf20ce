import { useSyncExternalStore } from 'react';
import { readBookmarks, subscribeBookmarks, toggleBookmark } from '../bookmarks-store';

export function useBookmarks() {
  const bookmarks = useSyncExternalStore(subscribeBookmarks, readBookmarks);
  return { isBookmarked: (id: string) => bookmarks.has(id), toggle: toggleBookmark };
}
