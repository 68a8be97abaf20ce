import { parseConfig } from '@hhp/kit';
import { PracticeConfig } from '../../src/config.js';

describe('PracticeConfig', () => {
  test('when nothing is set, then port 4007, database hhp-practice, 30 min idle, 12 h absolute, 30 sign-ins per 15 min, 5 s for an e-mail, 2 s for the database, nobody invited', () => {
    expect(parseConfig(PracticeConfig, {})).toMatchObject({
      PORT: 4007,
      MONGODB_DB: 'hhp-practice',
      PUBLIC_URL: 'http://localhost:8080',
      PRACTICE_SESSION_IDLE_MINUTES: 30,
      PRACTICE_SESSION_ABSOLUTE_HOURS: 12,
      PRACTICE_SIGN_INS_PER_ADDRESS: 30,
      PRACTICE_SIGN_IN_WINDOW_SECONDS: 900,
      PRACTICE_MAIL_TIMEOUT_MS: 5000,
      DB_TIMEOUT_MS: 2000,
    });
    expect(parseConfig(PracticeConfig, {}).PRACTICE_FIRST_ADMIN_EMAIL).toBeUndefined();
  });

  test("when PRACTICE_FIRST_ADMIN_EMAIL is empty (compose's default, portal-config's empty key), then nobody is invited and the service starts", () => {
    expect(parseConfig(PracticeConfig, { PRACTICE_FIRST_ADMIN_EMAIL: '' }).PRACTICE_FIRST_ADMIN_EMAIL).toBeUndefined();
  });

  test('when PRACTICE_FIRST_ADMIN_EMAIL is not an address, then the configuration is refused naming it', () => {
    expect(() => parseConfig(PracticeConfig, { PRACTICE_FIRST_ADMIN_EMAIL: 'not-an-address' })).toThrow(
      /PRACTICE_FIRST_ADMIN_EMAIL: must be an e-mail address/,
    );
  });
});
