// The booking screen as a visitor drives it: a plan, the details, a day found in the calendar, the first free
// slot. Each spec books on days weeks ahead of its own (`dayAhead`), so the specs of one run never contend for a
// slot unless they mean to; the first free slot of the day is taken, so a run against a portal that already has
// bookings still finds one.
import { expect, type Locator, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';

export const PLAN_LABELS = {
  'ai-session': 'AI Avatar Session',
  subscription: 'Monthly Subscription',
  'dr-helen': `${NAME} Consultation`,
} as const;
export type Plan = keyof typeof PLAN_LABELS;

/** The date, "2026-03-10", of `weekday` (0 Sunday … 6 Saturday) in the week `weeks` from now. */
export function dayAhead(weeks: number, weekday: number): string {
  const day = new Date();
  day.setUTCHours(12, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + weeks * 7 + ((weekday - day.getUTCDay() + 7) % 7));
  return day.toISOString().slice(0, 10);
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "Tuesday, March 10, 2026": how the calendar names a day. */
export function dayName(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * The practice's today (YYYY-MM-DD) in its time zone, as /book's calendar counts days once the first answer has
 * named the zone. Until then the grid counts in the browser's zone: between midnight UTC and midnight in New York
 * that is the day after.
 */
export async function practiceToday(page: Page): Promise<string> {
  const res = await page.request.get(`/api/availability?type=ai-session&date=${dayAhead(1, 1)}`);
  const { timeZone } = (await res.json()) as { timeZone: string };
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

/** Waits until the calendar marks the practice's today, when its month is the one shown. */
export async function calendarInPracticeDays(page: Page, today: string): Promise<void> {
  const cell = page.getByRole('grid').locator(`[data-day="${today}"]`);
  if ((await cell.count()) > 0) await expect(cell).toHaveAttribute('aria-current', 'date');
}

export const calendar = (page: Page): Locator => page.getByRole('grid');
export const dayCell = (page: Page, day: string): Locator =>
  calendar(page).getByRole('gridcell', { name: new RegExp(`^${dayName(day)}`) });
export const slotRadios = (page: Page): Locator => page.getByRole('radio', { name: /^\d\d:\d\d – \d\d:\d\d/ });
export const freeSlot = (page: Page): Locator =>
  page.getByRole('radio', { name: /^\d\d:\d\d – \d\d:\d\d/, disabled: false }).first();
export const bookButton = (page: Page): Locator => page.getByRole('button', { name: 'Book Session' });

/** Shows the day's month (pressing "Next month" as often as needed) and chooses the day. */
export async function chooseDay(page: Page, day: string): Promise<void> {
  for (let i = 0; i < 24 && (await dayCell(page, day).count()) === 0; i += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await dayCell(page, day).click();
  await expect(dayCell(page, day)).toHaveAttribute('aria-selected', 'true');
}

export interface Booked {
  sessionId: string;
  /** The slot's start (its radio's value), ISO date-time in UTC. */
  startsAt: string;
}

/** The slot radio of a start time. */
export const slotAt = (page: Page, startsAt: string): Locator =>
  page.locator(`input[name="slot"][value="${startsAt}"]`);

/** Fills /book's form: the plan, the visitor, `day` and its first free slot (checked); resolves to the slot. */
export async function fillBooking(page: Page, plan: Plan, day: string, who = visitor()): Promise<string> {
  await page.getByRole('radio', { name: PLAN_LABELS[plan] }).check();
  await page.getByRole('textbox', { name: /Full name/ }).fill(who.name);
  await page.getByRole('textbox', { name: /Email/ }).fill(who.email);
  await chooseDay(page, day);
  const slot = freeSlot(page);
  const startsAt = (await slot.getAttribute('value'))!;
  await slot.check();
  return startsAt;
}

/**
 * Books `plan` on `day` with the first free slot; resolves once the screen has moved on to the next page. A
 * page already on /book is used as it is (no reload).
 */
export async function book(page: Page, plan: Plan, day: string, who = visitor()): Promise<Booked> {
  if (new URL(page.url(), 'http://x').pathname !== '/book') await page.goto('/book');
  const startsAt = await fillBooking(page, plan, day, who);
  const answered = page.waitForResponse((res) => res.url().endsWith('/api/book-session'));
  await bookButton(page).click();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(200);
  const { id } = (await response.json()) as { id: string };
  const next = plan === 'subscription' ? '/subscribe' : '/checkout';
  await expect(page).toHaveURL(new RegExp(`${next}\\?sessionId=${id}$`));
  return { sessionId: id, startsAt };
}

let visitors = 0;
/** A visitor of its own for each booking. */
export function visitor(): { name: string; email: string } {
  visitors += 1;
  const tag = `${Date.now().toString(36)}-${process.pid}-${visitors}`;
  return { name: `Visitor ${tag}`, email: `visitor-${tag}@example.com` };
}
