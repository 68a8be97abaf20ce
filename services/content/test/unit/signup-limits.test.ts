import { clientKey } from '@hhp/kit';
import { mailboxOf } from '../../src/subscribers/signup-limits.js';

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

describe('mailboxOf (what the per-e-mail sign-up limit counts)', () => {
  test.each([
    ['ada@example.com', 'ada@example.com'],
    ['Ada@Example.COM', 'ada@example.com'],
    ['ada+news@example.com', 'ada@example.com'],
    ['ada+news+more@example.com', 'ada@example.com'],
    ['ada.lovelace@example.com', 'ada.lovelace@example.com'],
    ['ada.love.lace+x@gmail.com', 'adalovelace@gmail.com'],
    ['A.D.A@GoogleMail.com', 'ada@gmail.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['ada+@example.com', 'ada@example.com'],
    ['ada.x@mail.gmail.com', 'ada.x@mail.gmail.com'],
  ])('when the address is %s, then the mailbox counted is %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });
});
