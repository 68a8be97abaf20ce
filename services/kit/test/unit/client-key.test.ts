// clientKey (who a per-address limit counts) and LOAD_TEST_ALLOWLIST (who none counts), as every service
// parses them from its environment.
import {
  ConfigError,
  NO_ALLOWLIST,
  clientKey,
  parseAddressAllowlist,
  parseConfig,
  serviceConfig,
} from '../../src/index.js';

describe('clientKey', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2::a', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('when the address is %s, then the limit counts %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('LOAD_TEST_ALLOWLIST', () => {
  const schema = serviceConfig('ai-query', 4001);

  test('when it is not set or empty, then no address is exempt', () => {
    for (const env of [{}, { LOAD_TEST_ALLOWLIST: '' }, { LOAD_TEST_ALLOWLIST: ' , ' }]) {
      const { LOAD_TEST_ALLOWLIST: list } = parseConfig(schema, env);
      expect(list.entries).toEqual([]);
      for (const address of ['127.0.0.1', '::1', '10.0.0.1', '2001:db8::1']) expect(list.exempt(address)).toBe(false);
    }
    expect(NO_ALLOWLIST.exempt('127.0.0.1')).toBe(false);
  });

  test('when it names IPv4 and IPv6 addresses and ranges, then exactly those are exempt', () => {
    const { LOAD_TEST_ALLOWLIST: list } = parseConfig(schema, {
      LOAD_TEST_ALLOWLIST: ' 198.51.100.7, 10.20.0.0/16 ,2001:db8:aa::/48,2001:db8::5,127.0.0.1/32',
    });
    expect(list.entries).toEqual(['198.51.100.7', '10.20.0.0/16', '2001:db8:aa::/48', '2001:db8::5', '127.0.0.1/32']);
    const exempt = [
      '198.51.100.7',
      '::ffff:198.51.100.7', // how a dual-stack socket names an IPv4 peer
      '10.20.0.0',
      '10.20.255.255',
      '2001:db8:aa::1',
      '2001:db8:aa:ffff:ffff:ffff:ffff:ffff',
      '2001:0db8:00aa:0001::0001', // the same range written long
      '2001:db8::5',
      '127.0.0.1',
    ];
    const counted = [
      '198.51.100.8',
      '198.51.100.70',
      '10.21.0.1',
      '10.19.255.255',
      '2001:db8:ab::1',
      '2001:db8::6',
      '127.0.0.2',
      '::1',
      'unknown',
      '',
    ];
    for (const address of exempt) expect([address, list.exempt(address)]).toEqual([address, true]);
    for (const address of counted) expect([address, list.exempt(address)]).toEqual([address, false]);
  });

  test('when a whole family is listed, then every address of that family is exempt and no other', () => {
    const list = parseAddressAllowlist('0.0.0.0/0');
    expect(list.exempt('8.8.8.8')).toBe(true);
    expect(list.exempt('2001:db8::1')).toBe(false);
    const v6 = parseAddressAllowlist('::/0');
    expect(v6.exempt('2001:db8::1')).toBe(true);
  });

  test('when an entry is not an address or range, then the service refuses to start and names it', () => {
    for (const [value, wrong] of [
      ['10.0.0.1,example.com', '"example.com"'],
      ['10.0.0.0/33', '"10.0.0.0/33"'],
      ['2001:db8::/129', '"2001:db8::/129"'],
      ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
      ['10.0.0.0/x', '"10.0.0.0/x"'],
      ['loopback', '"loopback"'],
    ] as const) {
      try {
        parseConfig(schema, { LOAD_TEST_ALLOWLIST: value });
        throw new Error(`${value} was accepted`);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^LOAD_TEST_ALLOWLIST: .*/)]);
        expect((err as ConfigError).problems[0]).toContain(wrong);
      }
    }
    expect(() => parseAddressAllowlist('10.0.0.300')).toThrow('"10.0.0.300" is not an IP address or CIDR range');
  });
});
