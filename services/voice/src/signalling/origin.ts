// Only the portal's own pages may open a call: a page on another site could otherwise use a visitor's
// browser (its cookies, its microphone permission for the portal) to talk to the service. Browsers always
// send Origin on a WebSocket upgrade; an upgrade without one is not from a page of ours either.
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins that may open /ws: PUBLIC_URL's and the extra ones. A loopback PUBLIC_URL (`npm start`)
 * also admits the other loopback names on its port: localhost and 127.0.0.1 are the same portal there.
 */
export function allowedOrigins(publicUrl: string, extra: readonly string[]): Set<string> {
  const url = new URL(publicUrl);
  const allowed = new Set([url.origin, ...extra.map((origin) => new URL(origin).origin)]);
  if (LOOPBACK.includes(url.hostname)) {
    for (const host of LOOPBACK) {
      const alias = new URL(url.origin);
      alias.hostname = host;
      allowed.add(alias.origin);
    }
  }
  return allowed;
}

export function originAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!origin) return false;
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}
