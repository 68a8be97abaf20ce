// What a visitor reads while a part of the stack does not answer (issue 27: "walk every flow ... with the
// database stopped for 10 s ... a sentence that is not true in that state is a defect"), in Chromium through
// nginx. The database (FerretDB) or NATS is paused for 10 s (./support/outage.ts): a stall, as a frozen server or
// a partition is, where what was sent still lands once it answers. These specs run alone, after every other
// (the project "outages" of playwright.config.ts), since a paused database is paused for every page at once.
// Alone: node node_modules/@playwright/test/cli.js test e2e/outage-sentences.spec.ts --no-deps --workers 1
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { e2eMailpit } from '../infra/src/e2e/mail';
import { canPause, whilePaused } from './support/outage';
import { errorToast } from './support/toast';

const SUBJECT = 'Please confirm your subscription';
const PAUSE_MS = 10_000;

test.skip(() => !canPause(), "the stack is someone else's (E2E_EXTERNAL_URL): its processes cannot be paused");
test.setTimeout(90_000);

const address = (label: string) => `${label}-${Date.now()}-${test.info().workerIndex}@example.com`;

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Signs `email` up through the API and returns its confirmation e-mail's two links (path and query). */
async function signedUp(page: Page, email: string) {
  expect((await page.request.post('/api/subscribe-email', { data: { email, source: 'hero' } })).status()).toBe(200);
  const mail = await e2eMailpit().waitForMessage({ to: email, subject: SUBJECT }, 15_000);
  const link = (to: string) => {
    const url = new URL(new RegExp(`https?://\\S+/${to}\\?token=\\S+`).exec(mail.Text)![0]);
    return `${url.pathname}${url.search}`;
  };
  return { confirm: link('email-confirmed'), unsubscribe: link('email-unsubscribed') };
}

test.describe('while the database does not answer', () => {
  test('when a visitor signs up, then the toast does not say it failed for sure, and the confirmation e-mail that follows agrees', async ({
    page,
  }) => {
    const email = address('stalled-signup');
    await hydrated(page, '/');
    await whilePaused('ferretdb', PAUSE_MS, async () => {
      await page.getByRole('textbox', { name: 'Email address' }).fill(email);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await expect(errorToast(page)).toContainText('Subscription failed');
      await expect(errorToast(page).getByTestId('toast-description')).toHaveText(
        'The e-mail list did not answer in time, so we cannot tell yet whether your sign-up was saved. Please try again in a moment: signing up twice sends only one confirmation e-mail.',
      );
    });
    // The held write landed once the database answered: the sign-up was saved after all, as the toast allowed.
    await e2eMailpit().waitForMessage({ to: email, subject: SUBJECT }, 20_000);
  });

  test('when a visitor opens the confirmation link, then the page says the confirmation may not be saved yet; once the database answers, the link confirms', async ({
    page,
  }) => {
    const links = await signedUp(page, address('stalled-confirm'));
    await whilePaused('ferretdb', PAUSE_MS, async () => {
      await page.goto(links.confirm);
      await expect(
        page.getByRole('heading', { level: 2, name: 'We could not confirm your subscription' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        'The e-mail list did not answer in time, so your confirmation may not have been saved yet. Please try again in a moment.',
      );
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('when a visitor presses Unsubscribe, then the page says the unsubscribe may not be saved yet, without a status code', async ({
    page,
  }) => {
    const links = await signedUp(page, address('stalled-leave'));
    await hydrated(page, links.unsubscribe);
    await whilePaused('ferretdb', PAUSE_MS, async () => {
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'We could not unsubscribe you' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(
        'The e-mail list did not answer in time, so your unsubscribe may not have been saved yet. Please try again in a moment.',
      );
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'You have been unsubscribed' })).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe('while NATS does not answer', () => {
  for (const { where, path, box } of [
    { where: 'the home query bar', path: '/', box: `Ask ${NAME}'s AI a question` },
    { where: "a condition page's ask box", path: '/conditions/insomnia', box: `Ask ${NAME}'s AI about this condition` },
  ]) {
    test(`when a visitor asks in ${where}, then the failure toast says the server's sentence, not "503: "`, async ({
      page,
    }) => {
      await hydrated(page, path);
      await whilePaused('nats-server', PAUSE_MS, async () => {
        await page.getByRole('textbox', { name: box }).fill('What helps with restless sleep?');
        await page.getByRole('button', { name: 'Ask', exact: true }).click();
        await expect(errorToast(page)).toContainText('Query failed');
        const description = errorToast(page).getByTestId('toast-description');
        await expect(description).toHaveText(/\S/, { timeout: 15_000 });
        await expect(description).not.toHaveText(/^\d{3}: /);
      });
    });
  }

  test('when a visitor asks in the chat, then it says it is having trouble connecting, and a crisis message still gets the 988 line', async ({
    page,
  }) => {
    await hydrated(page, '/');
    await page.locator('[data-chat-open]').click();
    const panel = page.getByRole('dialog', { name: `${NAME}'s AI` });
    const input = panel.getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
    await whilePaused('nats-server', PAUSE_MS, async () => {
      await input.fill('What helps with restless sleep?');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByText("I'm having trouble connecting. Please try again.").first()).toBeVisible({
        timeout: 15_000,
      });
      await input.fill('I want to end it all');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByRole('link', { name: /Call 988/ }).first()).toBeVisible({ timeout: 15_000 });
    });
  });
});

test.describe('while ai-query does not answer', () => {
  test('when a visitor asks in the chat, then the typing gives way to "having trouble connecting" within seconds, and a crisis message gets the crisis lines', async ({
    page,
  }) => {
    await hydrated(page, '/');
    await page.locator('[data-chat-open]').click();
    const panel = page.getByRole('dialog', { name: `${NAME}'s AI` });
    const input = panel.getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
    await input.fill('What helps with restless sleep?');
    await whilePaused('ai-query', 25_000, async () => {
      await panel.getByRole('button', { name: 'Send' }).click();
      // Not "is typing" for the five minutes nginx would wait for the stream: the service has not begun.
      await expect(panel.getByText("I'm having trouble connecting. Please try again.").first()).toBeVisible({
        timeout: 20_000,
      });
      await input.fill('I want to end it all');
      await panel.getByRole('button', { name: 'Send' }).click();
      await expect(panel.getByRole('link', { name: /Call 988/ }).first()).toBeVisible({ timeout: 12_000 });
    });
  });
});
