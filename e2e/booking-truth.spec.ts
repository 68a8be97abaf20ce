// Issue 27, points 2 and 3 with payments on (the run's stack: stripe-mock): "Back to Booking" from checkout and
// from /subscribe gives the visitor's own hold back (the slot reads free at once, in the list and in
// /api/availability) and brings the form back as it was typed; /subscribe says how long the subscription
// plan's time is held, and once the hold has lapsed, that it was released and to book again.
import { expect, test, type Page } from '@playwright/test';
import { book, dayAhead, slotAt, visitor } from './support/booking';

const heading = (page: Page, name: string) => page.getByRole('heading', { name });

/** Whether /api/availability shows the slot starting at `startsAt` free, for the plan on `day`. */
async function slotFree(page: Page, type: string, day: string, startsAt: string): Promise<boolean> {
  const res = await page.request.get(`/api/availability?type=${type}&date=${day}`);
  expect(res.status()).toBe(200);
  const { slots } = (await res.json()) as { slots: { startsAt: string; available: boolean }[] };
  return slots.find((slot) => slot.startsAt === startsAt)!.available;
}

async function expectFormKept(page: Page, who: { name: string; email: string }, startsAt: string) {
  await expect(page).toHaveURL(/\/book$/);
  await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveValue(who.name);
  await expect(page.getByRole('textbox', { name: /Email/ })).toHaveValue(who.email);
  // The visitor's own time is free again and still chosen, not "Booked".
  await expect(slotAt(page, startsAt)).toBeEnabled();
  await expect(slotAt(page, startsAt)).toBeChecked();
}

test.describe('going back from checkout or /subscribe', () => {
  test('when "Back to Booking" is pressed on checkout, then the hold is released and the form is as it was typed', async ({
    page,
  }) => {
    const who = visitor();
    const day = dayAhead(21, 4);
    const { sessionId, startsAt } = await book(page, 'ai-session', day, who);
    await expect(heading(page, 'Order Summary')).toBeVisible();
    expect(await slotFree(page, 'ai-session', day, startsAt)).toBe(false);

    const released = page.waitForResponse((res) => res.url().endsWith(`/api/session/${sessionId}/release`));
    await page.getByRole('link', { name: 'Back to Booking' }).click();
    expect((await released).status()).toBe(200);

    await expectFormKept(page, who, startsAt);
    expect(await slotFree(page, 'ai-session', day, startsAt)).toBe(true);
    const session = await (await page.request.get(`/api/session/${sessionId}`)).json();
    expect(session).toMatchObject({ status: 'expired' });
  });

  test('when "Back to Booking" is pressed on /subscribe, then the hold is released, the form is kept, and there is one Back button', async ({
    page,
  }) => {
    const who = visitor();
    const day = dayAhead(21, 5);
    const { startsAt } = await book(page, 'subscription', day, who);
    await expect(heading(page, 'Your email')).toBeVisible();
    await expect(
      page.getByText(/^Your time is held for you until \d{1,2}:\d\d [AP]M \(your time\) \(1[45] minutes left\)\.$/),
    ).toBeVisible();
    await expect(page.getByText(/is confirmed once the subscription is active\.$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Booking' })).toHaveCount(1);

    await page.getByRole('link', { name: 'Back to Booking' }).click();

    await expectFormKept(page, who, startsAt);
    await expect(page.getByRole('radio', { name: 'Monthly Subscription' })).toBeChecked();
    expect(await slotFree(page, 'subscription', day, startsAt)).toBe(true);
  });

  test('when the hold on the subscription plan lapses while /subscribe is open, then it says the time was released and to book again', async ({
    page,
  }) => {
    await page.clock.install();
    const { sessionId } = await book(page, 'subscription', dayAhead(23, 1));
    await expect(page.getByText(/^Your time is held for you until/)).toBeVisible();

    await page.clock.fastForward('16:00');

    await expect(heading(page, 'The hold on your time has lapsed')).toBeVisible();
    await expect(page.getByText(/the time has been released\. To have it, please book again\.$/)).toBeVisible();
    await expect(page.getByText(/is confirmed once the subscription is active/)).toHaveCount(0);
    await expect(page.getByText(/held for you until/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/book');
    expect(sessionId).toBeTruthy();
  });
});

test('when the sign-in page is opened without a token, then it says how to get a sign-in link and offers the form', async ({
  page,
}) => {
  await page.goto('/subscription/sign-in');
  await expect(heading(page, 'Sign in with a link from your e-mail')).toBeVisible();
  await expect(page.getByText(/cannot be used/)).toHaveCount(0);
  await expect(
    page.getByText(
      'This page signs a device in to your subscription when it is opened from a sign-in link. To get one, enter below the e-mail address you subscribed with, and we will e-mail you a sign-in link for this device.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Subscription email address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  // No link was ever had: the form asks for one, not for a "new" one.
  await expect(page.getByRole('region', { name: 'Ask for a sign-in link' })).toContainText('Ask for a sign-in link:');
  await expect(page.getByText(/new sign-in link/)).toHaveCount(0);
});
