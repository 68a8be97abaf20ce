// The e-mail of the end-to-end stack: global-setup.ts runs Mailpit with the stack (every service's SMTP_URL
// points at it) and puts its API's address in E2E_MAILPIT_URL, which Playwright passes on to the specs.
// A spec reads what the portal sent, e.g.
//   const mail = await e2eMailpit().waitForMessage({ to: 'ada@example.org', subject: /booked/ });
// With E2E_EXTERNAL_URL the portal is someone else's: set E2E_MAILPIT_URL to its Mailpit, if it has one, with
// its login in the URL (http://mailpit:<MAILPIT_PASSWORD>@localhost:8025 for an `npm start`).
import { MailpitClient } from '../testing/mailpit.js';

export const MAILPIT_URL_VARIABLE = 'E2E_MAILPIT_URL';

/** The practice's console's first admin in the e2e stack (its PRACTICE_FIRST_ADMIN_EMAIL): her invite is in Mailpit. */
export const E2E_PRACTICE_ADMIN_EMAIL = 'practice-admin@example.com';

/** The Mailpit of the stack under test. */
export function e2eMailpit(): MailpitClient {
  const url = process.env[MAILPIT_URL_VARIABLE];
  if (!url) throw new Error(`${MAILPIT_URL_VARIABLE} is not set: the e2e stack's Mailpit is unknown`);
  return new MailpitClient(url);
}
