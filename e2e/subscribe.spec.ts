// The monthly subscription: /subscribe after booking the subscription plan (or on its own), the card confirmed
// with Stripe.js's stand-in (support/stripe-js.ts), the subscription completed by payments on stripe-mock, the
// confirmation page reading its state from the server, and the chat widget showing "Unlimited Access ✨" without
// a reload. The unavailable panel's two causes are answered in the browser: the run's stack has payments on.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expectNoAxeViolations } from './support/axe';
import { book, dayAhead, visitor } from './support/booking';
import { serveStripeJs, stripeCalls } from './support/stripe-js';
import { sendSubscriptionActive } from './support/stripe-webhook';
import { errorToast, toast } from './support/toast';

const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const emailField = (page: Page) => page.getByRole('textbox', { name: 'Email address' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue to payment' });
const subscribeButton = (page: Page) => page.getByRole('button', { name: 'Subscribe for $19/month' });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });

async function openChat(page: Page) {
  await page.locator('[data-chat-open]').click();
  await expect(chatPanel(page)).toBeVisible();
}

async function closeChat(page: Page) {
  await page.keyboard.press('Escape');
  await expect(chatPanel(page)).toBeHidden();
}

test.describe('the monthly subscription', () => {
  test('when the subscription plan is booked and subscribed, then it is active and the chat shows Unlimited Access without a reload', async ({
    page,
  }) => {
    await serveStripeJs(page);
    const who = visitor();
    await page.goto('/book');
    // The chat as a guest sees it, before subscribing; the page is never loaded again after this.
    await openChat(page);
    await expect(chatPanel(page).getByText('3 of 3 free questions left')).toBeVisible();
    await closeChat(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const { sessionId } = await book(page, 'subscription', dayAhead(20, 3), who);
    await expect(heading(page, 'Your email')).toBeVisible();
    // The e-mail given when booking is already there.
    await expect(emailField(page)).toHaveValue(who.email);
    await expect(page.getByText(/is confirmed once the subscription is active/)).toBeVisible();
    await expectNoAxeViolations(page);

    const started = page.waitForResponse((res) => res.url().endsWith('/api/create-subscription'));
    await continueButton(page).click();
    await expect(heading(page, 'Card details')).toBeFocused();
    await expect(page.getByText(`Subscribing as ${who.email}`)).toBeVisible();
    await expect(subscribeButton(page)).toBeEnabled();
    await expectNoAxeViolations(page);
    const completed = page.waitForResponse((res) => res.url().endsWith('/api/complete-subscription'));
    await subscribeButton(page).click();

    await expect(toast(page)).toContainText('Subscription Active!');
    await expect(page).toHaveURL(/\/subscription-confirmed$/);
    // stripe-mock's subscription is paid up to 2000: until Stripe's event says which period is paid, the page waits.
    await expect(heading(page, 'Payment received')).toBeVisible();
    await expectNoAxeViolations(page);
    const { customerId } = (await (await started).json()) as { customerId: string };
    const { subscriptionId } = (await (await completed).json()) as { subscriptionId: string };
    expect(await sendSubscriptionActive(page.request, { subscriptionId, customerId, bookingId: sessionId })).toBe(200);
    await expect(heading(page, 'Your subscription is active')).toBeVisible({ timeout: 15_000 });
    await expect(heading(page, 'Your subscription is active')).toBeFocused();
    await expectNoAxeViolations(page);
    const setup = (await stripeCalls(page)).find((call) => call.method === 'confirmSetup');
    expect(setup).toMatchObject({ redirect: 'if_required' });

    await openChat(page);
    await expect(chatPanel(page).getByText('Unlimited Access ✨')).toBeVisible({ timeout: 15_000 });
    await expect(chatPanel(page).getByText(/free questions left/)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // The server says so too; and the booked session is confirmed by the subscription.
    expect(await (await page.request.get('/api/subscription')).json()).toMatchObject({
      status: 'active',
      active: true,
    });
    await expect
      .poll(async () => (await (await page.request.get(`/api/session/${sessionId}`)).json()).status, {
        timeout: 15_000,
      })
      .toBe('confirmed');
  });

  test('when the e-mail is empty or has no "@", then "Invalid Email" shows; "Change" clears the form and goes back', async ({
    page,
  }) => {
    await serveStripeJs(page);
    await page.goto('/subscribe');
    await expect(emailField(page)).toBeEditable();
    await continueButton(page).click();
    await expect(errorToast(page)).toContainText('Invalid Email');
    await expect(errorToast(page)).toContainText('Please enter a valid email address');
    await expect(emailField(page)).toBeFocused();
    await emailField(page).fill('visitor.example.com');
    await continueButton(page).click();
    await expect(errorToast(page)).toContainText('Invalid Email');
    await expect(emailField(page)).toHaveAttribute('aria-invalid', 'true');

    const { email } = visitor();
    await emailField(page).fill(email);
    await continueButton(page).click();
    await expect(heading(page, 'Card details')).toBeFocused();
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(heading(page, 'Your email')).toBeFocused();
    await expect(emailField(page)).toHaveValue('');
    await page.getByRole('link', { name: 'Back to Booking' }).click();
    await expect(page).toHaveURL(/\/book$/);
  });

  test("when the card goes through its bank's own page, then the subscription is completed on the way back", async ({
    page,
  }) => {
    await serveStripeJs(page, { setupRedirect: true });
    await page.goto('/subscribe');
    await emailField(page).fill(visitor().email);
    await continueButton(page).click();
    const completed = page.waitForResponse((res) => res.url().endsWith('/api/complete-subscription'));
    await subscribeButton(page).click();
    expect((await completed).request().postDataJSON()).toMatchObject({ paymentMethodId: 'pm_card_visa' });
    await expect(toast(page)).toContainText('Subscription Active!');
    await expect(page).toHaveURL(/\/subscription-confirmed$/);
    expect((await stripeCalls(page)).map((call) => call.method)).toContain('retrieveSetupIntent');
    // The return address is spent: opening it again does not complete anything.
    await page.goto('/subscribe?setup_intent_client_secret=seti_1_secret_2&redirect_status=succeeded');
    await expect(heading(page, 'Your email')).toBeVisible();
  });

  test('when the card cannot be set up, then "Payment Setup Failed" shows the provider\'s message', async ({
    page,
  }) => {
    await serveStripeJs(page, { setupError: 'Your card does not support this type of purchase.' });
    await page.goto('/subscribe');
    await emailField(page).fill(visitor().email);
    await continueButton(page).click();
    await subscribeButton(page).click();
    await expect(errorToast(page)).toContainText('Payment Setup Failed');
    await expect(errorToast(page)).toContainText('Your card does not support this type of purchase.');
    await expect(subscribeButton(page)).toBeEnabled();
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test('when completing the subscription fails, then "Subscription Failed" shows the message', async ({ page }) => {
    await page.route('**/api/complete-subscription', (route) =>
      route.fulfill({ status: 402, contentType: 'application/json', body: '{"message":"Your card was declined."}' }),
    );
    await serveStripeJs(page);
    await page.goto('/subscribe');
    await emailField(page).fill(visitor().email);
    await continueButton(page).click();
    await subscribeButton(page).click();
    await expect(errorToast(page)).toContainText('Subscription Failed');
    await expect(errorToast(page).getByText('Your card was declined.', { exact: true })).toBeVisible();
    expect(await errorToast(page).innerText()).not.toContain('402');
  });

  test('when the publishable key is missing, then "Subscription Service Unavailable" says it is a configuration issue', async ({
    page,
  }) => {
    let configAsked = 0;
    await page.route('**/api/payments/config', (route) => {
      configAsked += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Payment service unavailable"}',
      });
    });
    await page.goto('/subscribe');
    const panel = page.getByRole('alert').filter({ has: heading(page, 'Subscription Service Unavailable') });
    await expect(panel).toContainText('Payment system configuration issue. Please contact support.');
    await expect(panel.getByRole('link', { name: 'Back to Booking' })).toHaveAttribute('href', '/book');
    await expectNoAxeViolations(page);
    const before = configAsked;
    await panel.getByRole('button', { name: 'Try Subscribe Again' }).click();
    await expect.poll(() => configAsked).toBeGreaterThan(before);
    await expect(panel).toBeVisible();
  });

  test('when the subscription cannot start, then the panel says so and "Try Subscribe Again" goes back to the e-mail', async ({
    page,
  }) => {
    await page.route('**/api/create-subscription', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"message":"The payment provider did not answer"}',
      }),
    );
    await serveStripeJs(page);
    await page.goto('/subscribe');
    const { email } = visitor();
    await emailField(page).fill(email);
    await continueButton(page).click();
    await expect(heading(page, 'Subscription Service Unavailable')).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('Unable to initialize subscription. Please try again later.');
    await page.getByRole('button', { name: 'Try Subscribe Again' }).click();
    await expect(heading(page, 'Your email')).toBeFocused();
    await expect(emailField(page)).toHaveValue(email);
  });

  test('when the hosted Checkout returns, then the page asks payments to verify its session rather than trusting the address', async ({
    page,
  }) => {
    // This browser starts the checkout (as the home page's button does): payments remembers it in a cookie.
    expect((await page.request.post('/api/create-checkout-session', { data: {} })).status()).toBe(200);
    const started = (await page.context().cookies()).find((cookie) => cookie.name === 'hhp_checkout');
    expect(started).toMatchObject({ httpOnly: true, path: '/api/subscription/checkout-complete' });
    const sessionId = started!.value.split('.')[0]!;
    const verified = page.waitForRequest((req) => req.url().endsWith('/api/subscription/checkout-complete'));
    await page.goto(`/subscription-confirmed?session_id=${sessionId}`);
    expect((await verified).postDataJSON()).toEqual({ sessionId });
    // stripe-mock's Checkout session is not a completed subscription: payments says so, and so does the page.
    await expect(heading(page, 'Your subscription could not be checked right now.')).toBeVisible();
    // payments' sentence, whole, without the status code before it (issue 27, point 5).
    await expect(
      page.getByRole('alert').getByText('This checkout has not been completed.', { exact: true }),
    ).toBeVisible();
    expect(await page.getByRole('alert').innerText()).not.toContain('409');
    await expect(heading(page, 'Your subscription is active')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("when another browser opens a checkout's return address, then it is refused and nothing is verified", async ({
    page,
  }) => {
    await page.goto('/subscription-confirmed?session_id=cs_test_e2eReturn0001');
    await expect(heading(page, 'Your subscription could not be checked right now.')).toBeVisible();
    await expect(page.getByRole('alert').getByText(/^This checkout was started in another browser\./)).toBeVisible();
    expect(await page.getByRole('alert').innerText()).not.toContain('403');
    await expect(heading(page, 'Your subscription is active')).toHaveCount(0);
  });

  test('when /subscription-confirmed is opened without a subscription, then it says none was found', async ({
    page,
  }) => {
    await page.goto('/subscription-confirmed');
    await expect(heading(page, 'No subscription found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Subscribe', exact: true })).toHaveAttribute('href', '/subscribe');
    await expectNoAxeViolations(page);
  });
});
