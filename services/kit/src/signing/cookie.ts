/**
 * The value of the request's cookie `name` when it can be one of the portal's signed values (URL-safe
 * characters and dots); undefined without one, or for anything else (percent-encoded, quoted), which none of
 * ours is.
 */
export function signedCookie(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[\w.-]+$/.test(value) ? value : undefined;
  }
  return undefined;
}
