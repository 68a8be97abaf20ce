// What one client address may hold at once on this replica: its open /ws sockets, and its calls. Without it one
// address could take every call slot (everyone else then hears "busy") and open sockets without end. The
// address is the kit's: what the trusted proxies reported (a visitor's X-Forwarded-For counts only through
// them), an IPv4 address or an IPv6 visitor's whole /64 (`clientKey`), and LOAD_TEST_ALLOWLIST's addresses
// are not counted at all, as for every per-address guard of the portal. The limits are for a family behind
// one NAT: a few calls, a few tabs each.
//
// A place is held while its socket or call lasts, not for a while after: a visitor who starts and ends a few
// calls is not locked out, and the setup deadlines (limits.ts) already bound how long a call that is going
// nowhere holds one. The counts are in memory: calls and sockets are this process's own, as its slots are;
// an address is forgotten when it holds nothing.
import { clientKey, type AddressAllowlist } from '@hhp/kit';

/** Gives a place back; a second call does nothing. */
export type Release = () => void;

const NOTHING: Release = () => undefined;

export class PerAddress {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly allowlist: AddressAllowlist,
  ) {}

  /** A place for `address`, or undefined when it holds `max` already. */
  take(address: string): Release | undefined {
    if (this.allowlist.exempt(address)) return NOTHING;
    const key = clientKey(address);
    const count = this.held.get(key) ?? 0;
    if (count >= this.max) return undefined;
    this.held.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  /** Places `address` holds now. */
  count(address: string): number {
    return this.held.get(clientKey(address)) ?? 0;
  }

  /** Addresses holding something. */
  get addresses(): number {
    return this.held.size;
  }
}
