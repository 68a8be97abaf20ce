// Subscribers on another device (issue 17): a subscriber made through /subscribe (Stripe.js's stand-in,
// payments on stripe-mock, the signed webhook that says the subscription is active) receives the welcome
// e-mail; a second browser whose free questions are used asks for a sign-in link from the chat's upgrade panel
// ("Already subscribed?"), reads it from the stack's Mailpit, follows it, and its chat is unlimited without a
// reload of the chat's state; once Stripe says the subscription is unpaid, that browser's cookie no longer
// makes it unlimited. The link works once; the welcome e-mail's "Manage subscription" opens Stripe's customer
// portal.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Stripe from 'stripe';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { e2eMailpit } from '../infra/src/e2e/mail';
import { STRIPE_TEST_WEBHOOK_SECRET } from '../infra/src/e2e/stripe';
import { expectNoAxeViolations } from './support/axe';
import { visitor } from './support/booking';
import { serveStripeJs } from './support/stripe-js';
import { sendSubscriptionActive } from './support/stripe-webhook';
import { errorToast } from './support/toast';

const ANSWER =
  'If that address has an active subscription, we have sent it a sign-in link. It works once, within 15 minutes.';
const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const panel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });
const input = (page: Page) => panel(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
const answers = (page: Page) => panel(page).locator('li[data-role="assistant"]');

async function openChat(page: Page) {
  await page.locator('[data-chat-open]').click();
  await expect(panel(page)).toBeVisible();
}

async function ask(page: Page, count: number, from = 1) {
  for (let i = from; i < from + count; i++) {
    await input(page).fill(`What can help with stress headaches? (${i})`);
    await input(page).press('Enter');
    await expect(answers(page)).toHaveCount(i + 1); // the welcome message, then each answer
  }
}

/** Subscribes `email` on `page` through /subscribe; resolves once payments says the subscription is active. */
async function subscribe(page: Page, email: string): Promise<{ customerId: string; subscriptionId: string }> {
  await serveStripeJs(page);
  await page.goto('/subscribe');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  const started = page.waitForResponse((res) => res.url().endsWith('/api/create-subscription'));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const completed = page.waitForResponse((res) => res.url().endsWith('/api/complete-subscription'));
  await page.getByRole('button', { name: 'Subscribe for $19/month' }).click();
  const { customerId } = (await (await started).json()) as { customerId: string };
  const { subscriptionId } = (await (await completed).json()) as { subscriptionId: string };
  expect(await sendSubscriptionActive(page.request, { subscriptionId, customerId })).toBe(200);
  await expect(heading(page, 'Your subscription is active')).toBeVisible({ timeout: 15_000 });
  return { customerId, subscriptionId };
}

/** Stripe's `customer.subscription.updated` saying the subscription is now `status`, signed as Stripe signs. */
async function sendSubscriptionStatus(
  request: APIRequestContext,
  { customerId, subscriptionId }: { customerId: string; subscriptionId: string },
  status: string,
): Promise<number> {
  const now = Math.floor(Date.now() / 1000) + 1; // after the activation's event, in Stripe's whole seconds
  const payload = JSON.stringify({
    id: `evt_e2e_${subscriptionId}_${status}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'customer.subscription.updated',
    data: {
      object: {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status,
        livemode: false,
        created: now,
        metadata: {},
        items: {
          object: 'list',
          data: [{ id: `si_e2e_${now}`, object: 'subscription_item', current_period_end: now + 86_400 }],
        },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET });
  const response = await request.post('/api/stripe/webhook', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  return response.status();
}

test.describe('subscribers on another device', () => {
  test('when a subscriber asks for a sign-in link on a second browser, then following it once makes that chat unlimited until Stripe says the subscription is unpaid', async ({
    page,
    browser,
  }) => {
    // Two browsers, two e-mails, a subscription and eight answers: a long flow, given three times the time.
    test.slow();
    const mail = e2eMailpit();
    const { email } = visitor();
    const subscription = await subscribe(page, email);
    const welcome = await mail.waitForMessage({ to: email, subject: 'Welcome: your unlimited subscription is active' });
    expect(welcome.Text).toContain('Manage subscription: ');

    const second = await browser.newContext();
    try {
      const other = await second.newPage();
      await other.goto('/');
      await openChat(other);
      await ask(other, 3);
      await input(other).fill('And what about rashes?');
      await input(other).press('Enter');
      const upgrade = panel(other).getByRole('group', { name: '3 Free Questions Used' });
      await expect(upgrade).toBeVisible();

      await upgrade.getByRole('button', { name: 'Already subscribed?' }).click();
      const field = upgrade.getByRole('textbox', { name: 'Subscription email address' });
      await expect(field).toBeFocused();
      await field.fill(email.toUpperCase());
      await field.press('Enter');
      await expect(upgrade.getByRole('status')).toHaveText(ANSWER);
      await expectNoAxeViolations(other);

      const signIn = await mail.waitForMessage({ to: email, subject: 'Your sign-in link' });
      const link = /Sign in on this device: (\S+)/.exec(signIn.Text)?.[1];
      expect(link).toMatch(/\/subscription\/sign-in\?token=[\w-]{43}$/);
      const path = new URL(link!).pathname + new URL(link!).search;

      await other.goto(path);
      await expect(heading(other, "You're signed in")).toBeVisible();
      await expect(heading(other, "You're signed in")).toBeFocused();
      const cookie = (await second.cookies()).find((c) => c.name === 'hhp_sub');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      await expectNoAxeViolations(other);

      await other.getByRole('button', { name: 'Ask the AI now' }).click();
      await expect(panel(other).getByText('Unlimited Access ✨')).toBeVisible({ timeout: 15_000 });
      await expect(panel(other).getByText(/free questions left/)).toHaveCount(0);
      const before = await answers(other).count();
      for (let i = 1; i <= 4; i++) {
        await input(other).fill(`Which herbs help with sleep? (${i})`);
        await input(other).press('Enter');
        await expect(answers(other)).toHaveCount(before + i);
        await expect(input(other)).toBeEnabled();
      }
      await expect(panel(other).getByRole('group', { name: '3 Free Questions Used' })).toHaveCount(0);

      // Stripe says the subscription is unpaid: the cookie this browser holds no longer makes it unlimited.
      expect(await sendSubscriptionStatus(page.request, subscription, 'unpaid')).toBe(200);
      await expect
        .poll(
          async () =>
            ((await (await other.request.get('/api/quota')).json()) as { isSubscriber: boolean }).isSubscriber,
          {
            timeout: 15_000,
          },
        )
        .toBe(false);
      expect(await (await other.request.get('/api/subscription')).json()).toMatchObject({
        status: 'unpaid',
        active: false,
      });
      await input(other).fill('Which herbs help with sleep? (5)');
      await input(other).press('Enter');
      await expect(panel(other).getByRole('group', { name: '3 Free Questions Used' })).toBeVisible();

      // The link works once: followed again, it says so and offers a new one.
      await other.goto(path);
      await expect(heading(other, 'This sign-in link cannot be used')).toBeVisible();
      await expect(
        other.getByText('This sign-in link has expired or was already used. Ask for a new one.'),
      ).toBeVisible();
      await expect(other.getByRole('button', { name: 'Already subscribed?' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoAxeViolations(other);
    } finally {
      await second.close();
    }
  });

  test('when an address without a subscription asks on /subscribe, then the answer is the same and no e-mail is sent', async ({
    page,
  }) => {
    const { email } = visitor();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Already subscribed?' }).click();
    const form = page.getByRole('form', { name: 'Already subscribed?' });
    await form.getByRole('textbox', { name: 'Subscription email address' }).fill(email);
    await form.getByRole('button', { name: 'Send me a sign-in link' }).click();
    await expect(form.getByRole('status')).toHaveText(ANSWER);
    await expectNoAxeViolations(page);
    await page.waitForTimeout(1000);
    expect((await e2eMailpit().messages()).filter((m) => m.To.some((a) => a.Address === email))).toHaveLength(0);
  });

  test('when a subscriber starts subscribing again on another browser, then the screen goes on as for anyone, nothing is charged, and the e-mail signs that browser in', async ({
    page,
    browser,
  }) => {
    const mail = e2eMailpit();
    const { email } = visitor();
    await subscribe(page, email);

    const second = await browser.newContext();
    try {
      const other = await second.newPage();
      await serveStripeJs(other);
      await other.goto('/subscribe');
      await other.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
      await other.getByRole('button', { name: 'Continue to payment' }).click();
      // The same card step as for a new address: nothing on the page says this address subscribes.
      await expect(heading(other, 'Card details')).toBeFocused();
      const completed = other.waitForResponse((res) => res.url().endsWith('/api/complete-subscription'));
      await other.getByRole('button', { name: 'Subscribe for $19/month' }).click();
      expect((await completed).status()).toBe(409);
      await expect(errorToast(other)).toContainText('Subscription Failed');
      await expect(errorToast(other)).toContainText('already has a subscription, so nothing was charged');
      expect((await second.cookies()).find((c) => c.name === 'hhp_sub')).toBeUndefined();

      const notice = await mail.waitForMessage({ to: email, subject: 'You already have a subscription' });
      const link = new URL(/Sign in on this device: (\S+)/.exec(notice.Text)![1]!);
      await other.goto(link.pathname + link.search);
      await expect(heading(other, "You're signed in")).toBeVisible();
      expect((await second.cookies()).find((c) => c.name === 'hhp_sub')).toBeDefined();
    } finally {
      await second.close();
    }
  });

  test('when the sign-in page is opened without its token or with a link cut short, then it says so and offers a new link', async ({
    page,
  }) => {
    await page.goto('/subscription/sign-in');
    await expect(heading(page, 'Sign in with a link from your e-mail')).toBeVisible();
    await expect(heading(page, 'This sign-in link cannot be used')).toHaveCount(0);
    await expect(
      page.getByText(
        'To get one, enter below the e-mail address you subscribed with, and we will e-mail you a sign-in link',
      ),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Subscription email address' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/subscription/sign-in?token=cut-short');
    await expect(page.getByText(/This sign-in link is incomplete/)).toBeVisible();
    await expect(heading(page, 'This sign-in link cannot be used')).toBeFocused();
    expect((await page.context().cookies()).find((c) => c.name === 'hhp_sub')).toBeUndefined();
  });

  test("when the welcome e-mail's Manage subscription link is followed, then the browser goes to Stripe's customer portal", async ({
    page,
  }) => {
    const { email } = visitor();
    await subscribe(page, email);
    const welcome = await e2eMailpit().waitForMessage({
      to: email,
      subject: 'Welcome: your unlimited subscription is active',
    });
    const manage = new URL(/Manage subscription: (\S+)/.exec(welcome.Text)![1]!);
    // Stripe's portal is not reachable from the test (stripe-mock names one of its own hosts): the browser's
    // arrival at the URL that payments got from Stripe is what counts.
    await page.route(/^https:\/\/[^/]+\.stripe\.(com|me)\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe portal</title><h1>Portal</h1>' }),
    );
    // payments' answers are read as they pass (the page navigates away at once, taking the response's body with it).
    const asked: { request: unknown; url: string }[] = [];
    await page.route('**/api/subscription/portal', async (route) => {
      const response = await route.fetch();
      const { url } = (await response.json()) as { url: string };
      asked.push({ request: route.request().postDataJSON(), url });
      await route.fulfill({ response });
    });
    await page.goto(manage.pathname + manage.search);
    await expect.poll(() => asked.length).toBe(1);
    const { url } = asked[0]!;
    expect(asked[0]!.request).toEqual({ token: manage.searchParams.get('token') });
    await expect(page).toHaveURL(url);

    // From /subscription-confirmed the cookie opens it too.
    await page.goto('/subscription-confirmed');
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]!.request).toEqual({});
    await expect(page).toHaveURL(url);
  });
});
