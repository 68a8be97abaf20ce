import { useMatches, type Params } from 'react-router';

/** What a route tells the layout around it (react-router's `handle`). */
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
