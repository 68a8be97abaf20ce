// The AI Avatar Session's join link (issue 17): a confirmed booking's `/join?booking=&token=` opens the session
// for this browser inside its window, and the chat is then unlimited, its header showing the minutes left.
// Bookings go through the booking and payments services as a visitor's do (booked, then paid: the signed
// `payment_intent.succeeded` webhook confirms them). Slots are on the hour and only future ones can be booked,
// so the e2e stack opens a session's link 60 days before it starts (infra/src/e2e/session-pass.ts): a session
// a week ahead is open, one 22 weeks ahead is early. The window's edges are the booking service's integration
// tests'.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { E2E_SESSION_PASS_SECRET } from '../infra/src/e2e/session-pass';
import { sessionJoinToken } from '../services/kit/src/session-pass';
import { expectNoAxeViolations } from './support/axe';
import { dayAhead } from './support/booking';
import { sendPaymentSucceeded } from './support/stripe-webhook';

const heading = (page: Page, name: string) => page.getByRole('heading', { name });
const panel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });
const input = (page: Page) => panel(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
const answers = (page: Page) => panel(page).locator('li[data-role="assistant"]');

/** Books the first free ai-session slot of `day` and pays for it; resolves once booking says confirmed. */
async function confirmedSession(request: APIRequestContext, day: string): Promise<{ id: string; startsAt: string }> {
  const availability = await (await request.get(`/api/availability?type=ai-session&date=${day}`)).json();
  const slot = (availability.slots as { startsAt: string; available: boolean }[]).find((s) => s.available);
  expect(slot, `a free ai-session slot on ${day}`).toBeDefined();
  const booked = await request.post('/api/book-session', {
    data: {
      userId: null,
      type: 'ai-session',
      scheduledAt: slot!.startsAt,
      duration: '60',
      price: '9.00',
      notes: '',
      name: 'Ada Visitor',
      email: 'ada@example.com',
    },
  });
  expect(booked.status()).toBe(200);
  const { id } = (await booked.json()) as { id: string };
  const intent = await request.post('/api/create-payment-intent', { data: { amount: 9, sessionId: id } });
  expect(intent.status()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  expect(await sendPaymentSucceeded(request, clientSecret.split('_secret_')[0]!, id, 900)).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(`/api/session/${id}`)).json()) as { status: string }).status, {
      timeout: 15_000,
    })
    .toBe('confirmed');
  return { id, startsAt: slot!.startsAt };
}

/** The token with its last character changed. */
const tampered = (token: string) => `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;

const joinLink = (id: string, token = sessionJoinToken(id, E2E_SESSION_PASS_SECRET)) =>
  `/join?booking=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;

test.describe('the session pass', () => {
  test('when the join link is followed inside the window, then the session opens and the chat is unlimited with the minutes left', async ({
    page,
    browser,
  }) => {
    const { id } = await confirmedSession(page.request, dayAhead(1, 3));
    await page.goto(joinLink(id));

    await expect(heading(page, 'Your session is open')).toBeVisible();
    await expect(heading(page, 'Your session is open')).toBeFocused();
    await expect(page.getByText(/^\d+ minutes left in your session\.$/)).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'hhp_pass');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Open the chat' }).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByText(/^\d+ minutes left in your session$/)).toBeVisible();
    await expect(panel(page).getByText(/free questions/)).toHaveCount(0);
    // More than the 3 free questions, none refused, and the counters never come back.
    for (let i = 1; i <= 4; i++) {
      await input(page).fill(`What can help with stress headaches? (${i})`);
      await input(page).press('Enter');
      await expect(answers(page)).toHaveCount(i + 1); // the welcome message, then each answer
      await expect(input(page)).toBeEnabled();
    }
    await expect(panel(page).getByRole('group', { name: '3 Free Questions Used' })).toHaveCount(0);
    await expect(panel(page).getByText(/^\d+ minutes left in your session$/)).toBeVisible();
    await expect(panel(page).getByText(/free questions/)).toHaveCount(0);

    // The same browser rejoins; another browser with the same link is refused.
    await page.goto(joinLink(id));
    await expect(heading(page, 'Your session is open')).toBeVisible();
    const other = await browser.newContext();
    try {
      const second = await other.newPage();
      await second.goto(joinLink(id));
      await expect(heading(second, 'We could not open your session')).toBeVisible();
      await expect(second.getByText('This session is already open in another browser.')).toBeVisible();
      await expect(heading(second, 'We could not open your session')).toBeFocused();
      // ...and its chat counts as a guest's.
      const quota = await (await second.request.get('/api/quota')).json();
      expect(quota).toEqual({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false });
    } finally {
      await other.close();
    }
  });

  test('when the join link is followed before the window, then the page says when to come back, and the chat keeps the free counters', async ({
    page,
  }) => {
    const { id, startsAt } = await confirmedSession(page.request, dayAhead(22, 3));
    await page.goto(joinLink(id));

    await expect(heading(page, 'Your session has not started yet')).toBeVisible();
    await expect(heading(page, 'Your session has not started yet')).toBeFocused();
    const opens = new Date(Date.parse(startsAt) - 60 * 24 * 60 * 60_000);
    const day = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(opens);
    await expect(page.getByText(`Please come back from ${day}`, { exact: false })).toBeVisible();
    await expect(page.getByText(/Eastern (Standard|Daylight) Time \(America\/New_York\)/)).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'hhp_pass')).toBeUndefined();
    await expectNoAxeViolations(page);
    const quota = await (await page.request.get('/api/quota')).json();
    expect(quota).toEqual({ queriesUsed: 0, queriesAllowed: 3, isSubscriber: false });
  });

  test("when the token is tampered or another booking's, then the page says the link is not valid and gives no pass", async ({
    page,
  }) => {
    const { id } = await confirmedSession(page.request, dayAhead(1, 4));
    const other = sessionJoinToken(`${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`, E2E_SESSION_PASS_SECRET);
    for (const token of [other, tampered(sessionJoinToken(id, E2E_SESSION_PASS_SECRET))]) {
      await page.goto(joinLink(id, token));
      await expect(heading(page, 'We could not open your session')).toBeVisible();
      await expect(page.getByText(/This join link is not valid/)).toBeVisible();
    }
    expect((await page.context().cookies()).find((c) => c.name === 'hhp_pass')).toBeUndefined();
    await expectNoAxeViolations(page);
  });

  test('when the link lacks its token, then the page says it is incomplete', async ({ page }) => {
    await page.goto('/join?booking=abc');
    await expect(heading(page, 'This link is incomplete')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join your session');
  });
});
