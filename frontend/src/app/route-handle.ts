import { useMatches } from '../shared/router/hooks';
import { type Params } from '../shared/router/routes';

/** What a route tells the layout around it (its `handle`). */
export interface RouteHandle {
  /**
   * The screen shows the specification's disclaimer itself (the condition pages' bar), so the footer does not
   * repeat it. A function of the route's params: an unknown condition is the not-found screen.
   */
  showsDisclaimer?: (params: Params) => boolean;
}

export function useScreenShowsDisclaimer(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.showsDisclaimer?.(match.params));
}
