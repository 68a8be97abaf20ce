// The route table's shape and how a path finds its routes: the part of the router that both the browser
// (BrowserRouter.tsx) and the build's prerendering (StaticRouter.tsx) use. The portal's table is small (a
// layout, its screens, one parameter and a catch-all), so the matching is too: static segments before
// parameters before the catch-all, case-insensitive, a trailing slash ignored, as react-router did.
import type { ComponentType } from 'react';

export type Params = Readonly<Record<string, string | undefined>>;

export interface RouteObject {
  /** Relative to the parent route; `*` matches the rest of the path. */
  path?: string;
  /** The parent's own page (its path, nothing after). */
  index?: boolean;
  Component?: ComponentType | null;
  /** Shown instead of this route (and below) when it fails to load or render: a root route has one. */
  ErrorBoundary?: ComponentType;
  /** Shown while the first screen's chunk downloads, when it was not there before the app started. */
  HydrateFallback?: ComponentType;
  /** Loads the route's screen: its chunk is downloaded when the route is first shown. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Whatever the route tells the layout around it (app/route-handle.ts). */
  handle?: unknown;
  children?: RouteObject[];
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried in the history entry (kept across a reload, never in the address). */
  state: unknown;
  /** This history entry's own key. */
  key: string;
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the path this route matched. */
  pathname: string;
}

/** A string path ('/a?b#c') as a location's parts. */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const createPath = ({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string =>
  `${pathname}${search}${hash}`;

interface Branch {
  segments: string[];
  routes: RouteObject[];
  score: number;
}

const split = (path: string) => path.split('/').filter(Boolean);

function branchesOf(table: readonly RouteObject[], parent: Branch = { segments: [], routes: [], score: 0 }): Branch[] {
  return table.flatMap((route) => {
    const segments = [...parent.segments, ...(route.index ? [] : split(route.path ?? ''))];
    const score =
      parent.score +
      (route.index ? 2 : 0) +
      split(route.path ?? '').reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10), 0);
    const branch = { segments, routes: [...parent.routes, route], score };
    const children = route.children ? branchesOf(route.children, branch) : [];
    // A layout with children is reached through one of them (its index route for its own path).
    return route.children ? children : [branch];
  });
}

function matchBranch(branch: Branch, parts: string[]): Params | null {
  const params: Record<string, string> = {};
  for (const [i, segment] of branch.segments.entries()) {
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(part);
    else if (segment.toLowerCase() !== decodeURIComponent(part).toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? params : null;
}

/** The routes a path shows, outermost first (the layout, then its screen); null when none does. */
export function matchRoutes(table: readonly RouteObject[], pathname: string): RouteMatch[] | null {
  const parts = split(pathname);
  const ranked = branchesOf(table)
    .map((branch, order) => ({ branch, order }))
    .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order);
  for (const { branch } of ranked) {
    const params = matchBranch(branch, parts);
    if (!params) continue;
    let depth = 0;
    return branch.routes.map((route) => {
      depth += route.index ? 0 : split(route.path ?? '').length;
      const own = parts.slice(0, depth);
      return { route, params, pathname: `/${own.join('/')}` };
    });
  }
  return null;
}

/**
 * Downloads the screens of these matches that are not loaded yet, and makes them part of their route (a
 * route is loaded once). A failed download leaves the route lazy, so the next visit tries again; the error
 * is thrown after every other screen has been tried.
 */
export async function loadMatches(matches: readonly RouteMatch[]): Promise<void> {
  const results = await Promise.allSettled(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (!lazy) return;
      Object.assign(route, await lazy(), { lazy: undefined });
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
