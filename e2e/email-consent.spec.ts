// The e-mail list's consent (issue 27, point 4), in Chromium through nginx, content and the stack's Mailpit:
// the sign-up toast, joining again after an unsubscribe, and an old confirmation link after it.
import { expect, test, type Page } from '@playwright/test';
import { e2eMailpit } from '../infra/src/e2e/mail';

const SUBJECT = 'Please confirm your subscription';

function linkTo(text: string, page: string): string {
  const url = new URL(new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(text)![0]);
  return `${url.pathname}${url.search}`;
}

/** The confirmation e-mails to `email`, oldest first, once there are `count`. */
async function confirmations(email: string, count: number) {
  const mailpit = e2eMailpit();
  await expect
    .poll(
      async () =>
        (await mailpit.messages()).filter((m) => m.Subject === SUBJECT && m.To.some((a) => a.Address === email)).length,
      { timeout: 15_000 },
    )
    .toBe(count);
  const found = (await mailpit.messages())
    .filter((m) => m.Subject === SUBJECT && m.To.some((a) => a.Address === email))
    .reverse();
  return Promise.all(found.map((m) => mailpit.message(m.ID)));
}

async function signUpOnHome(page: Page, email: string) {
  await page.goto('/');
  await page.getByLabel('Email address').first().fill(email);
  await page.getByRole('button', { name: 'Join', exact: true }).first().click();
  const toast = page.getByText('Welcome to our community!');
  await expect(toast).toBeVisible();
  await expect(page.getByText('you will find a confirmation e-mail in your inbox', { exact: false })).toBeVisible();
  await expect(page.getByText('successfully joined')).toHaveCount(0);
}

test('when a visitor who unsubscribed joins again, then a fresh confirmation is sent, the old link says it was superseded, and the new one confirms', async ({
  page,
}) => {
  const email = `consent-${Date.now()}-${test.info().workerIndex}@example.com`;
  await signUpOnHome(page, email);
  const [first] = await confirmations(email, 1);
  await page.goto(linkTo(first!.Text, 'email-confirmed'));
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();

  await page.goto(linkTo(first!.Text, 'email-unsubscribed'));
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'You have been unsubscribed' })).toBeVisible();

  await page.goto(linkTo(first!.Text, 'email-confirmed'));
  await expect(
    page.getByRole('heading', { level: 2, name: 'This confirmation link has been superseded' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('sign up again on the home page');

  await signUpOnHome(page, email);
  const [, second] = await confirmations(email, 2);
  await page.goto(linkTo(second!.Text, 'email-confirmed'));
  await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();
  await expect(page.getByText('will receive our holistic health e-mails')).toBeVisible();
});
