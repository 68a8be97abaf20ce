// After the booking (issue 17), through the whole stack and its Mailpit: an AI Avatar Session booked and paid in
// the browser (Stripe.js's stand-in, then the signed `payment_intent.succeeded` webhook Stripe would send), its
// confirmation e-mail with the invite and the "Join your session" link, that link followed inside the session's
// window (the e2e stack opens it 60 days ahead: infra/src/e2e/session-pass.ts) and more than the 3 free
// questions asked. Then the e-mail's "Change or cancel" link: the session moved to another slot, then cancelled,
// each with its e-mail, and the slots given back as /book shows them; and the link tampered with.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { e2eMailpit } from '../infra/src/e2e/mail';
import { expectNoAxeViolations } from './support/axe';
import { book, chooseDay, dayAhead, dayCell, freeSlot, PLAN_LABELS, slotAt, visitor } from './support/booking';
import { serveStripeJs } from './support/stripe-js';
import { sendPaymentSucceeded } from './support/stripe-webhook';

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const chat = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });
const question = (page: Page) => chat(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
const answers = (page: Page) => chat(page).locator('li[data-role="assistant"]');

/** The path and query of the e-mail's link after `label: ` in its text part (the stack's PUBLIC_URL is its own). */
function linkAfter(text: string, label: string): string {
  const found = new RegExp(`${label}: (https?://\\S+)`).exec(text);
  expect(found, `a "${label}" link in the e-mail`).not.toBeNull();
  const url = new URL(found![1]!);
  return `${url.pathname}${url.search}`;
}

/** Books the first free ai-session slot of `day` for `who` and pays for it, as session-pass.spec.ts does. */
async function confirmedSession(
  request: APIRequestContext,
  day: string,
  who: { name: string; email: string },
): Promise<{ id: string; startsAt: string }> {
  const availability = await (await request.get(`/api/availability?type=ai-session&date=${day}`)).json();
  const slot = (availability.slots as { startsAt: string; available: boolean }[]).find((s) => s.available);
  expect(slot, `a free ai-session slot on ${day}`).toBeDefined();
  const booked = await request.post('/api/book-session', {
    data: { userId: null, type: 'ai-session', scheduledAt: slot!.startsAt, duration: '60', price: '9.00', ...who },
  });
  expect(booked.status()).toBe(200);
  const { id } = (await booked.json()) as { id: string };
  const intent = await request.post('/api/create-payment-intent', { data: { amount: 9, sessionId: id } });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  expect(await sendPaymentSucceeded(request, clientSecret.split('_secret_')[0]!, id, 900)).toBe(200);
  return { id, startsAt: slot!.startsAt };
}

async function slotAvailable(request: APIRequestContext, day: string, startsAt: string): Promise<boolean | undefined> {
  const availability = await (await request.get(`/api/availability?type=ai-session&date=${day}`)).json();
  return (availability.slots as { startsAt: string; available: boolean }[]).find((s) => s.startsAt === startsAt)
    ?.available;
}

test.describe('the confirmation e-mail and its links', () => {
  test('when an AI Avatar Session is booked and paid, then its e-mail has the invite and a join link that opens an unlimited chat', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const who = visitor();
    await serveStripeJs(page);
    // stripe-mock keeps no state: until the webhook is sent, payments is told what Stripe would say after the
    // browser's confirmation (as checkout.spec.ts does).
    let webhookSent = false;
    await page.route('**/api/payments/status?*', (route) =>
      webhookSent
        ? route.continue()
        : route.fulfill({ status: 200, contentType: 'application/json', body: '{"payment":"succeeded"}' }),
    );
    const { sessionId } = await book(page, 'ai-session', dayAhead(2, 1), who);
    await page.getByRole('button', { name: 'Pay $9.00' }).click();
    await expect(page).toHaveURL(/\/session-confirmed\?sessionId=.+&payment_intent=.+&redirect_status=succeeded/);
    const paymentIntentId = new URL(page.url()).searchParams.get('payment_intent')!;
    expect(await sendPaymentSucceeded(page.request, paymentIntentId, sessionId, 900)).toBe(200);
    webhookSent = true;
    await expect(heading(page, 'Your session is confirmed')).toBeVisible({ timeout: 15_000 });

    const mail = await e2eMailpit().waitForMessage({ to: who.email, subject: /is confirmed$/ }, 15_000);
    expect(mail.HTML).toContain('Join your session');
    expect(mail.HTML).toContain('Change or cancel');
    const invite = (await mail.attachment('invite.ics')).toString('utf8');
    expect(invite).toContain('BEGIN:VCALENDAR');
    expect(invite).toMatch(new RegExp(`UID:${sessionId}@`));

    await page.goto(linkAfter(mail.Text, 'Join your session'));
    await expect(heading(page, 'Your session is open')).toBeFocused();
    await page.getByRole('button', { name: 'Open the chat' }).click();
    await expect(chat(page)).toBeVisible();
    await expect(chat(page).getByText(/^\d+ minutes left in your session$/)).toBeVisible();
    for (let i = 1; i <= 4; i++) {
      await question(page).fill(`What helps with tension headaches? (${i})`);
      await question(page).press('Enter');
      await expect(answers(page)).toHaveCount(i + 1); // the welcome message, then each answer
      await expect(question(page)).toBeEnabled();
    }
    await expect(chat(page).getByText(/free questions/)).toHaveCount(0);
    await expect(chat(page).getByText(/^\d+ minutes left in your session$/)).toBeVisible();
  });

  test('when the "Change or cancel" link is followed, then the session can be moved and then cancelled, each e-mailed, and its slots are free again', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const who = visitor();
    const day = dayAhead(3, 2);
    const { id, startsAt } = await confirmedSession(page.request, day, who);
    const mailpit = e2eMailpit();
    const confirmation = await mailpit.waitForMessage({ to: who.email, subject: /is confirmed$/ }, 15_000);
    const manage = linkAfter(confirmation.Text, 'Change or cancel');
    expect(manage).toMatch(new RegExp(`^/manage-booking\\?booking=${id}&token=`));

    await page.goto(manage);
    await expect(heading(page, 'Your booking')).toBeVisible();
    const details = page.getByRole('definition');
    await expect(details.filter({ hasText: PLAN_LABELS['ai-session'] })).toHaveCount(1);
    await expect(details.filter({ hasText: '$9.00' })).toHaveCount(1);
    await expect(details.filter({ hasText: 'Confirmed' })).toHaveCount(1);
    await expect(details.filter({ hasText: /America\/New_York/ })).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Moved: the booked day is shown first, its own slot booked; another free one is chosen.
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(heading(page, 'Choose a new time')).toBeFocused();
    await expect(dayCell(page, day)).toHaveAttribute('aria-selected', 'true');
    await expect(slotAt(page, startsAt)).toBeDisabled();
    const slot = freeSlot(page);
    const movedTo = (await slot.getAttribute('value'))!;
    await slot.check();
    await expect(page.getByText(/^New time: \w+day, /)).toBeVisible();
    await expectNoAxeViolations(page);
    const moved = page.waitForResponse((res) => res.url().endsWith(`/api/session/${id}/reschedule`));
    await page.getByRole('button', { name: 'Move my session' }).click();
    expect((await moved).status()).toBe(200);
    await expect(heading(page, 'Your session has been moved')).toBeFocused();
    await expect(page.getByText('We have e-mailed you the updated invite.')).toBeVisible();
    const movedMail = await mailpit.waitForMessage({ to: who.email, subject: /has moved$/ }, 15_000);
    expect(movedMail.Text).toContain('has moved to');
    expect(await slotAvailable(page.request, day, startsAt)).toBe(true);
    expect(await slotAvailable(page.request, day, movedTo)).toBe(false);

    // Cancelled: the confirm step says what comes back.
    await page.getByRole('button', { name: 'Cancel session' }).click();
    await expect(heading(page, 'Cancel this session?')).toBeFocused();
    await expect(page.getByText('$9.00 will be refunded to your card.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Yes, cancel my session' }).click();
    await expect(heading(page, 'Your session is cancelled.')).toBeFocused();
    await expect(
      page.getByText(
        /^(Your refund of \$9\.00 is on its way to your card\.|\$9\.00 has been refunded to your card\.)$/,
      ),
    ).toBeVisible();
    await expect(details.filter({ hasText: 'Cancelled' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    const cancelledMail = await mailpit.waitForMessage({ to: who.email, subject: /is cancelled$/ }, 15_000);
    expect(cancelledMail.Text).toContain('$9.00 is being refunded');

    // The link again: still cancelled, nothing left to change.
    await page.goto(manage);
    await expect(heading(page, 'Your session is cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

    // /book offers the freed slot again.
    await page.goto('/book');
    await page.getByRole('radio', { name: PLAN_LABELS['ai-session'] }).check();
    await chooseDay(page, day);
    await expect(slotAt(page, movedTo)).toBeEnabled();
    await expect(slotAt(page, startsAt)).toBeEnabled();
  });

  test('when the link is tampered with, then the page says it is not valid', async ({ page }) => {
    const who = visitor();
    const { id } = await confirmedSession(page.request, dayAhead(5, 4), who);
    const mail = await e2eMailpit().waitForMessage({ to: who.email, subject: /is confirmed$/ }, 15_000);
    const manage = new URL(linkAfter(mail.Text, 'Change or cancel'), 'http://portal');
    const token = manage.searchParams.get('token')!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const other = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;

    for (const link of [
      `/manage-booking?booking=${id}&token=${encodeURIComponent(tampered)}`,
      `/manage-booking?booking=${other}&token=${encodeURIComponent(token)}`,
      `/manage-booking?booking=${id}`,
    ]) {
      await page.goto(link);
      await expect(heading(page, 'This link is not valid')).toBeVisible();
      await expect(
        page.getByText('This link is not valid. Please use the link in your confirmation e-mail.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
  });
});

test.describe('the change-or-cancel page', () => {
  // The booking service's answers stand in for a booking at the edges that a run cannot reach on its own clock.
  const day = dayAhead(4, 3);
  const booking = (changes: Record<string, unknown> = {}) => ({
    id: 'bk_e2e_page',
    price: '9.00',
    type: 'ai-session',
    duration: '60',
    scheduledAt: `${day}T14:00:00.000Z`,
    status: 'confirmed',
    timeZone: 'America/New_York',
    changeable: true,
    changeableUntil: `${day}T13:00:00.000Z`,
    refundOnCancel: '9.00',
    ...changes,
  });
  const answerManage = (page: Page, body: unknown) =>
    page.route('**/api/session/bk_e2e_page/manage', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
    );
  const link = '/manage-booking?booking=bk_e2e_page&token=t0ken';

  test('when the session starts in less than 24 hours, then the page says why and offers no change', async ({
    page,
  }) => {
    await answerManage(
      page,
      booking({
        changeable: false,
        reason: 'Your session starts in less than 24 hours, so it can no longer be changed online.',
      }),
    );
    await page.goto(link);
    await expect(heading(page, 'This booking can no longer be changed')).toBeVisible();
    await expect(page.getByText(/starts in less than 24 hours/)).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'AI Avatar Session' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel session' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('when the chosen slot was just taken, then the page says so and reads the slots again; it fits 375 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await answerManage(page, booking());
    await page.route('**/api/session/bk_e2e_page/reschedule', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'That time was just booked. Please choose another slot.' }),
      }),
    );
    await page.goto(link);
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(heading(page, 'Choose a new time')).toBeFocused();
    await freeSlot(page).check();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    const slotsAgain = page.waitForRequest((req) =>
      req.url().includes(`/api/availability?type=ai-session&date=${day}`),
    );
    await page.getByRole('button', { name: 'Move my session' }).click();
    await slotsAgain;
    await expect(
      page.getByRole('alert').filter({ hasText: 'That time was just booked. Please choose another slot.' }),
    ).toBeVisible();
    await expect(heading(page, 'Time')).toBeFocused();
    await expect(page.getByRole('button', { name: 'Move my session' })).toBeDisabled();
  });
});
