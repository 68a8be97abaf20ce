import { clientKey } from '@hhp/kit';

describe('clientKey', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:1:aaaa:bbbb:cccc:dddd', '2001:db8:85a3:1::/64'],
    ['2001:0db8:85a3:0001:0000:0000:0000:0001', '2001:db8:85a3:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:ffff::2', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('when the client is %s, then it is counted as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  test('when two addresses share a /64, then they are one client; a neighbouring /64 is another', () => {
    expect(clientKey('2001:db8:1:2::a')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(clientKey('2001:db8:1:3::a')).not.toBe(clientKey('2001:db8:1:2::a'));
  });
});
