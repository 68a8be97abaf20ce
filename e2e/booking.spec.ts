// The booking screen (/book and /book-session) against the real booking service through nginx: plans, the
// calendar's rules, the slot list read for each plan and day, the specification's toasts, and two visitors
// racing for one slot. What comes after (checkout, subscribe) is in checkout.spec.ts and subscribe.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expectNoAxeViolations } from './support/axe';
import {
  PLAN_LABELS,
  addDays,
  book,
  bookButton,
  calendar,
  calendarInPracticeDays,
  chooseDay,
  dayAhead,
  dayCell,
  dayName,
  freeSlot,
  practiceToday,
  slotAt,
  slotRadios,
  visitor,
} from './support/booking';
import { errorToast, toast } from './support/toast';

const planRadio = (page: Page, plan: keyof typeof PLAN_LABELS) => page.getByRole('radio', { name: PLAN_LABELS[plan] });

/** Every day of the month on screen, with whether the calendar lets it be chosen. */
async function shownDays(page: Page): Promise<{ day: string; disabled: boolean }[]> {
  return calendar(page)
    .locator('[data-day]')
    .evaluateAll((cells) =>
      cells.map((cell) => ({
        day: cell.getAttribute('data-day')!,
        disabled: cell.getAttribute('aria-disabled') === 'true',
      })),
    );
}

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

