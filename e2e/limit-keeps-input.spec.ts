// Once the free questions are used, no surface takes its text box away (issue 26, point 4): the upgrade offer
// shows with the crisis lines (988 and 741741) beside it, an ordinary question gets the limit answer, and a
// message in crisis still gets the crisis answer, uncounted. Each test has a browser context of its own, so a
// guestId of its own and 3 fresh free questions.
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

const LIMIT_ANSWER = 'You have used your 3 free questions for today. Subscribe for unlimited access.';
/** A message the crisis rules already catch (e2e/chat.spec.ts). */
const CRISIS = 'I want to die';

const panel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });
const input = (page: Page) => panel(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
const answers = (page: Page) => panel(page).locator('li[data-role="assistant"]');
const upgradeOffer = (scope: Page | Locator) => scope.getByRole('group', { name: '3 Free Questions Used' });

async function guestIdOf(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guestId'))).toHaveLength(21);
  return (await page.evaluate(() => localStorage.getItem('guestId')))!;
}

/** Spends the visitor's free questions through the API, with the guestId the page made. */
async function useFreeQuestions(page: Page) {
  const guestId = await guestIdOf(page);
  for (let i = 0; i < 3; i++) {
    const response = await page.request.post('/api/query-ai', {
      data: { query: `How can I sleep better? (${i})`, userId: null, sessionId: null, guestId },
    });
    expect(response.status()).toBe(200);
  }
}

async function queriesUsed(page: Page): Promise<number> {
  const guestId = await guestIdOf(page);
  const quota = (await (await page.request.get(`/api/quota?guestId=${guestId}`)).json()) as { queriesUsed: number };
  return quota.queriesUsed;
}

/** The 988 and 741741 lines, as links a phone can act on. */
async function expectCrisisLines(scope: Locator) {
  await expect(scope.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
  await expect(scope.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
}

test.describe('at the limit of the free questions', () => {
  test('when a guest asks a fourth question in the chat, then the limit answer, the upgrade offer, the crisis lines and the message box all show; a crisis message still gets the crisis answer, uncounted', async ({
    page,
  }) => {
    await page.goto('/');
    await useFreeQuestions(page);
    await page.reload();
    await page.locator('[data-chat-open]').click();
    await expect(panel(page).getByText('0 of 3 free questions left')).toBeVisible();

    await input(page).fill('And what about rashes?');
    await input(page).press('Enter');
    await expect(answers(page).last()).toContainText(LIMIT_ANSWER);
    const offer = upgradeOffer(panel(page));
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Get more guidance - choose an option below');
    await expectCrisisLines(offer);
    // The message box stays, and has focus back once the answer is in.
    await expect(input(page)).toBeEditable();
    await expect(input(page)).toBeFocused();
    await expect(panel(page).getByText('3/3 free questions used today')).toBeVisible();
    await expectNoAxeViolations(page);

    await input(page).fill(CRISIS);
    await input(page).press('Enter');
    const crisis = answers(page).last();
    await expect(crisis).not.toContainText(LIMIT_ANSWER);
    await expectCrisisLines(crisis);
    // The offer steps aside for the crisis answer, which is in view whole (on a phone the offer left it a few lines).
    await expect(upgradeOffer(panel(page))).toBeHidden();
    await expect(crisis).toBeInViewport({ ratio: 0.5 });
    await expect(input(page)).toBeEditable();
    await expect(panel(page).getByText('3/3 free questions used today')).toBeVisible();
    expect(await queriesUsed(page)).toBe(3);

    // An ordinary question after it gets the limit answer, and the offer is back.
    await input(page).fill('What helps with a stiff neck?');
    await input(page).press('Enter');
    await expect(answers(page).last()).toContainText(LIMIT_ANSWER);
    await expect(upgradeOffer(panel(page))).toBeVisible();
    expect(await queriesUsed(page)).toBe(3);

    // After a reload the limit still holds, and the box is still there.
    await page.reload();
    await page.locator('[data-chat-open]').click();
    await expect(upgradeOffer(panel(page))).toBeVisible();
    await expect(input(page)).toBeEditable();
  });

  test('when a guest asks the Symptom Explorer past the limit, then the limit answer, the upgrade offer and the crisis lines show with the text box; a crisis message still gets the crisis answer, uncounted', async ({
    page,
  }) => {
    await page.goto('/symptoms');
    await useFreeQuestions(page);
    const box = page.getByRole('textbox', { name: 'Your symptoms' });
    await expect(box).toBeEditable();

    await box.fill('An itchy rash on my arms');
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    const response = page.getByRole('region', { name: `${NAME}'s AI analysis` });
    await expect(response).toContainText(LIMIT_ANSWER);
    const offer = upgradeOffer(response);
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Get more guidance - choose an option below');
    await expectCrisisLines(offer);
    await expect(box).toBeEditable();
    await expectNoAxeViolations(page);

    await box.fill(CRISIS);
    await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
    await expect(response).not.toContainText(LIMIT_ANSWER);
    await expect(upgradeOffer(response)).toHaveCount(0);
    await expect(response).toContainText('988');
    expect(await queriesUsed(page)).toBe(3);
  });

  test("when a guest asks the home page's query bar past the limit, then the limit answer shows with the crisis lines and the field stays; a crisis message still gets the crisis answer, uncounted", async ({
    page,
  }) => {
    await page.goto('/');
    await useFreeQuestions(page);
    const box = page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` });
    await expect(box).toBeEditable();

    await box.fill('What about rashes?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('region', { name: `${NAME}'s AI says` });
    await expect(answer).toContainText(LIMIT_ANSWER);
    await expectCrisisLines(answer);
    await expect(box).toBeEditable();
    await expectNoAxeViolations(page);

    await box.fill(CRISIS);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(answer).not.toContainText(LIMIT_ANSWER);
    await expect(answer).toContainText('988');
    expect(await queriesUsed(page)).toBe(3);
  });
});
