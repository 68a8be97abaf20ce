import { use, useMemo } from 'react';
import { RouteErrorContext, RouterContext, type Navigate, type RouterContextValue } from './context';
import type { Location, Params } from './routes';

function useRouter(): RouterContextValue {
  const router = use(RouterContext);
  if (!router) throw new Error('a router hook is used outside the router');
  return router;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigate = (): Navigate => useRouter().navigate;

/** The address's query (read only: the portal's screens change it by navigating). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

export const useParams = (): Params => useRouter().matches.at(-1)?.params ?? {};

export interface UIMatch {
  pathname: string;
  params: Params;
  handle: unknown;
}

/** The routes the page shows, outermost first. */
export function useMatches(): UIMatch[] {
  const { matches } = useRouter();
  return useMemo(
    () => matches.map(({ route, params, pathname }) => ({ pathname, params, handle: route.handle })),
    [matches],
  );
}

/** The error an ErrorBoundary route shows. */
export const useRouteError = (): unknown => use(RouteErrorContext);
