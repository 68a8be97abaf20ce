import { NO_ALLOWLIST, parseAddressAllowlist } from '@hhp/kit';
import { PerAddress } from '../../src/calls/per-address.js';

describe('what one address may hold', () => {
  test('when an address holds its limit, then one more is refused until one is given back; other addresses are not', () => {
    const places = new PerAddress(2, NO_ALLOWLIST);
    const first = places.take('198.51.100.1')!;
    expect(places.take('198.51.100.1')).toBeDefined();
    expect(places.take('198.51.100.1')).toBeUndefined();
    expect(places.take('198.51.100.2')).toBeDefined();
    first();
    expect(places.take('198.51.100.1')).toBeDefined();
  });

  test('when a place is given back twice, then it is counted back once', () => {
    const places = new PerAddress(1, NO_ALLOWLIST);
    const release = places.take('198.51.100.1')!;
    release();
    release();
    places.take('198.51.100.1');
    expect(places.take('198.51.100.1')).toBeUndefined();
  });

  test('when every place of an address is given back, then the address is forgotten', () => {
    const places = new PerAddress(3, NO_ALLOWLIST);
    const releases = [places.take('198.51.100.1')!, places.take('198.51.100.1')!];
    expect(places.count('198.51.100.1')).toBe(2);
    for (const release of releases) release();
    expect(places.count('198.51.100.1')).toBe(0);
    expect(places.addresses).toBe(0);
  });

  test('when IPv6 addresses share a /64, or an IPv4 address comes mapped, then they count as one', () => {
    const places = new PerAddress(1, NO_ALLOWLIST);
    expect(places.take('2001:db8:1:2::a')).toBeDefined();
    expect(places.take('2001:db8:1:2:ffff::b')).toBeUndefined();
    expect(places.take('2001:db8:1:3::a')).toBeDefined();
    expect(places.take('198.51.100.1')).toBeDefined();
    expect(places.take('::ffff:198.51.100.1')).toBeUndefined();
  });

  test('when an address is on the load-test allowlist, then nothing it takes is counted', () => {
    const places = new PerAddress(1, parseAddressAllowlist('192.0.2.0/24'));
    for (let i = 0; i < 5; i++) expect(places.take('192.0.2.7')).toBeDefined();
    expect(places.addresses).toBe(0);
    expect(places.take('198.51.100.1')).toBeDefined();
    expect(places.take('198.51.100.1')).toBeUndefined();
  });
});
