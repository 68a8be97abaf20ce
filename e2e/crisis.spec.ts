// The crisis safety net (specification, sections 1, 4 and 5): the banner shows the moment typed text matches
// the browser's keyword list, before anything is sent; a service's verdict raises it on its own; its close
// button hides it; and it carries the 988 and 741741 links.
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { errorToast } from './support/toast';

const NAME = 'Dr. Helen';
const banner = (page: Page) => page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT });
const queryBox = (page: Page) => page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` });

/** Every request to the given API path, as it is made. */
function recordRequests(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request);
  });
  return seen;
}

/**
 * Key by key, as a visitor types. Prerendered pages keep their text fields disabled until React has
 * taken the page over (text typed before that would be lost), so wait for the field to accept input.
 */
async function typeInto(field: Locator, text: string): Promise<void> {
  await expect(field).toBeEditable();
  await field.pressSequentially(text);
}

test.describe('the crisis banner', () => {
  test('when nothing has been typed, then no banner shows', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
  });

  test('when "I want to die" is typed, then the banner shows before anything is sent', async ({ page }) => {
    const queries = recordRequests(page, '/api/query-ai');
    const checks = recordRequests(page, '/api/detect-crisis');
    await page.goto('/');
    await typeInto(queryBox(page), 'I want to die');

    await expect(banner(page)).toBeVisible();
    expect(queries).toHaveLength(0);
    expect(checks).toHaveLength(0);
    // Typing goes on undisturbed: the banner announces itself without taking focus from the text box.
    await expect(queryBox(page)).toBeFocused();

    const phone = banner(page).getByRole('link', { name: /988/ });
    await expect(phone).toHaveAttribute('href', 'tel:988');
    await expect(phone).toContainText('988 Suicide & Crisis Lifeline');
    const text = banner(page).getByRole('link', { name: /741741/ });
    await expect(text).toHaveAttribute('href', /^sms:741741/);
    await expect(text).toContainText('Text HOME to 741741');
  });

  test('when a keyword is split by an invisible character, then the banner still shows', async ({ page }) => {
    await page.goto('/');
    await expect(queryBox(page)).toBeEditable();
    await queryBox(page).fill('I want to d\u200Bie');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Close crisis resources' }).click();
    await queryBox(page).fill('');
    await queryBox(page).fill('thinking about sui\u00ADcide');
    await expect(banner(page)).toBeVisible();
  });

  test('when a benign question is typed, then no banner shows', async ({ page }) => {
    await page.goto('/');
    await typeInto(queryBox(page), 'What helps with restful sleep?');
    await expect(queryBox(page)).toHaveValue('What helps with restful sleep?');
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
  });

  test('when the close button is pressed, then the banner goes, and comes back only on a new match', async ({
    page,
  }) => {
    await page.goto('/treatments');
    await queryBox(page).fill('I think about suicide');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Close crisis resources' }).click();
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);

    await typeInto(queryBox(page), ' often');
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
    await queryBox(page).fill('');
    await queryBox(page).fill('I want to hurt myself');
    await expect(banner(page)).toBeVisible();
  });

  test('when the server says isCrisis for a benign text, then the banner shows and takes focus', async ({ page }) => {
    await page.route('**/api/query-ai', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          response: 'Help is available right now.',
          isCrisis: true,
          queriesUsed: 0,
          queriesAllowed: 3,
          isSubscriber: false,
          sources: [],
        }),
      }),
    );
    await page.goto('/videos');
    await queryBox(page).fill('Everything feels heavy lately');
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();

    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await expect(page.getByText('Help is available right now.')).toBeVisible();
  });

  test('when a crisis text is submitted, then the crisis service is asked too and the answer gives the lines', async ({
    page,
  }) => {
    await page.goto('/');
    await queryBox(page).fill('I want to end it all');
    await expect(banner(page)).toBeVisible();
    const check = page.waitForRequest((request) => request.url().endsWith('/api/detect-crisis'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/query-ai'));
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    expect((await check).postDataJSON()).toEqual({ query: 'I want to end it all' });
    const body = await (await answer).json();
    expect(body.isCrisis).toBe(true);
    await expect(page.getByRole('region', { name: `${NAME}'s AI says` })).toContainText('988');
    await expect(banner(page)).toBeVisible();
  });

  test('when the symptom text matches, then the banner shows; a crisis analysis also toasts', async ({ page }) => {
    await page.route('**/api/query-ai', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          response: 'Please reach out now.',
          isCrisis: true,
          queriesUsed: 0,
          queriesAllowed: 3,
          isSubscriber: false,
          sources: [],
        }),
      }),
    );
    const queries = recordRequests(page, '/api/query-ai');
    await page.goto('/symptoms');
    await typeInto(page.getByRole('textbox', { name: 'Your symptoms' }), 'I feel suicidal');
    await expect(banner(page)).toBeVisible();
    expect(queries).toHaveLength(0);

    await page.getByRole('button', { name: 'Close crisis resources' }).click();
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    await expect(errorToast(page)).toContainText('Crisis detected');
    await expect(errorToast(page)).toContainText('Emergency resources have been displayed.');
    await expect(banner(page)).toBeVisible();
  });

  test("when a condition page's ask-box matches, then that page shows the banner", async ({ page }) => {
    await page.goto('/conditions/lethargy-depression');
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
    await typeInto(
      page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` }),
      'some days I think of an overdose',
    );
    await expect(banner(page)).toBeVisible();
  });
});
