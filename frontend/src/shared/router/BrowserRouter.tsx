// The browser's router: the address and the history entries, each screen's chunk downloaded before its
// page is shown (the page shown stays until then, as a full page load would), the scroll position of each
// history entry kept for the way back. Small on purpose: it is part of every first download, and the
// portal uses only this much of what a general router offers (issue 28: react-router's was 30 KB gzip).
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { NavigateOptions, RouterContextValue, RouterState } from './context';
import { Routes } from './render';
import { createPath, loadMatches, matchRoutes, parsePath, type Location, type RouteObject } from './routes';

const SCROLL_KEY = 'hhp-scroll-positions';

/** The scroll position each history entry was left at, by its key; kept across reloads of the tab. */
const scrollPositions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

const createKey = () => Math.random().toString(36).slice(2, 10);

function browserLocation(): Location {
  let entry = window.history.state as { usr?: unknown; key?: string } | null;
  // An entry the browser made (a page opened by its address) gets a key of its own, so that its scroll
  // position is not another page's that was opened in this tab before.
  if (!entry?.key) {
    entry = { ...entry, key: createKey() };
    window.history.replaceState(entry, '');
  }
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key as string };
}

/** Starts at the page the browser opened; `routes` should have its screens loaded (app/router.ts). */
export function BrowserRouter({ routes }: { routes: RouteObject[] }) {
  const [state, setState] = useState<RouterState>(() => {
    const location = browserLocation();
    return {
      location,
      matches: matchRoutes(routes, location.pathname) ?? [],
      action: 'POP',
      restoreScrollPosition: scrollPositions[location.key] ?? null,
    };
  });
  /** The state on the screen (the one a navigation leaves). */
  const shown = useRef(state);
  useLayoutEffect(() => {
    shown.current = state;
  }, [state]);
  const latest = useRef(0);

  /** Shows `location` once its screens are in; a later navigation started meanwhile wins. */
  const go = useCallback(
    async (location: Location, action: RouterState['action'], writeHistory?: () => void) => {
      const id = ++latest.current;
      const matches = matchRoutes(routes, location.pathname) ?? [];
      let error: unknown;
      try {
        await loadMatches(matches);
      } catch (failure) {
        error = failure;
      }
      if (id !== latest.current) return;
      scrollPositions[shown.current.location.key] = window.scrollY;
      writeHistory?.();
      const restoreScrollPosition = action === 'POP' ? (scrollPositions[location.key] ?? null) : null;
      startTransition(() => setState({ location, matches, action, error, restoreScrollPosition }));
    },
    [routes],
  );

  const navigate = useCallback(
    (to: string, { replace = false, state: entryState = null }: NavigateOptions = {}) => {
      const location = { ...parsePath(to), state: entryState, key: createKey() };
      void go(location, replace ? 'REPLACE' : 'PUSH', () => {
        const entry = { usr: entryState, key: location.key };
        if (replace) window.history.replaceState(entry, '', createPath(location));
        else window.history.pushState(entry, '', createPath(location));
      });
    },
    [go],
  );

  useEffect(() => {
    const onPopState = () => void go(browserLocation(), 'POP');
    const onPageHide = () => {
      scrollPositions[shown.current.location.key] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(scrollPositions));
      } catch {
        // A full or forbidden storage only loses the positions.
      }
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('pagehide', onPageHide);
    // The first screen's chunk failed to download before the app started: the fallback shows while it is
    // tried again, the error screen if it fails again.
    if (shown.current.matches.some(({ route }) => route.lazy)) void go(shown.current.location, 'POP');
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [go]);

  const router: RouterContextValue = useMemo(() => ({ ...state, navigate }), [state, navigate]);
  return <Routes router={router} />;
}
