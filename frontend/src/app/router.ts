import { createBrowserRouter, matchRoutes } from 'react-router';
import { routes } from './routes';

/**
 * The browser's router, created once the current URL's screen chunks are in: a prerendered page then
 * hydrates onto the very tree the build rendered (the router would otherwise start with its fallback), and
 * any other page skips the "Loading…" step. A chunk that fails to load stays lazy, so the router retries it
 * and shows the error screen if it fails again.
 */
export async function createAppRouter() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // Left to the router (see above).
      }
    }),
  );
  return createBrowserRouter(routes);
}
