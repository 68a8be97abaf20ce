import type { RouterContextValue } from './context';
import { Routes } from './render';
import { loadMatches, matchRoutes, parsePath, type RouteObject } from './routes';

/** The page at `path`, for the build's prerendering: its screens downloaded first, then rendered as is. */
export async function staticRouter(routes: RouteObject[], path: string): Promise<RouterContextValue> {
  const location = { ...parsePath(path), state: null, key: 'default' };
  const matches = matchRoutes(routes, location.pathname) ?? [];
  await loadMatches(matches);
  return {
    location,
    matches,
    action: 'POP',
    restoreScrollPosition: null,
    navigate: () => {
      throw new Error('a prerendered page cannot navigate');
    },
  };
}

export function StaticRouter({ router }: { router: RouterContextValue }) {
  return <Routes router={router} />;
}
