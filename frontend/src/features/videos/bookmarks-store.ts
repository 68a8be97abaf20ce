// Bookmarked video ids, kept in localStorage so they survive reloads and follow other tabs. The
// specification shows the button but not its behaviour; a saved list on this device is the honest minimum.
const KEY = 'bookmarkedVideos';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ReadonlySet<string> = new Set();

function parse(raw: string | null): string[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The same Set instance until storage changes, as useSyncExternalStore requires. */
export function readBookmarks(): ReadonlySet<string> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return cached; // storage blocked (privacy mode): the in-memory copy still works for this visit
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = new Set(parse(raw));
  }
  return cached;
}

export function subscribeBookmarks(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function toggleBookmark(id: string): void {
  const next = new Set(readBookmarks());
  if (next.has(id)) next.delete(id);
  else next.add(id);
  const raw = JSON.stringify([...next]);
  cachedRaw = raw;
  cached = next;
  try {
    localStorage.setItem(KEY, raw);
  } catch {
    // Quota or privacy mode: keep the in-memory copy.
  }
  listeners.forEach((listener) => listener());
}
