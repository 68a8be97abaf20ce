// Who a per-address limit counts: an IPv4 address, or the /64 network of an IPv6 address (one subscriber line
// gets a whole /64, so counting single addresses would give it 2^64 limits). ai-query's new-guest guard,
// booking's live holds, content's sign-ups and payments' sign-in links count by it.
//
// And who no per-address limit counts at all: LOAD_TEST_ALLOWLIST, the addresses and networks a load test
// runs from (a few load generators send what thousands of visitors would). Parsed once, with the kit's
// config; every per-address guard asks `exempt(address)` before it counts. Nothing else is relaxed: a
// guest's free questions, a slot's seats and an e-mail's limits count the same from anywhere.
import { BlockList, isIP } from 'node:net';

export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The addresses let past every per-address limit (LOAD_TEST_ALLOWLIST). */
export interface AddressAllowlist {
  /** The entries as configured (`10.0.0.5`, `192.0.2.0/24`, `2001:db8::/48`). */
  readonly entries: readonly string[];
  /** True when `address` (as the trusted proxies reported it) is one of them or inside one of their ranges. */
  exempt(address: string): boolean;
}

/** What is wrong with one entry, or undefined when it is an IPv4/IPv6 address or CIDR range. */
export function allowlistEntryProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `${JSON.stringify(entry)} is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) {
    return `${JSON.stringify(entry)} has a prefix length that is not 0-${family === 4 ? 32 : 128}`;
  }
  return undefined;
}

/**
 * Parses a comma-separated list of addresses and CIDR ranges, IPv4 and IPv6 (empty: nobody). Matching is
 * Node's own `net.BlockList`: an IPv4-mapped IPv6 address (`::ffff:10.0.0.5`, how a dual-stack socket
 * reports an IPv4 peer) matches its IPv4 entries. Throws on the first entry that is neither.
 */
export function parseAddressAllowlist(value: string): AddressAllowlist {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const problem = allowlistEntryProblem(entry);
    if (problem) throw new Error(problem);
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    entries,
    exempt(address: string): boolean {
      if (entries.length === 0) return false;
      const bare = address.split('%')[0]!; // a zone index (fe80::1%eth0) names an interface, not an address
      const family = isIP(bare);
      if (family === 0) return false;
      return list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The default: no address is exempt. */
export const NO_ALLOWLIST: AddressAllowlist = parseAddressAllowlist('');
