// Read-aloud requests per client address and minute, in memory (a fixed window: the counts start again each
// minute). Who is an address is the kit's, as for every per-address guard: what the trusted proxies reported,
// an IPv6 visitor's whole /64 as one (`clientKey`), LOAD_TEST_ALLOWLIST's addresses not counted. The counts
// are this process's own: with N replicas an address gets N times as many, which is fine for a guard whose
// real bound is the cache (only published texts are spoken, each once).
import { clientKey, type AddressAllowlist } from '@hhp/kit';

const MINUTE_MS = 60_000;

export class PerMinute {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly allowlist: AddressAllowlist,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request of `address`: 0 when it may go on, else the seconds until the next window. */
  take(address: string): number {
    if (this.allowlist.exempt(address)) return 0;
    const now = this.now();
    const window = Math.floor(now / MINUTE_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const key = clientKey(address);
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    if (count <= this.max) return 0;
    return Math.max(1, Math.ceil(((window + 1) * MINUTE_MS - now) / 1000));
  }
}
