// The practice's console in the browser (issue 30, point 1): the first admin's invitation e-mail (the e2e stack sets
// PRACTICE_FIRST_ADMIN_EMAIL), its link, a passkey made by Chromium's virtual authenticator (the DevTools protocol's
// WebAuthn domain: a platform authenticator with resident keys and user verification), the console, an invite,
// signing out and in again with the same passkey; then the calendar: a visitor's paid session on it, cancelled by her;
// and the calendar feed: a paid consultation in the .ics a calendar fetches without a session, the address revoked.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_PRACTICE_ADMIN_EMAIL, e2eMailpit } from '../infra/src/e2e/mail';
import { expectNoAxeViolations } from './support/axe';
import { chooseDay, dayAhead, dayCell, PLAN_LABELS } from './support/booking';
import { sendPaymentSucceeded } from './support/stripe-webhook';
import { parseCalendar } from '../services/booking/test/integration/ical';

const SUBJECT = 'Your invitation to the practice console';

/** A passkey-capable device for this page: what a phone's or a laptop's own authenticator is. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

/** The path and fragment of the invitation e-mail's link. */
function inviteLink(text: string): string {
  const found = /https?:\/\/\S+\/practice\/invite#[A-Za-z0-9_-]{43}/.exec(text);
  expect(found, 'a /practice/invite link in the e-mail').not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.hash}`;
}

/** Shows the month of `day` on /book's calendar, without choosing it. */
async function showDay(page: Page, day: string): Promise<void> {
  for (let i = 0; i < 24 && (await dayCell(page, day).count()) === 0; i += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(dayCell(page, day)).toBeVisible();
}

test.describe('the practice console', () => {
  test.skip(!!process.env.E2E_EXTERNAL_URL, 'needs the e2e stack (its first admin and its Mailpit)');

  test('when the first admin opens her invitation and makes a passkey, then she can invite, sign out and sign in again', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await virtualAuthenticator(page);
    const mail = await e2eMailpit().waitForMessage({ to: E2E_PRACTICE_ADMIN_EMAIL, subject: SUBJECT }, 30_000);
    const link = inviteLink(mail.Text);

    // The console's pages are not for search engines.
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"][content="noindex"]').first()).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your passkey' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(page).toHaveURL(/\/practice$/);
    // The console's chunk and its first four answers: on CI's loaded machine (load 21) that took over 5 s once.
    await expect(page.getByTestId('practice-me')).toHaveText(E2E_PRACTICE_ADMIN_EMAIL, { timeout: 15_000 });
    const staff = page.getByRole('region', { name: 'Staff' });
    await expect(staff.getByRole('cell', { name: E2E_PRACTICE_ADMIN_EMAIL })).toBeVisible();

    // An invite for a practitioner: the form by keyboard.
    const practitioner = `practitioner-${Date.now()}@example.com`;
    await page.getByLabel('E-mail address').fill(practitioner);
    await page.getByRole('radio', { name: 'Practitioner' }).check();
    await page.getByLabel('E-mail address').press('Enter');
    await expect(page.getByRole('status')).toContainText(`Invitation sent to ${practitioner}`);
    await e2eMailpit().waitForMessage({ to: practitioner, subject: SUBJECT }, 15_000);
    await expect(
      page.getByRole('region', { name: 'Audit log' }).getByRole('cell', { name: 'staff-invited' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The invitation is used: opening it again is the server's sentence.
    await page.goto(link);
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link is not valid: it was used already, or it expired. Ask for a new one.',
    );

    await page.goto('/practice');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/practice\/sign-in$/);
    // Without a session the console sends her to sign in.
    await page.goto('/practice');
    await expect(page).toHaveURL(/\/practice\/sign-in$/);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/practice$/);
    await expect(page.getByTestId('practice-me')).toHaveText(E2E_PRACTICE_ADMIN_EMAIL);
    await expectNoAxeViolations(page);

    // Availability without code (issue 30, point 3): a Tuesday weeks ahead closed in the console is closed on /book
    // at once; removing the day off opens it again.
    const tuesday = dayAhead(21, 2);
    await page.getByLabel('Date', { exact: true }).fill(tuesday);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(`${tuesday} is changed.`);
    const exceptions = page.getByRole('region', { name: 'Days off and extra days' });
    await expect(exceptions.getByRole('cell', { name: tuesday, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    // /book's day grid asks for the practice's open days: the day off is greyed out there, saying why.
    const visitor = await page.context().newPage();
    await visitor.goto('/book');
    await visitor.getByRole('radio', { name: PLAN_LABELS['dr-helen'] }).check();
    await showDay(visitor, tuesday);
    await expect(dayCell(visitor, tuesday)).toHaveAttribute('aria-disabled', 'true');
    await expect(dayCell(visitor, tuesday)).toHaveAccessibleName(/\(the practice is closed on this day\)$/);
    await exceptions.getByRole('button', { name: `Remove ${tuesday}` }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(`${tuesday} follows the week again.`);
    await visitor.reload();
    await visitor.getByRole('radio', { name: PLAN_LABELS['dr-helen'] }).check();
    await chooseDay(visitor, tuesday);
    await expect(visitor.getByRole('radio', { name: /^\d\d:\d\d – \d\d:\d\d/, disabled: false }).first()).toBeVisible();
    // An extra Thursday for the practitioner can be picked on /book, with its own time; removed again after.
    const thursday = dayAhead(21, 4);
    await page.getByLabel('Date', { exact: true }).fill(thursday);
    await page.getByRole('radio', { name: 'Extra day (open)' }).check();
    await page.getByRole('checkbox', { name: PLAN_LABELS['ai-session'] }).uncheck();
    await page.getByRole('checkbox', { name: PLAN_LABELS.subscription }).uncheck();
    await page.getByLabel(/^Times/).fill('10:00');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(`${thursday} is changed.`);
    await visitor.reload();
    await visitor.getByRole('radio', { name: PLAN_LABELS['dr-helen'] }).check();
    await chooseDay(visitor, thursday);
    await expect(visitor.getByRole('radio', { name: /^10:00 – 11:30/, disabled: false })).toBeVisible();
    await exceptions.getByRole('button', { name: `Remove ${thursday}` }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(`${thursday} follows the week again.`);
    await visitor.close();

    // The list and the numbers (issue 30, point 5): an address confirmed on the e-mail list is in the admin's list
    // and in its CSV export; the Numbers panel shows its cards and the week's chart, named by what it shows.
    const subscriber = `aaa-list-${Date.now()}@example.com`;
    expect(
      (await page.request.post('/api/subscribe-email', { data: { email: subscriber, source: 'footer' } })).status(),
    ).toBe(200);
    const confirmation = await e2eMailpit().waitForMessage(
      { to: subscriber, subject: 'Please confirm your subscription' },
      15_000,
    );
    const confirmLink = new URL(/https?:\/\/\S+\/email-confirmed\?token=\S+/.exec(confirmation.Text)![0]);
    const reader = await page.context().newPage();
    await reader.goto(`${confirmLink.pathname}${confirmLink.search}`);
    await expect(reader.getByRole('heading', { level: 2, name: 'Subscription confirmed' })).toBeVisible();
    await reader.close();
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'E-mail list' }).getByRole('cell', { name: subscriber }),
    ).toBeVisible();
    await expect(page.getByTestId('practice-list-count')).toContainText('confirmed address');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export as CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('email,source,subscribed_at,confirmed_at,consent');
    expect(csv).toContain(`\r\n${subscriber},footer,`);
    await expect(page.getByRole('heading', { level: 2, name: 'Numbers' })).toBeVisible();
    await expect(page.getByText('Sessions today')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Sessions per day this week: / })).toBeVisible();
    await expectNoAxeViolations(page);

    // The calendar (issue 30, point 2): a session booked and paid as a visitor is on the console's calendar with its
    // visitor and notes; she cancels it from its details; the visitor gets the e-mail and the refund is recorded.
    const guest = { name: `Calendar ${Date.now().toString(36)}`, email: `calendar-${Date.now()}@example.com` };
    const sessionDay = dayAhead(1, 3);
    const offered = await (await page.request.get(`/api/availability?type=ai-session&date=${sessionDay}`)).json();
    const slot = (offered.slots as { startsAt: string; time: string; available: boolean }[]).find((s) => s.available);
    expect(slot, `a free ai-session slot on ${sessionDay}`).toBeDefined();
    const booked = await page.request.post('/api/book-session', {
      data: { type: 'ai-session', scheduledAt: slot!.startsAt, notes: 'Prefers a quiet room', ...guest },
    });
    expect(booked.status()).toBe(200);
    const { id: bookingId } = (await booked.json()) as { id: string };
    const intent = await page.request.post('/api/create-payment-intent', { data: { amount: 9, sessionId: bookingId } });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    expect(await sendPaymentSucceeded(page.request, clientSecret.split('_secret_')[0]!, bookingId, 900)).toBe(200);
    await e2eMailpit().waitForMessage({ to: guest.email, subject: /is confirmed$/ }, 15_000);

    const calendar = page.getByRole('region', { name: 'Calendar' });
    // The view is on the practice's today once the calendar has answered with its time zone.
    await expect(calendar.getByText(/^Times are the practice/)).toBeVisible();
    const practiceToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    const daysAhead = Math.round((Date.parse(sessionDay) - Date.parse(practiceToday)) / 86_400_000);
    for (let day = 0; day < daysAhead; day += 1) await calendar.getByRole('button', { name: 'Next day' }).click();
    await calendar.getByRole('button', { name: new RegExp(guest.name) }).click();
    const details = page.getByRole('dialog', { name: new RegExp(guest.name) });
    await expect(details.getByText(guest.email)).toBeVisible();
    await expect(details.getByText('Prefers a quiet room')).toBeVisible();
    await expect(details.getByText(`${slot!.time}–`)).toBeVisible();
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Cancel it' }).click();
    await expect(details.getByRole('alert').or(details.getByRole('status')).first()).toContainText(
      'The booking is cancelled',
    );
    await expect(details.getByTestId('calendar-status')).toHaveText('Cancelled');
    const cancelled = await e2eMailpit().waitForMessage({ to: guest.email, subject: /is cancelled$/ }, 15_000);
    expect(cancelled.Text).toContain('$9.00 is being refunded');
    await expect
      .poll(
        async () => {
          const range = `from=${sessionDay}&to=${sessionDay}`;
          const answer = await (await page.request.get(`/api/practice/calendar?${range}`)).json();
          return (answer.bookings as { id: string; payment: { state: string } }[]).find((b) => b.id === bookingId)
            ?.payment.state;
        },
        { timeout: 30_000 },
      )
      .toBe('refunded');
    await details.getByRole('button', { name: 'Close' }).click();

    // The calendar feed (issue 30, point 4): a consultation booked and paid on a Tuesday is in the feed that a
    // calendar application fetches without a session (read by ical.js), with the visitor's first name and neither her
    // address nor her notes; the card makes and shows the address once, and a revoked address is a 404.
    const stamp = Date.now().toString(36);
    const consultant = { name: `Feed${stamp} Visitor`, email: `feed-${stamp}@example.com` };
    let consultation: { startsAt: string } | undefined;
    for (let weeks = 2; !consultation && weeks < 8; weeks += 1) {
      const day = await (await page.request.get(`/api/availability?type=dr-helen&date=${dayAhead(weeks, 2)}`)).json();
      consultation = (day.slots as { startsAt: string; available: boolean }[]).find((s) => s.available);
    }
    expect(consultation, 'a free consultation on a Tuesday').toBeDefined();
    const held = await page.request.post('/api/book-session', {
      data: { type: 'dr-helen', scheduledAt: consultation!.startsAt, notes: 'Knee pain after a fall', ...consultant },
    });
    expect(held.status()).toBe(200);
    const { id: consultationId } = (await held.json()) as { id: string };
    const paying = await page.request.post('/api/create-payment-intent', {
      data: { amount: 400, sessionId: consultationId },
    });
    const { clientSecret: consultationSecret } = (await paying.json()) as { clientSecret: string };
    expect(
      await sendPaymentSucceeded(page.request, consultationSecret.split('_secret_')[0]!, consultationId, 40000),
    ).toBe(200);
    await e2eMailpit().waitForMessage({ to: consultant.email, subject: /is confirmed$/ }, 15_000);

    const feedCard = page.getByRole('region', { name: 'Calendar feed' });
    await expect(feedCard.getByText('You have no calendar feed.')).toBeVisible();
    await feedCard.getByRole('button', { name: 'Create feed address' }).click();
    const feedAddress = feedCard.getByLabel('Your feed address (https)');
    await expect(feedAddress).toHaveValue(/\/api\/practice\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feedUrl = await feedAddress.inputValue();
    await expect(feedCard.getByLabel(/webcal/)).toHaveValue(feedUrl.replace(/^https?:/, 'webcal:'));
    await expectNoAxeViolations(page);
    // A calendar application: no cookie, no Origin, through nginx.
    const feedOnStack = new URL(new URL(feedUrl).pathname, page.url()).href;
    const fetched = await fetch(feedOnStack);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const feedText = await fetched.text();
    const event = parseCalendar(feedText).events.find((e) => e.uid.startsWith(`${consultationId}@`));
    expect(event, 'the consultation in the feed').toBeDefined();
    expect(event!.summary).toMatch(new RegExp(`Consultation: Feed${stamp}$`));
    expect(event!.start.toISOString()).toBe(new Date(consultation!.startsAt).toISOString());
    expect(feedText).not.toContain(consultant.email);
    expect(feedText).not.toContain('Knee pain');
    await feedCard.getByRole('button', { name: 'Revoke feed' }).click();
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(feedCard.getByText('The feed is revoked: its address no longer works.')).toBeVisible();
    expect((await fetch(feedOnStack)).status).toBe(404);

    // At a phone's width the console still shows her and its controls.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    // Nothing wider than the screen but the tables, which scroll inside their own regions.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('when the console pages are built, then they are not among the public pages', async ({ request }) => {
    const known = (await (await request.get('/routes.json')).json()) as string[];
    expect(known.filter((path) => path.startsWith('/practice'))).toEqual([]);
    const html = await (await request.get('/practice/sign-in')).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots.split('\n')).toContain('Disallow: /practice');
  });
});
