// Which methods a path is served with, so that any other method gets a JSON answer that says so: 405 with
// Allow when the path is a route of the service (whatever the method: TRACE, QUERY and WebDAV's too). express
// alone would answer a wrong method 404, and OPTIONS 200 with a text/plain list (its automatic OPTIONS, for
// CORS preflights the portal never needs: the browser calls the API on its own origin).
import type { RequestHandler, Router } from 'express';
import { HttpError } from '../errors.js';

/** What the kit reads of a router's layer: its route (path and methods) and the router's own matcher. */
interface RouteLayer {
  route?: { methods: Record<string, boolean | undefined> };
  match(path: string): unknown;
}

/**
 * The methods the routers serve `path` with (GET brings HEAD), or undefined when one of its routes takes
 * every method (`router.all`). Matched with each layer's own matcher, so it decides exactly as routing does;
 * a path the matcher cannot decode matches nothing here (the router answers it 400).
 */
export function allowedMethods(routers: readonly Router[], path: string): string[] | undefined {
  const methods = new Set<string>();
  for (const router of routers) {
    for (const layer of router.stack as unknown as RouteLayer[]) {
      if (!layer.route) continue;
      let matched: unknown;
      try {
        matched = layer.match(path);
      } catch {
        continue;
      }
      if (!matched) continue;
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (!on) continue;
        if (method === '_all') return undefined;
        methods.add(method.toUpperCase());
      }
    }
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/**
 * Before the routes: a method that the path's routes do not serve (OPTIONS among them) is 405 with Allow. A
 * path no route has goes on (to the 404).
 */
export function methodGuard(routers: readonly Router[]): RequestHandler {
  return (req, _res, next) => {
    const allowed = allowedMethods(routers, req.path);
    if (!allowed || allowed.length === 0 || allowed.includes(req.method)) {
      next();
      return;
    }
    const allow = allowed.join(', ');
    next(
      new HttpError(405, `Method not allowed: ${req.method} ${req.path} (allowed: ${allow})`, {
        headers: { Allow: allow },
      }),
    );
  };
}
