// The Symptom Explorer tells the visitor the state, not a status code (issue 27, points 5 and 6): at the limit
// of the free questions it shows the chat's upgrade offer with the crisis lines (no failure toast, no "429"),
// and its perspective buttons, which say they are part of the analysis, spend no free question. Against the
// whole stack (offline engine); each test has a browser context of its own, so a guestId and 3 free questions.
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { errorToast } from './support/toast';

const LIMIT_ANSWER = 'You have used your 3 free questions for today. Subscribe for unlimited access.';
const PERSPECTIVES_NOTE = 'These are part of this analysis: they do not use a free question.';
const PERSPECTIVES = ['Ayurvedic View', 'Nutritional Approach', 'Chiropractic Insight'];

const symptomsBox = (page: Page) => page.getByRole('textbox', { name: 'Your symptoms' });
const analysisCard = (page: Page) => page.getByRole('region', { name: `${NAME}'s AI analysis` });
const upgradeOffer = (scope: Locator) => scope.getByRole('group', { name: '3 Free Questions Used' });

async function guestIdOf(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guestId'))).toHaveLength(21);
  return (await page.evaluate(() => localStorage.getItem('guestId')))!;
}

async function queriesUsed(page: Page): Promise<number> {
  const guestId = await guestIdOf(page);
  const quota = (await (await page.request.get(`/api/quota?guestId=${guestId}`)).json()) as { queriesUsed: number };
  return quota.queriesUsed;
}

async function analyze(page: Page, symptoms: string) {
  await expect(symptomsBox(page)).toBeEditable();
  await symptomsBox(page).fill(symptoms);
  await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
}

/** The analysis's answer has come (the spinner has gone and the offline library answered). */
async function expectAnswered(page: Page) {
  await expect(page.getByText('Analyzing your symptoms...')).toHaveCount(0, { timeout: 15_000 });
  await expect(analysisCard(page)).toContainText(`${NAME}'s AI`);
}

test.describe('the Symptom Explorer', () => {
  test('when a guest at the limit of the free questions analyzes symptoms, then the upgrade offer shows with the crisis lines, not a failure toast, and a crisis still gets the crisis answer', async ({
    page,
  }) => {
    await page.goto('/symptoms');
    const guestId = await guestIdOf(page);
    for (let i = 0; i < 3; i++) {
      const response = await page.request.post('/api/query-ai', {
        data: { query: `How can I sleep better? (${i})`, guestId },
      });
      expect(response.status()).toBe(200);
    }

    await analyze(page, 'An itchy rash on my arms');
    const card = analysisCard(page);
    await expect(card).toContainText(LIMIT_ANSWER);
    const offer = upgradeOffer(card);
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('heading', { name: '3 Free Questions Used' })).toBeVisible();
    await expect(offer).toContainText('Get more guidance - choose an option below');
    await expect(offer.getByRole('link', { name: /One Hour AI Session/ })).toHaveAttribute('href', '/book');
    await expect(offer.getByRole('link', { name: /Monthly Subscription/ })).toHaveAttribute('href', '/subscribe');
    await expect(offer.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(offer.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
    // The state, not a failure: no toast, and no status code anywhere on the page.
    await expect(errorToast(page)).toHaveCount(0);
    await expect(page.getByText('Analysis failed')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('429');
    await expect(symptomsBox(page)).toBeEditable();
    await expectNoAxeViolations(page);

    await analyze(page, 'I want to die');
    await expect(card).not.toContainText(LIMIT_ANSWER);
    await expect(card).toContainText('988');
    await expect(card).toContainText('741741');
    await expect(upgradeOffer(card)).toHaveCount(0);
    expect(await queriesUsed(page)).toBe(3);
  });

  test('when a guest presses every perspective button after an analysis, then each is answered, the buttons said they cost nothing, and the free questions left do not drop', async ({
    page,
  }) => {
    await page.goto('/symptoms');
    await analyze(page, 'Bloating after meals and tired in the afternoons');
    await expectAnswered(page);
    expect(await queriesUsed(page)).toBe(1);

    const group = page.getByRole('group', { name: 'Explore from another perspective' });
    await expect(group).toContainText(PERSPECTIVES_NOTE);
    for (const label of PERSPECTIVES) {
      await group.getByRole('button', { name: label }).click();
      const section = page.getByRole('region', { name: label });
      await expect(section.getByRole('heading', { level: 4, name: label })).toBeVisible();
      await expect(section).toContainText(`${NAME}'s AI`, { timeout: 15_000 });
    }
    await expect(errorToast(page)).toHaveCount(0);
    expect(await queriesUsed(page)).toBe(1);
    // What the visitor reads: the chat's count of free questions left.
    await page.locator('[data-chat-open]').click();
    await expect(
      page.getByRole('dialog', { name: `${NAME}'s AI` }).getByText('2 of 3 free questions left'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // And the next two analyses still work; only the one after them meets the limit.
    for (const symptoms of ['Headaches in the evening', 'Dry skin in winter']) {
      await analyze(page, symptoms);
      await expectAnswered(page);
      await expect(upgradeOffer(analysisCard(page))).toHaveCount(0);
    }
    await analyze(page, 'Cold hands and feet');
    await expect(analysisCard(page)).toContainText(LIMIT_ANSWER);
    expect(await queriesUsed(page)).toBe(3);
  });

  test('when a perspective is asked by a browser that is no longer the one the analysis was given to, then the toast says so in a sentence, without a status code', async ({
    page,
  }) => {
    await page.goto('/symptoms');
    await analyze(page, 'Stiff neck in the mornings');
    await expectAnswered(page);
    // Another visitor identity from now on (as when the browser's storage was cleared in another tab).
    await page.evaluate(() => localStorage.setItem('guestId', 'anotherVisitorGuest01'));

    await page.getByRole('button', { name: 'Chiropractic Insight' }).click();
    const toast = errorToast(page);
    await expect(toast).toContainText('Analysis failed');
    await expect(toast).toContainText(
      'We could not find this analysis. Please describe your symptoms and analyze them again.',
    );
    await expect(toast).not.toContainText('404');
  });
});
