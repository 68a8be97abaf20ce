// The crisis model's middle band (issue 26): words that may hide a crisis get the ordinary answer, and every
// surface that shows an AI answer offers the 988 and 741741 lines gently beside it, as the chat does; an ordinary
// question gets none. Against the whole stack: the real crisis model judges the sentences below.
//
// Each sentence's score was read with the real model (all-MiniLM-L6-v2 int8 and the repository's examples),
// as ai-query reads it (the Symptom Explorer's symptoms inside its analysis request); the middle band is
// [-0.095, 0.034): WARNING_SIGN scores -0.027 (0.06 from either edge), the ordinary ones -0.24 and -0.16. The
// voice call's, as Whisper (base, beam 2) wrote what espeak-ng said: SPOKEN_WARNING_SIGN -0.028 (with or without
// its full stop; "I'll" for "I will" -0.026), SPOKEN_ORDINARY -0.36.
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { texts as crisisTexts } from '../frontend/src/shared/crisis/texts';
import { expectNoAxeViolations } from './support/axe';
import { fakeMicrophone, spokenWav } from './support/fake-microphone';
import { toast } from './support/toast';

/** A hint of not being around much longer, with no word the rules know: a validation line of the crisis model's set. */
const WARNING_SIGN = 'no need to worry about my sleep issues, they wont be a thing for much longer';
const ORDINARY_QUESTION = 'What helps with headaches?';
const ORDINARY_SYMPTOMS = 'headaches and tiredness every afternoon';
/** Said in one breath (a full stop in the middle, "I'll be here next month.", would read as a crisis). */
const SPOKEN_WARNING_SIGN = "I don't think I will be here next month to see the results of my blood test";
const SPOKEN_ORDINARY = 'Tell me about chiropractic care';

// Chromium's fake microphone plays the two sentences, 15 s apart (only the voice call listens to it).
test.use(fakeMicrophone(spokenWav([SPOKEN_ORDINARY, SPOKEN_WARNING_SIGN], { gap: 15, tail: 30 })));

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT });

/** The lines offered under an answer: the gentle heading, and the 988 and 741741 lines as links a phone can act on. */
async function expectOfferedLines(answer: Locator) {
  await expect(answer.getByText(crisisTexts.offeredHeading)).toBeVisible();
  const call = answer.getByRole('link', { name: /Call 988/ });
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute('href', 'tel:988');
  const text = answer.getByRole('link', { name: /741741/ });
  await expect(text).toBeVisible();
  await expect(text).toHaveAttribute('href', /^sms:741741/);
}

async function expectNoLines(answer: Locator) {
  await expect(answer.getByRole('link', { name: /988/ })).toHaveCount(0);
  await expect(answer.getByText(crisisTexts.offeredHeading)).toHaveCount(0);
}

test.describe('the crisis lines offered beside an answer to words that may hide a crisis', () => {
  const queryBox = (page: Page) => page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` });
  const queryAnswer = (page: Page) => page.getByRole('region', { name: `${NAME}'s AI says` });

  async function ask(page: Page, question: string) {
    await expect(queryBox(page)).toBeEditable();
    await queryBox(page).fill(question);
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/query-ai' && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    return (await response.json()) as { isCrisis: boolean; crisisLines?: true };
  }

  test("when the home page's query bar is asked words in the middle band, then the answer shows with the lines under it; an ordinary question shows none", async ({
    page,
  }) => {
    await page.goto('/');
    expect(await ask(page, WARNING_SIGN)).toMatchObject({ isCrisis: false, crisisLines: true });
    await expect(queryAnswer(page)).toBeVisible();
    await expectOfferedLines(queryAnswer(page));
    // An offer, not an alarm: the answer is the ordinary one, and the page's crisis banner stays down.
    await expect(banner(page)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const ordinary = await ask(page, ORDINARY_QUESTION);
    expect(ordinary).toMatchObject({ isCrisis: false });
    expect(ordinary).not.toHaveProperty('crisisLines');
    await expect(queryAnswer(page)).toContainText(/headache/i);
    await expectNoLines(queryAnswer(page));
  });

  test("when a condition page's ask-box is asked words in the middle band, then the lines show under the answer", async ({
    page,
  }) => {
    await page.goto('/conditions/insomnia');
    const box = page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` });
    await expect(box).toBeEditable();
    await box.fill(WARNING_SIGN);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expectOfferedLines(queryAnswer(page));
  });

  test('when the Symptom Explorer is given symptoms in the middle band, then the analysis shows with the lines under it; ordinary symptoms show none', async ({
    page,
  }) => {
    const box = page.getByRole('textbox', { name: 'Your symptoms' });
    const card = page.getByRole('region', { name: `${NAME}'s AI analysis` });
    const analyze = async (symptoms: string) => {
      await expect(box).toBeEditable();
      await box.fill(symptoms);
      await page.getByRole('button', { name: 'Analyze Symptoms' }).click();
      await expect(page.getByText('Analyzing your symptoms...')).toHaveCount(0, { timeout: 15_000 });
    };
    await page.goto('/symptoms');
    await analyze(WARNING_SIGN);
    await expectOfferedLines(card);
    await expect(banner(page)).toHaveCount(0);
    // The analysis is an ordinary one: its perspectives are offered as after any other.
    await expect(card.getByRole('button', { name: 'Ayurvedic View' })).toBeVisible();
    await expectNoAxeViolations(page);

    await analyze(ORDINARY_SYMPTOMS);
    await expect(card).toContainText(/headache|tired|fatigue/i);
    await expectNoLines(card);
  });
});

test.describe('the crisis lines offered in a voice call', () => {
  const voice = (page: Page) => page.getByRole('dialog', { name: `Talk with ${NAME}'s AI` });
  const captions = (page: Page) => voice(page).getByRole('log', { name: 'Captions' });

  test('when a visitor says words in the middle band, then the panel offers the lines beside the answer; after an ordinary question it offers none', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.goto('/');
    await page.locator('[data-voice-open]').click();
    await voice(page).getByRole('button', { name: 'Start voice chat' }).click();
    await expect(toast(page)).toContainText('Voice chat connected', { timeout: 20_000 });

    // The ordinary question first: its answer, and no lines.
    const heard = captions(page).locator('p[data-role="user"]');
    const answers = captions(page).locator('p[data-role="assistant"]');
    await expect(heard.first()).toContainText(/chiropractic/i, { timeout: 60_000 });
    await expect(answers.first()).toBeVisible({ timeout: 60_000 });
    await expectNoLines(voice(page));

    // Then the words that may hide a crisis, as the recogniser heard them, and the answer to them.
    await expect(heard.nth(1)).toContainText(/blood test/i, { timeout: 60_000 });
    test.info().annotations.push({ type: 'heard', description: (await heard.nth(1).textContent()) ?? '' });
    await expect(answers.nth(1)).toBeVisible({ timeout: 60_000 });
    await expectOfferedLines(voice(page));
    // Offered outside the captions' log (no new announcement), and no alarm: the page's banner stays down.
    await expect(captions(page).getByRole('link', { name: /988/ })).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);

    await voice(page).getByRole('button', { name: 'End voice chat' }).click();
    await expect(voice(page).getByText('Voice chat ended')).toBeVisible();
    // The lines stay after the call, with its captions.
    await expectOfferedLines(voice(page));
  });
});
