// What one client address may hold at once on this replica: its open /ws sockets, and its calls. Without it one
// address could take every call slot (everyone else then hears "busy") and open sockets without end. The
// address is the kit's: what the trusted proxies reported (a visitor's X-Forwarded-For counts only through
// them), an IPv4 address or an IPv6 visitor's whole /64 (`clientKey`), and LOAD_TEST_ALLOWLIST's addresses
// are not counted at all, as for every per-address guard of the portal. The limits are for a family behind
// one NAT: a few calls, a few tabs each.
//
// A place can be given back late (`release(keepUntil)`): a call that never connected keeps its address's place
// until its setup time is over, however it ended, so ending a half-opened call and starting another gains the
// address nothing. The counts are in memory: calls and sockets are this process's own, as its slots are.
import { clientKey, type AddressAllowlist } from '@hhp/kit';

/** Gives a place back (once): at once, or counted on until `keepUntil` (ms, the clock's time). */
export type Release = (keepUntil?: number) => void;

interface Place {
  until: number;
}

const NOTHING: Release = () => undefined;

export class PerAddress {
  private readonly places = new Map<string, Set<Place>>();

  constructor(
    private readonly max: number,
    private readonly allowlist: AddressAllowlist,
    private readonly now: () => number = Date.now,
  ) {}

  /** A place for `address`, or undefined when it holds `max` already. */
  take(address: string): Release | undefined {
    if (this.allowlist.exempt(address)) return NOTHING;
    const key = clientKey(address);
    const held = this.held(key);
    if (held.size >= this.max) return undefined;
    const place: Place = { until: Infinity };
    held.add(place);
    this.places.set(key, held);
    return (keepUntil = 0) => {
      place.until = Math.min(place.until, keepUntil);
      const wait = place.until - this.now();
      // Forget the address once its last place is over (the map holds addresses with something held only).
      if (wait > 0) setTimeout(() => this.held(key), wait).unref();
      else this.held(key);
    };
  }

  /** Places `address` holds now. */
  count(address: string): number {
    return this.held(clientKey(address)).size;
  }

  /** Addresses holding something. */
  get addresses(): number {
    return this.places.size;
  }

  private held(key: string): Set<Place> {
    const held = this.places.get(key) ?? new Set<Place>();
    const now = this.now();
    for (const place of held) if (place.until <= now) held.delete(place);
    if (held.size === 0) this.places.delete(key);
    return held;
  }
}
