// Checkout and the session's confirmation, through nginx to the booking and payments services (payments on
// stripe-mock) with Stripe.js's stand-in in the browser (support/stripe-js.ts). After the browser's payment,
// the spec sends the `payment_intent.succeeded` webhook itself, signed, as Stripe would; the confirmation page
// waits for it and then shows the confirmed session.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expectNoAxeViolations } from './support/axe';
import { book, dayAhead, type Plan } from './support/booking';
import { serveStripeJs, stripeCalls } from './support/stripe-js';
import { sendPaymentSucceeded } from './support/stripe-webhook';
import { errorToast, toast } from './support/toast';

const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$/ });

const PLANS: {
  plan: Plan;
  name: string;
  price: string;
  cents: number;
  minutes: number;
  weeks: number;
  weekday: number;
}[] = [
  { plan: 'ai-session', name: 'AI Avatar Session', price: '$9.00', cents: 900, minutes: 60, weeks: 14, weekday: 3 },
  {
    plan: 'dr-helen',
    name: `${NAME} Consultation`,
    price: '$400.00',
    cents: 40000,
    minutes: 90,
    weeks: 15,
    weekday: 2,
  },
];

test.describe('checkout and the confirmed session', () => {
  for (const { plan, name, price, cents, minutes, weeks, weekday } of PLANS) {
    test(`when a ${plan} is booked and paid, then the confirmation waits for the webhook and then shows it confirmed`, async ({
      page,
    }) => {
      await serveStripeJs(page);
      // What Stripe says of the payment, asked by payments while the webhook has not come: stripe-mock keeps
      // no state and answers a fresh intent, so until the spec sends the webhook, the page is told what Stripe
      // would tell after the browser's confirmation. From then on, the service answers from the webhook.
      let webhookSent = false;
      await page.route('**/api/payments/status?*', (route) =>
        webhookSent
          ? route.continue()
          : route.fulfill({ status: 200, contentType: 'application/json', body: '{"payment":"succeeded"}' }),
      );
      const { sessionId } = await book(page, plan, dayAhead(weeks, weekday));

      // The loading steps, then the form; the summary is the server's.
      await expect(page.getByRole('list', { name: 'Checkout progress' }).getByRole('listitem')).toHaveText([
        'Loading session',
        'Creating payment intent',
        'Payment form',
      ]);
      await expect(heading(page, 'Payment details')).toBeFocused();
      await expect(page.locator('[aria-current="step"]')).toHaveText('Payment form');
      const summary = page.getByRole('region', { name: 'Order Summary' });
      await expect(summary).toContainText(name);
      await expect(summary).toContainText(price);
      await expect(summary).toContainText(`${minutes} minutes`);
      await expect(summary).toContainText('America/New_York');
      await expect(heading(page, 'What Happens Next')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Booking' })).toHaveAttribute('href', '/book');
      await expect(payButton(page)).toBeEnabled();
      await expect(payButton(page)).toHaveText(`Pay ${price}`);
      await expectNoAxeViolations(page);

      await payButton(page).click();
      await expect(page).toHaveURL(/\/session-confirmed\?sessionId=.+&payment_intent=.+&redirect_status=succeeded/);
      const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent')!;

      // Paid, not confirmed yet: the webhook has not arrived.
      await expect(heading(page, 'Payment received')).toBeVisible();
      await expect(page.getByText('Your payment was received and your confirmation is on its way.')).toBeVisible();
      await expect(toast(page)).toContainText('Payment Successful');
      await expectNoAxeViolations(page);

      expect(await sendPaymentSucceeded(page.request, paymentIntentId, sessionId, cents)).toBe(200);
      webhookSent = true;
      expect(await (await page.request.get(`/api/payments/status?sessionId=${sessionId}`)).json()).toEqual({
        payment: 'succeeded',
      });
      await expect(heading(page, 'Your session is confirmed')).toBeVisible({ timeout: 15_000 });
      await expect(heading(page, 'Your session is confirmed')).toBeFocused();
      const details = page.getByRole('definition');
      await expect(details.filter({ hasText: name })).toHaveCount(1);
      await expect(page.getByText(/confirmation email is on its way/)).toBeVisible();
      await expect(page.getByText(/24 hours before your session/)).toBeVisible();
      await expectNoAxeViolations(page);

      // The booking service agrees, and checkout now sends the visitor to the confirmation.
      const session = await (await page.request.get(`/api/session/${sessionId}`)).json();
      expect(session).toMatchObject({ status: 'confirmed', price: price.slice(1) });
      await page.goto(`/checkout?sessionId=${sessionId}`);
      await expect(page).toHaveURL(new RegExp(`/session-confirmed\\?sessionId=${sessionId}$`));
      await expect(heading(page, 'Your session is confirmed')).toBeVisible();
    });
  }

  test('when the payment is refused, then "Payment Failed" shows the provider\'s message and the form stays', async ({
    page,
  }) => {
    await serveStripeJs(page, { paymentError: 'Your card was declined.' });
    await book(page, 'ai-session', dayAhead(16, 4));
    await expect(payButton(page)).toBeEnabled();
    await payButton(page).click();
    await expect(errorToast(page)).toContainText('Payment Failed');
    await expect(errorToast(page)).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/checkout\?sessionId=/);
    await expect(payButton(page)).toBeEnabled();
    const [confirm] = (await stripeCalls(page)).filter((call) => call.method === 'confirmPayment');
    expect(confirm!.returnUrl).toMatch(/\/session-confirmed\?sessionId=[\w-]+$/);
  });

  test('when payments went off after the booking, then the "Payment Service Temporarily Unavailable" panel shows and the booking stands', async ({
    page,
  }) => {
    // With payments off no booking is made (e2e/payments-off.spec.ts); one made before they went off is paid
    // here. The run's stack has payments on (stripe-mock); the service's own answer when it has no keys stands in.
    await serveStripeJs(page);
    const { sessionId } = await book(page, 'ai-session', dayAhead(17, 5));
    await page.route('**/api/payments/config', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Payment service unavailable"}',
      }),
    );
    await page.reload();
    const panel = page.getByRole('alert').filter({ has: heading(page, 'Payment Service Temporarily Unavailable') });
    await expect(panel).toBeVisible();
    await expect(heading(page, 'Payment Service Temporarily Unavailable')).toBeFocused();
    // The service's sentence, whole, without the status code before it (issue 27, point 5).
    await expect(panel.getByText('Payment service unavailable', { exact: true })).toBeVisible();
    expect((await panel.innerText()).replaceAll(sessionId, '')).not.toContain('503');
    await expect(panel).toContainText('Unable to initialize payment. Please contact support.');
    await expect(panel.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(panel).toContainText(`Your booking has been recorded (reference ${sessionId})`);
    await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('$9.00');
    await expect(payButton(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect((await stripeCalls(page)).filter((call) => call.method === 'confirmPayment')).toEqual([]);
  });

  test("when the payment intent cannot be created, then the same panel shows the service's message", async ({
    page,
  }) => {
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"message":"The payment provider did not answer"}',
      }),
    );
    await serveStripeJs(page);
    const { sessionId } = await book(page, 'ai-session', dayAhead(18, 1));
    await expect(heading(page, 'Payment Service Temporarily Unavailable')).toBeVisible();
    const panel = page.getByRole('alert');
    await expect(panel.getByText('The payment provider did not answer', { exact: true })).toBeVisible();
    expect((await panel.innerText()).replaceAll(sessionId, '')).not.toContain('502');
  });

  test('when the session is unknown, then "Session not found" shows and the visitor is back on /book', async ({
    page,
  }) => {
    await page.goto('/checkout?sessionId=no-such-session');
    await expect(page).toHaveURL(/\/book$/);
    await expect(errorToast(page)).toContainText('Session not found');
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/book$/);
  });

  test('when the confirmation page is opened for an unpaid session, then it says so and leads to checkout', async ({
    page,
  }) => {
    // Booked, and gone before a payment was even started (no intent: stripe-mock's would read as declined).
    await page.route('**/api/create-payment-intent', (route) => route.abort());
    await serveStripeJs(page);
    const { sessionId } = await book(page, 'ai-session', dayAhead(19, 2));
    await page.goto(`/session-confirmed?sessionId=${sessionId}`);
    await expect(heading(page, 'This session has not been paid yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to checkout' })).toHaveAttribute(
      'href',
      `/checkout?sessionId=${sessionId}`,
    );
    await expectNoAxeViolations(page);
    await page.goto('/session-confirmed');
    await expect(page.getByText('No session was named.')).toBeVisible();
  });
});
