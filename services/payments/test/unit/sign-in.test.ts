import { signSubscriberCookie, verifySubscriberCookie } from '@hhp/kit';
import { PortalRequest, CompleteSignInRequest, SignInLinkRequest } from '@hhp/proto';
import { manageToken, verifyManageToken } from '../../src/sign-in/manage-token.js';
import { clientKey } from '@hhp/kit';
import { signInEmail, signInUrl, welcomeEmail } from '../../src/sign-in/emails.js';

const SECRET = 'a-test-cookie-secret-that-is-long-enough-0123';

describe('the "Manage subscription" token', () => {
  test('when it is signed for a customer, then it verifies to that customer and to nobody with another secret', () => {
    const token = manageToken('cus_Abc123', SECRET);
    expect(verifyManageToken(token, SECRET)).toBe('cus_Abc123');
    expect(verifyManageToken(token, 'another-secret-that-is-long-enough-000000')).toBeUndefined();
  });

  test("when the cookie secret is rotated, then a welcome e-mail's token verifies while the previous secret is kept, and not after", () => {
    const NEW = 'the-new-cookie-secret-that-is-long-enough-01';
    const token = manageToken('cus_Abc123', SECRET);
    expect(verifyManageToken(token, [NEW, SECRET])).toBe('cus_Abc123');
    expect(verifyManageToken(manageToken('cus_Abc123', NEW), [NEW, SECRET])).toBe('cus_Abc123');
    expect(verifyManageToken(token, [NEW, undefined])).toBeUndefined();
    expect(verifyManageToken(token, [NEW])).toBeUndefined();
  });

  test('when the customer part or the signature is changed, then it does not verify', () => {
    const [, mac] = manageToken('cus_Abc123', SECRET).split('.');
    const other = `${Buffer.from('cus_Other').toString('base64url')}.${mac}`;
    expect(verifyManageToken(other, SECRET)).toBeUndefined();
    expect(verifyManageToken(`${manageToken('cus_Abc123', SECRET).slice(0, -1)}x`, SECRET)).toBeUndefined();
    for (const junk of [undefined, '', 'a.b.c', 'nodot', `${'a'.repeat(400)}.b`]) {
      expect(verifyManageToken(junk, SECRET)).toBeUndefined();
    }
  });

  test('when a subscriber cookie is offered as the token (or the other way round), then neither is accepted', () => {
    const cookie = signSubscriberCookie('cus_Abc123', SECRET);
    expect(verifyManageToken(cookie, SECRET)).toBeUndefined();
    expect(verifySubscriberCookie(manageToken('cus_Abc123', SECRET), SECRET)).toBeUndefined();
  });
});

describe('the sign-in limits count a client as', () => {
  test.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('the sign-in e-mail', () => {
  test('when it is composed, then both parts carry the link and say it works once within the time', () => {
    const url = signInUrl('https://portal.example', 'tok_-123');
    const mail = signInEmail('ada@example.org', url, 15);
    expect(url).toBe('https://portal.example/subscription/sign-in?token=tok_-123');
    expect(mail.text).toContain(`Sign in on this device: ${url}`);
    expect(mail.text).toContain('The link works once, within 15 minutes.');
    expect(mail.html.value).toContain(`href="${url}"`);
    expect(mail.html.value).toContain('within 15 minutes');
  });

  test('when the welcome e-mail is composed, then it carries the Manage subscription link', () => {
    const mail = welcomeEmail('ada@example.org', 'https://portal.example/subscription/manage?token=a.b');
    expect(mail.text).toContain('Manage subscription: https://portal.example/subscription/manage?token=a.b');
    expect(mail.html.value).toContain('Manage subscription</a>');
  });
});

describe('the contracts', () => {
  test('when the e-mail is missing or not an address, then the field is named; an address is lower-cased', () => {
    expect(SignInLinkRequest.safeParse({}).success).toBe(false);
    expect(SignInLinkRequest.safeParse({ email: 'nope' }).error?.issues[0]?.path).toEqual(['email']);
    expect(SignInLinkRequest.parse({ email: ' Ada@Example.ORG ' })).toEqual({ email: 'ada@example.org' });
    expect(SignInLinkRequest.safeParse({ email: 'a@b.co', extra: 1 }).success).toBe(false);
  });

  test("when the token is not a link's 43 characters, then it is refused before any lookup", () => {
    expect(CompleteSignInRequest.safeParse({ token: 'A'.repeat(43) }).success).toBe(true);
    for (const token of ['', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`]) {
      expect(CompleteSignInRequest.safeParse({ token }).success).toBe(false);
    }
    expect(PortalRequest.safeParse({}).success).toBe(true);
    expect(PortalRequest.safeParse({ token: 'no-dot' }).success).toBe(false);
  });
});
