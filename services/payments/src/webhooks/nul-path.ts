// A signed Stripe event is stored in parts (an intent's id, its booking's id, an invoice's and a
// subscription's fields) by handlers that read them straight from `data.object`. PostgreSQL, under FerretDB,
// cannot store a NUL (a write with one fails as a whole, a 500): an event holding one anywhere, in a value or
// a key, is refused before anything is applied. Stripe never sends one; only a forger with the secret could.

/** The path of the first string (value or key) holding U+0000, as `data.object.metadata.bookingId`; else undefined. */
export function nulPath(value: unknown, path: readonly string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (key.includes('\u0000')) return at.join('.');
    const found = nulPath(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
