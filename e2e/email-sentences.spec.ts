// What the e-mail list's screens say, read in Chromium through nginx, content and the stack's Mailpit (issue 27,
// "every sentence true in every state"): a sign-up of an address already on the list is sent no e-mail, so its
// toast must not say one was sent; a link that is not ours is told in a sentence, without "400: token: ".
import { expect, test, type Page } from '@playwright/test';
import { e2eMailpit } from '../infra/src/e2e/mail';
import { errorToast, toast } from './support/toast';

const SUBJECT = 'Please confirm your subscription';
const NOT_OUR_LINK = 'This link is not valid. Please open the link in the e-mail we sent you.';

const address = (label: string) => `${label}-${Date.now()}-${test.info().workerIndex}@example.com`;

async function confirmationsTo(email: string): Promise<number> {
  const messages = await e2eMailpit().messages();
  return messages.filter((m) => m.Subject === SUBJECT && m.To.some((a) => a.Address === email)).length;
}

async function signUpOnHome(page: Page, email: string) {
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
}

test('when an address already on the list signs up again, then the toast does not say an e-mail was sent, and none is', async ({
  page,
  request,
}) => {
  const email = address('listed');
  expect((await request.post('/api/subscribe-email', { data: { email, source: 'hero' } })).status()).toBe(200);
  const mail = await e2eMailpit().waitForMessage({ to: email, subject: SUBJECT }, 15_000);
  const link = new URL(/https?:\/\/\S+\/email-confirmed\?token=\S+/.exec(mail.Text)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();

  await signUpOnHome(page, email);
  await expect(toast(page)).toContainText('Welcome to our community!');
  const description = toast(page).getByTestId('toast-description');
  // True of a new address (the e-mail is on its way) and of this one (on the list, so nothing is sent).
  await expect(description).toHaveText(
    'Unless this address is on our list already, you will find a confirmation e-mail in your inbox: please open its link to finish joining our holistic health journey.',
  );
  await expect(description).not.toContainText("We've sent you");
  // Longer than the opt-in consumer takes to send a confirmation: none comes.
  await page.waitForTimeout(3000);
  expect(await confirmationsTo(email)).toBe(1);
});

test('when a confirmation link is not ours, then the page says so in a sentence, without a status code or "token:"', async ({
  page,
}) => {
  await page.goto(`/email-confirmed?token=${'0'.repeat(24)}.${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'We could not confirm your subscription' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(NOT_OUR_LINK);
});

test('when an unsubscribe link is not ours, then pressing Unsubscribe says so in a sentence, without a status code or "token:"', async ({
  page,
}) => {
  await page.goto(`/email-unsubscribed?token=${'0'.repeat(24)}.${'A'.repeat(43)}`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'We could not unsubscribe you' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(NOT_OUR_LINK);
});

test('when the server refuses an address, then the toast keeps the seed title and says why without "400: "', async ({
  page,
}) => {
  await signUpOnHome(page, 'visitor@localhost');
  await expect(errorToast(page)).toContainText('Subscription failed');
  await expect(errorToast(page).getByTestId('toast-description')).toHaveText(/^email: .*valid e-mail address/);
});

test('when a list link has lost its token, then both list pages say it is incomplete and offer the way home', async ({
  page,
}) => {
  for (const path of ['/email-confirmed', '/email-unsubscribed']) {
    await page.goto(path);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { name: 'This link is incomplete' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Please open the link from the e-mail again');
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  }
});
