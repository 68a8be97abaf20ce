// The e-mail list's double opt-in (issue 17), through nginx, the content service and the stack's Mailpit:
// the sign-up's confirmation e-mail, its link's page, the visible unsubscribe link's page and the
// List-Unsubscribe header's one-click POST.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eMailpit } from '../infra/src/e2e/mail';
import { expectNoAxeViolations } from './support/axe';

const SUBJECT = 'Please confirm your subscription';

/** Signs `email` up and reads its confirmation e-mail. */
async function signUp(request: APIRequestContext, email: string) {
  const res = await request.post('/api/subscribe-email', { data: { email, source: 'footer' } });
  expect(res.status()).toBe(200);
  return e2eMailpit().waitForMessage({ to: email, subject: SUBJECT }, 15_000);
}

/** The path and query of the e-mail's link to `page` (the stack's PUBLIC_URL is the base URL's origin). */
function linkTo(text: string, page: string): string {
  const found = new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(text);
  expect(found, `a /${page} link in the e-mail`).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}`;
}

const address = (label: string) => `${label}-${Date.now()}-${test.info().workerIndex}@example.com`;

test.describe('the e-mail list double opt-in', () => {
  test('when the confirmation link is opened, then the page confirms the subscription and says so', async ({
    page,
    request,
  }) => {
    const email = address('optin');
    const mail = await signUp(request, email);
    expect(mail.headers['List-Unsubscribe-Post']).toEqual(['List-Unsubscribe=One-Click']);

    await page.goto(linkTo(mail.Text, 'email-confirmed'));
    const heading = page.getByRole('heading', { level: 2, name: 'Subscription confirmed' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: `will receive our holistic health e-mails` }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('when the confirmation link is tampered with, then the page says it could not confirm', async ({ page }) => {
    await page.goto(`/email-confirmed?token=${'0'.repeat(24)}.${'A'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'We could not confirm your subscription' })).toBeVisible();
    // The server's sentence without "400: token: " (issue 27, point 5).
    await expect(page.getByRole('alert')).toContainText('This link is not valid.');
  });

  test('when the unsubscribe page is opened, then nothing happens until the button is pressed', async ({
    page,
    request,
  }) => {
    const email = address('leaving');
    const mail = await signUp(request, email);
    const unsubscribe = page.waitForRequest((req) => req.url().includes('/api/subscribe-email/unsubscribe'), {
      timeout: 2000,
    });

    await page.goto(linkTo(mail.Text, 'email-unsubscribed'));
    await expect(page.getByRole('heading', { level: 2, name: 'Leave our e-mail list?' })).toBeVisible();
    await expect(unsubscribe).rejects.toThrow();

    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = page.getByRole('heading', { level: 2, name: 'You have been unsubscribed' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test("when a mail client POSTs the List-Unsubscribe header's URL as a form, then it answers 200 each time", async ({
    request,
  }) => {
    const mail = await signUp(request, address('one-click'));
    const header = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe']![0]!)![1]!;
    const url = new URL(header);
    for (let i = 0; i < 2; i++) {
      const res = await request.post(`${url.pathname}${url.search}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(res.status()).toBe(200);
    }
  });
});
