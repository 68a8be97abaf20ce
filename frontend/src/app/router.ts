import { loadMatches, matchRoutes } from '../shared/router/routes';
import { routes } from './routes';

/**
 * The route table, once the current URL's screen chunks are in: a prerendered page then hydrates onto the
 * very tree the build rendered (the router would otherwise start with its fallback), and any other page
 * skips the "Loading…" step. A chunk that fails to load stays lazy, so the router retries it and shows the
 * error screen if it fails again.
 */
export async function loadAppRoutes() {
  try {
    await loadMatches(matchRoutes(routes, window.location.pathname) ?? []);
  } catch {
    // Left to the router (see above).
  }
  return routes;
}
