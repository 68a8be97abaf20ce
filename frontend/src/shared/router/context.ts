import { createContext } from 'react';
import type { Location, RouteMatch } from './routes';

export interface NavigateOptions {
  replace?: boolean;
  /** Kept in the history entry (location.state), not in the address. */
  state?: unknown;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** How the shown location was reached: a link or navigate() (PUSH, REPLACE) or the browser's history (POP). */
  action: 'POP' | 'PUSH' | 'REPLACE';
  /** The error a route failed to load with; shown by the deepest ErrorBoundary. */
  error?: unknown;
  /** Where ScrollRestoration puts the page: the position this entry was left at, when it was left. */
  restoreScrollPosition: number | null;
}

export interface RouterContextValue extends RouterState {
  navigate: Navigate;
}

export const RouterContext = createContext<RouterContextValue | null>(null);

/** Which of the matches the components below render (the Outlet shows the next one). */
export const DepthContext = createContext(0);

/** The error the nearest ErrorBoundary shows (useRouteError). */
export const RouteErrorContext = createContext<unknown>(undefined);
