import { isSupersededLink } from '../../src/features/email-signup/superseded';
import { texts } from '../../src/features/email-signup/texts';

describe('the e-mail sign-up texts', () => {
  test('when a sign-up succeeds, then the toast keeps the seed title and says a confirmation e-mail was sent, not that the visitor joined', () => {
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
});