test.describe('the booking screen', () => {
  test('when /book opens, then the welcome card, the three plans (AI session chosen), the form and the chat input show', async ({
    page,
  }) => {
    await page.goto('/book');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Session');
    await expect(page.getByRole('heading', { name: `Welcome! I'm ${NAME}'s AI assistant` })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Choose your session' })).toBeVisible();
    await expect(planRadio(page, 'ai-session')).toBeChecked();
    await expect(planRadio(page, 'subscription')).not.toBeChecked();
    await expect(planRadio(page, 'dr-helen')).not.toBeChecked();
    // Prices are the catalogue's, as the plan cards show them.
    const plans = page.getByRole('group', { name: 'Choose your session' });
    for (const price of ['$9.00 per hour', '$19.00 per month', '$400.00 per consultation']) {
      await expect(plans.getByText(price)).toBeVisible();
    }
    await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    await expect(page.getByText('Choose a date to see the available times.')).toBeVisible();
    await expect(bookButton(page)).toBeDisabled();
    await expect(page.locator('input[name="query"]')).toHaveAttribute(
      'placeholder',
      'Ask me about session types, scheduling, or what to expect...',
    );
    await expectNoAxeViolations(page);

    await page.goto('/book-session');
    await expect(planRadio(page, 'ai-session')).toBeChecked();
  });

  test('when a plan card is chosen by click or keyboard, then it is selected and announced; the subscription link does not choose it', async ({
    page,
  }) => {
    await page.goto('/book');
    await page.getByText(`In-person consultation with ${NAME}, 90 minutes.`).click();
    await expect(planRadio(page, 'dr-helen')).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: `${PLAN_LABELS['dr-helen']} selected` })).toBeAttached();

    await planRadio(page, 'dr-helen').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(planRadio(page, 'subscription')).toBeChecked();
    await expect(planRadio(page, 'subscription')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(planRadio(page, 'ai-session')).toBeChecked();

    await page.getByRole('link', { name: 'Subscribe now' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await page.goBack();
    await expect(planRadio(page, 'ai-session')).toBeChecked();
    await expect(planRadio(page, 'subscription')).not.toBeChecked();
  });

  test('when the calendar shows, then weeks start on Sunday, past days and Sundays are closed, and the consultation opens on Tuesdays only', async ({
    page,
  }) => {
    const practiceDay = await practiceToday(page);
    await page.goto('/book');
    await expect(calendar(page).getByRole('columnheader')).toHaveCount(7);
    const headers = await calendar(page).getByRole('columnheader').allTextContents();
    expect(headers[0]).toContain('Sunday');
    expect(headers[6]).toContain('Saturday');

    // The calendar opens on the month of the first open day: today's, unless today is its last and closed.
    // "Today" is the practice's, once its zone is known.
    await calendarInPracticeDays(page, practiceDay);
    const todayCell = calendar(page).locator('[aria-current="date"]');
    const today = (await todayCell.count()) > 0 ? await todayCell.getAttribute('data-day') : null;
    for (const { day, disabled } of await shownDays(page)) {
      const closed = (today !== null && day < today) || weekdayOf(day) === 0;
      expect({ day, disabled }).toEqual({ day, disabled: closed });
    }
    if (today) await expect(page.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await planRadio(page, 'dr-helen').check();
    await page.getByRole('button', { name: 'Next month' }).click();
    const next = await shownDays(page);
    expect(next.length).toBeGreaterThanOrEqual(28);
    for (const { day, disabled } of next) expect({ day, disabled }).toEqual({ day, disabled: weekdayOf(day) !== 2 });

    // A closed day cannot be chosen, and says why.
    const monday = next.find(({ day }) => weekdayOf(day) === 1)!.day;
    await expect(dayCell(page, monday)).toHaveAccessibleName(
      `${dayName(monday)} (${NAME} sees visitors on Tuesdays only)`,
    );
    // Playwright waits for an aria-disabled element to enable: force the click a visitor can still make.
    await dayCell(page, monday).click({ force: true });
    await expect(dayCell(page, monday)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByText('Choose a date to see the available times.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('when the calendar reaches the booking horizon (6 months ahead), then later days are closed, no later month is shown, and the note says until when', async ({
    page,
  }) => {
    // "Today" is the practice's, in its time zone: until the first answer names it, the grid shows the browser's
    // (between midnight UTC and midnight in New York, the day after). The note is awaited in the practice's.
    const today = await practiceToday(page);
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const monthLength = new Date(Date.UTC(y, m + 6, 0)).getUTCDate();
    const last = new Date(Date.UTC(y, m - 1 + 6, Math.min(d, monthLength))).toISOString().slice(0, 10);
    const note = `You can book up to 6 months ahead, until ${dayName(last)}.`;
    await page.goto('/book');
    await expect(calendar(page).getByRole('columnheader')).toHaveCount(7);
    await expect(page.getByText(note)).toBeVisible();
    // The calendar opens on the first open day's month: today's, unless today is its last and closed.
    const todayCell = calendar(page).locator('[aria-current="date"]');
    if ((await todayCell.count()) === 0) await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(todayCell).toHaveAttribute('data-day', today);
    await expect(calendar(page)).toHaveAccessibleDescription(
      `${note} Use the arrow keys to move between days, Page Up and Page Down to change the month.`,
    );

    const next = page.getByRole('button', { name: 'Next month' });
    for (let i = 0; i < 6; i += 1) await next.click();
    await expect(next).toBeDisabled();
    const shown = await shownDays(page);
    expect(shown.some(({ day }) => day === last)).toBe(true);
    for (const { day, disabled } of shown) {
      expect({ day, disabled }).toEqual({ day, disabled: weekdayOf(day) === 0 || day > last });
    }
    const after = shown.find(({ day }) => day > last && weekdayOf(day) !== 0);
    if (after) {
      await expect(dayCell(page, after.day)).toHaveAccessibleName(`${dayName(after.day)} (more than 6 months ahead)`);
      await dayCell(page, after.day).click({ force: true });
      await expect(dayCell(page, after.day)).toHaveAttribute('aria-selected', 'false');
    }
    await expectNoAxeViolations(page);
  });

  test('when the calendar is used from the keyboard, then the arrows move the day and Enter chooses it', async ({
    page,
  }) => {
    await page.goto('/book');
    const tuesday = dayAhead(6, 2);
    await chooseDay(page, tuesday);
    await dayCell(page, tuesday).focus();
    await page.keyboard.press('ArrowRight');
    const wednesday = addDays(tuesday, 1);
    await expect(dayCell(page, wednesday)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const nextWednesday = addDays(wednesday, 7);
    await expect(dayCell(page, nextWednesday)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dayCell(page, nextWednesday)).toHaveAttribute('aria-selected', 'true');
    await expect(freeSlot(page)).toBeVisible();
    // The slot list is reached with Tab and chosen with the keyboard too.
    await freeSlot(page).focus();
    await page.keyboard.press('Space');
    await expect(slotRadios(page).first()).toBeChecked();
  });

  test('when the plan or the day changes, then the slots are asked for again, in the practice time zone', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/availability') asked.push(url.search);
    });
    await page.goto('/book');
    const tuesday = dayAhead(8, 2);
    await chooseDay(page, tuesday);
    await expect(slotRadios(page)).toHaveCount(6);
    await expect(page.getByText(/^Times are in the practice's time zone: .*America\/New_York/)).toBeVisible();

    await planRadio(page, 'dr-helen').check();
    // Tuesday stays chosen for the consultation; its three 90-minute slots replace the hourly ones.
    await expect(slotRadios(page)).toHaveCount(3);
    await expect(slotRadios(page).first()).toHaveAccessibleName(/^09:00 – 10:30/);

    await planRadio(page, 'ai-session').check();
    await expect(dayCell(page, tuesday)).toHaveAttribute('aria-selected', 'true');
    await chooseDay(page, dayAhead(8, 3));
    await expect(slotRadios(page)).toHaveCount(6);
    expect(asked).toEqual([
      `?type=ai-session&date=${tuesday}`,
      `?type=dr-helen&date=${tuesday}`,
      `?type=ai-session&date=${tuesday}`,
      `?type=ai-session&date=${dayAhead(8, 3)}`,
    ]);
  });

  test('when name or e-mail is missing, then "Missing information" shows and nothing is sent', async ({ page }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/book-session')) sent += 1;
    });
    await page.goto('/book');
    await chooseDay(page, dayAhead(9, 4));
    await freeSlot(page).check();
    await expect(bookButton(page)).toBeEnabled();
    await bookButton(page).click();
    await expect(errorToast(page)).toContainText('Missing information');
    await expect(errorToast(page)).toContainText('Please fill in all required fields.');
    await expect(page.getByRole('textbox', { name: /Full name/ })).toBeFocused();
    await expect(page.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('textbox', { name: /Full name/ }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: /Email/ }).fill('ada');
    await bookButton(page).click();
    await expect(page.getByRole('textbox', { name: /Email/ })).toBeFocused();
    await expect(page.getByText('Please enter a valid email address, like name@example.com.')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(sent).toBe(0);
  });

  test('when two visitors book the same slot, then the second is told in words (no 409) that the time was just booked, and the slot turns booked', async ({
    browser,
  }) => {
    const day = dayAhead(10, 5);
    const [first, second] = [await browser.newPage(), await browser.newPage()];
    try {
      // Both have the day's slots on screen; the first books, then the second tries the very same slot.
      await second.goto('/book');
      await second.getByRole('textbox', { name: /Full name/ }).fill('Second Visitor');
      await second.getByRole('textbox', { name: /Email/ }).fill(visitor().email);
      await chooseDay(second, day);
      const won = await book(first, 'ai-session', day);
      const contested = slotAt(second, won.startsAt);
      await expect(contested).toBeEnabled();
      await contested.check();

      const answered = second.waitForResponse((res) => res.url().endsWith('/api/book-session'));
      await bookButton(second).click();
      expect((await answered).status()).toBe(409);
      await expect(errorToast(second)).toContainText('Booking failed');
      await expect(
        errorToast(second).getByText('That time was just booked. Please choose another slot.', { exact: true }),
      ).toBeVisible();
      expect(await errorToast(second).innerText()).not.toContain('409');
      await expect(contested).toBeDisabled();
      await expect(second.getByRole('listitem').filter({ has: contested })).toContainText('Booked');
      await expect(bookButton(second)).toBeDisabled();
      await expect(second).toHaveURL(/\/book$/);
      await expect(second.getByRole('heading', { name: 'Time' })).toBeFocused();
    } finally {
      await Promise.all([first.context().close(), second.context().close()]);
    }
  });

  test('when a session is booked, then "Session booked successfully!" shows and checkout opens for it', async ({
    page,
  }) => {
    const { sessionId } = await book(page, 'ai-session', dayAhead(11, 1));
    await expect(toast(page)).toContainText('Session booked successfully!');
    await expect(toast(page)).toContainText('24 hours');
    expect(sessionId).toMatch(/^[\w-]{10,}$/);
  });

  test('when "Book Consultation for Ayurveda" is followed from /treatments, then the consultation is chosen with Ayurveda in the notes', async ({
    page,
  }) => {
    await page.goto('/treatments#ayurveda');
    await page.getByRole('link', { name: 'Book Consultation for Ayurveda' }).click();
    await expect(page).toHaveURL(/\/book\?plan=dr-helen&modality=ayurveda$/);
    await expect(planRadio(page, 'dr-helen')).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Session notes (optional)' })).toHaveValue(
      'Consultation about Ayurveda.',
    );
  });
});
