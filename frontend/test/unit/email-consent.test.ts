import { isSupersededLink, linkErrorSentence } from '../../src/features/email-signup/superseded';
import { texts } from '../../src/features/email-signup/texts';

describe('the e-mail sign-up texts', () => {
  test('when a sign-up succeeds, then the toast keeps the seed title and points to the confirmation e-mail, not that the visitor joined', () => {
    expect(texts.successTitle).toBe('Welcome to our community!');
    expect(texts.successDescription).toMatch(/confirmation e-mail/);
    expect(texts.successDescription).not.toMatch(/successfully joined/);
  });

  test('when the confirm call answers 410, then the page shows the superseded link; any other failure is not', () => {
    expect(isSupersededLink({ status: 410, message: '410: token: superseded' })).toBe(true);
    for (const error of [{ status: 400, message: '400' }, { status: 'FETCH_ERROR', message: 'x' }, undefined, null]) {
      expect(isSupersededLink(error)).toBe(false);
    }
  });

  test("when a link's call fails, then the page says the server's sentence without its status code or the field name", () => {
    const bad = 'token: this link is not valid. Please open the link in the e-mail we sent you.';
    expect(linkErrorSentence({ status: 400, message: `400: ${bad}`, data: { message: bad } })).toBe(
      'This link is not valid. Please open the link in the e-mail we sent you.',
    );
    const stalled = 'The e-mail list did not answer in time, so your confirmation may not have been saved yet.';
    expect(linkErrorSentence({ status: 503, message: `503: ${stalled}`, data: { message: stalled } })).toBe(stalled);
    expect(linkErrorSentence({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(
      'We could not reach the portal. Please check your connection and try again.',
    );
  });
});
