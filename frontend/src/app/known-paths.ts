import type { RouteObject } from '../shared/router/routes';

/** The values each parameter route takes, keyed by its full path without the leading slash. */
export type ParamValues = Record<string, readonly string[]>;

/**
 * Every path a route table answers with a screen of its own: each page route's path, a parameter route once
 * per listed value; not the catch-all (the not-found screen) and not a layout route by itself (its index
 * route is its page). The build gives each of these paths a file, so that the web server can answer every
 * other path 404 (scripts/prerender.mjs). A parameter route without listed values is an error, so a new one
 * cannot silently become "not found".
 */
export function pathsOf(table: readonly RouteObject[], params: ParamValues, parent = '/'): string[] {
  return table.flatMap((route): string[] => {
    if (route.path === '*') return [];
    const joined = `/${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    const path =
      route.index || route.path === undefined ? parent : joined.length > 1 ? joined.replace(/\/$/, '') : joined;
    const children = route.children ? pathsOf(route.children, params, path) : [];
    if (route.children || (!route.index && route.path === undefined)) return children;
    if (!path.includes(':')) return [path];
    const values = params[path.slice(1)];
    if (!values) throw new Error(`the route ${path} has a parameter: list its values`);
    return values.map((value) => path.replace(/:[^/]+/, value));
  });
}
