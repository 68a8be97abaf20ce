// The floating chat widget (specification, sections 2, 4, 7 and 8) against the real ai-query service,
// which answers from its offline library. Every test has a browser context of its own, so a guestId of
// its own and 3 fresh free questions.
import { expectNoAxeViolations } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';

const APOLOGY = "I'm having trouble connecting. Please try again.";

const launcher = (page: Page) => page.locator('[data-chat-open]');
const panel = (page: Page) => page.getByRole('dialog', { name: `${NAME}'s AI` });
const input = (page: Page) => panel(page).getByRole('textbox', { name: `Your question for ${NAME}'s AI` });
const answers = (page: Page) => panel(page).locator('li[data-role="assistant"]');

async function openChat(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

/** Sends a question and waits until the answer (or apology) has arrived and the input is free again. */
async function ask(page: Page, question: string) {
  const before = await answers(page).count();
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(answers(page)).toHaveCount(before + 1);
  await expect(input(page)).toBeEnabled();
}

async function expectCounters(page: Page, used: number) {
  await expect(panel(page).getByText(`${3 - used} of 3 free questions left`)).toBeVisible();
  await expect(panel(page).getByText(`${used}/3 free questions used today`)).toBeVisible();
}

/** Spends the visitor's free questions through the API, with the guestId the page made. */
async function useFreeQuestions(page: Page, count: number) {
  // Made by the widget's first call (GET /api/quota).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('guestId'))).toHaveLength(21);
  const guestId = await page.evaluate(() => localStorage.getItem('guestId'));
  for (let i = 0; i < count; i++) {
    const response = await page.request.post('/api/query-ai', {
      data: { query: `How can I sleep better? (${i})`, userId: null, sessionId: null, guestId },
    });
    expect(response.status()).toBe(200);
  }
}

test.describe('the chat widget', () => {
  test('when a guest asks three questions, then the counters count down and the fourth shows the upgrade panel', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: `Ask ${NAME}'s AI - 3 Free Questions` })).toBeVisible();
    // No badge before the first question.
    await expect(launcher(page)).not.toHaveAttribute('aria-describedby');

    await openChat(page);
    await expect(answers(page).first()).toContainText('44 years of holistic medicine expertise');
    await expectCounters(page, 0);

    // Blank text is not sent.
    await input(page).fill('   ');
    await expect(panel(page).getByRole('button', { name: 'Send' })).toBeDisabled();

    const streamed = page.waitForRequest((req) => req.url().endsWith('/api/query-ai/stream'));
    await ask(page, '  What can help with constipation?  ');
    expect((await streamed).postDataJSON()).toMatchObject({
      query: 'What can help with constipation?',
      userId: null,
      sessionId: null,
      guestId: expect.stringMatching(/^[A-Za-z0-9_-]{21}$/),
    });
    await expect(panel(page).locator('li[data-role="user"]').last()).toContainText('What can help with constipation?');
    await expect(answers(page).last()).toContainText(`I'm ${NAME}'s AI`);
    await expect(answers(page).last().getByRole('link').first()).toHaveAttribute('href', /^\//);
    await expectCounters(page, 1);

    await ask(page, 'How can I sleep better at night?');
    await expectCounters(page, 2);
    await ask(page, 'What helps with acid reflux?');
    await expectCounters(page, 3);

    await input(page).fill('And what about rashes?');
    await input(page).press('Enter');
    const upgrade = panel(page).getByRole('group', { name: '3 Free Questions Used' });
    await expect(upgrade).toBeVisible();
    await expect(upgrade).toContainText('Get more guidance - choose an option below');
    await expect(upgrade.getByRole('link', { name: /One Hour AI Session.*Single consultation/ })).toHaveAttribute(
      'href',
      '/book',
    );
    await expect(upgrade.getByRole('link', { name: new RegExp(`${NAME} Consultation`) })).toHaveAttribute(
      'href',
      '/book',
    );
    await expect(upgrade.getByRole('link', { name: /Monthly Subscription.*Unlimited access/ })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    // The message box stays (issue 26): a crisis can still be written there.
    await expect(input(page)).toBeEditable();
    await expect(panel(page).getByText(APOLOGY)).toHaveCount(0);

    await panel(page).getByRole('button', { name: 'Close chat' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toHaveAccessibleDescription('0 free questions left');
  });

  test('when the visitor navigates and reloads, then the conversation and the counters are still there', async ({
    page,
  }) => {
    await page.goto('/');
    await openChat(page);
    await ask(page, 'What can help with constipation?');
    const answer = await answers(page).last().innerText();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(panel(page)).toContainText('What can help with constipation?');
    await expectCounters(page, 1);

    await page.reload();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toHaveAccessibleDescription('2 free questions left');
    await openChat(page);
    await expect(panel(page).locator('li[data-role="user"]')).toHaveText(['You: What can help with constipation?']);
    await expect(answers(page)).toHaveCount(2); // the welcome message and the answer
    expect(await answers(page).last().innerText()).toBe(answer);
    await expectCounters(page, 1);
  });

  test('when the service fails, then the apology is added and the question is not counted', async ({ page }) => {
    await page.route('**/api/query-ai/stream', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ message: "The AI assistant couldn't answer just now." }),
      }),
    );
    await page.goto('/');
    await openChat(page);
    await expectCounters(page, 0);
    await ask(page, 'What can help with constipation?');
    await expect(answers(page).last()).toContainText(APOLOGY);
    await expectCounters(page, 0);
    await expect(input(page)).toBeFocused();
  });

  test('when the answer is slow, then the typing indicator shows and the input waits', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/query-ai/stream', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await openChat(page);
    await input(page).fill('What can help with constipation?');
    await input(page).press('Enter');
    await expect(panel(page).getByTestId('chat-typing')).toBeVisible();
    await expect(input(page)).toBeDisabled();
    await expect(input(page)).toHaveValue('');
    release();
    await expect(panel(page).getByTestId('chat-typing')).toBeHidden();
    await expect(input(page)).toBeEnabled();
    // Focus waited in the panel and is back in the input for the next question.
    await expect(input(page)).toBeFocused();
    await expectCounters(page, 1);
  });

  test('when a reply is pending, then the input and Send are disabled, typing does nothing, and Escape still closes the chat', async ({
    page,
  }) => {
    await page.route('**/api/query-ai/stream', () => undefined); // never answers
    await page.goto('/');
    await openChat(page);
    await input(page).fill('What can help with constipation?');
    await input(page).press('Enter');
    await expect(panel(page).getByTestId('chat-typing')).toBeVisible();
    // Disabled as the specification says: the element itself, not only its accessibility name.
    await expect(input(page)).toHaveJSProperty('disabled', true);
    await expect(panel(page).getByRole('button', { name: 'Send' })).toHaveJSProperty('disabled', true);
    await page.keyboard.type('more');
    await expect(input(page)).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test('when focus has left the open chat (Shift+Tab to the launcher, or Tab past its last control), then Escape still closes it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(launcher(page)).toBeEnabled();
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect(input(page)).toBeFocused();

    // Backwards out of the panel: its first control, then the launcher.
    const closeButton = panel(page).getByRole('button', { name: 'Close chat' });
    for (let i = 0; i < 10 && !(await launcher(page).evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expect(launcher(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();

    // Forwards past the panel's last control: focus leaves the page's controls.
    await page.keyboard.press('Enter');
    await expect(input(page)).toBeFocused();
    await expect(closeButton).toBeVisible();
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await panel(page).evaluate((el) => el.contains(document.activeElement));
      if (!inside) break;
    }
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test('when a visitor in crisis writes after the free questions are used, then the crisis answer and lines show', async ({
    page,
  }) => {
    await page.goto('/');
    await useFreeQuestions(page, 3);
    await page.reload();
    await expect(launcher(page)).toHaveAccessibleDescription('0 free questions left');
    await openChat(page);
    await expectCounters(page, 3);

    await ask(page, 'I want to die');
    const crisis = answers(page).last();
    await expect(crisis).toContainText('988');
    await expect(crisis.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(crisis.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
    await expect(panel(page).getByRole('group', { name: '3 Free Questions Used' })).toHaveCount(0);
    await expectCounters(page, 3);
    await expectNoAxeViolations(page);
  });

  test("when a message may be at risk (the crisis model's middle band), then the answer comes with the crisis lines offered after it", async ({
    page,
  }) => {
    await page.goto('/');
    await openChat(page);
    // A question about sleep with a warning sign in it, between the crisis model's two thresholds: the answer, not
    // the crisis answer in its place, and the lines with it.
    await ask(page, 'no need to worry about my sleep issues, they wont be a thing for much longer');
    const answer = answers(page).last();
    await expect(answer).toContainText('you can talk to someone, free and confidential, 24/7');
    await expect(answer.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(answer.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
    await expect(answer).not.toContainText(CRISIS_BANNER_TEXT);
    await expect(page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT })).toHaveCount(0);
    // An ordinary answer: counted.
    await expectCounters(page, 1);
    await expectNoAxeViolations(page);
  });

  test('when a visitor describes a medical emergency after the free questions are used, then the answer says to call 911', async ({
    page,
  }) => {
    await page.goto('/');
    await useFreeQuestions(page, 3);
    await page.reload();
    await openChat(page);
    await expectCounters(page, 3);

    await ask(page, "My dad's face is drooping and his speech is slurred");
    const answer = answers(page).last();
    await expect(answer).toContainText('If this is happening now, please call 911');
    await expect(answer.getByRole('link', { name: /Call 911/ })).toHaveAttribute('href', 'tel:911');
    await expect(panel(page).getByRole('group', { name: '3 Free Questions Used' })).toHaveCount(0);
    await expectCounters(page, 3);
    await expectNoAxeViolations(page);
  });

  test('when an answer is taller than a phone screen, then it is shown from its start, where the 911 link is', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/');
    await openChat(page);
    await ask(page, 'Crushing pressure in my chest and I am struggling to breathe');
    const answer = answers(page).last();
    await expect(answer.getByRole('link', { name: /Call 911/ })).toBeInViewport();
    // The answer does not fit: the list stops at the answer's start, short of its end.
    const conversation = panel(page).getByRole('region', { name: 'Conversation' });
    const [listBox, answerBox] = [await conversation.boundingBox(), await answer.boundingBox()];
    expect(answerBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(answerBox!.y + answerBox!.height).toBeGreaterThan(listBox!.y + listBox!.height);
  });

  test('when the panel is open, then axe finds no violations, on a wide and on a small screen', async ({ page }) => {
    await page.goto('/');
    await openChat(page);
    await ask(page, 'What can help with constipation?');
    expect(await panel(page).boundingBox()).toMatchObject({ width: 384, height: 600 });
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    expect((await panel(page).boundingBox())?.width).toBe(390);
    await expectNoAxeViolations(page);
  });

  test('when the keyboard is used, then Enter opens the chat, Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/');
    await expect(launcher(page)).toBeEnabled(); // focus() does not wait for React to take the page over
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.type('How can I sleep better?');
    await page.keyboard.press('Enter');
    await expect(answers(page)).toHaveCount(2);
    // The answer is announced once, in the polite live region, not by re-reading the conversation.
    await expect(panel(page).locator('[aria-live="polite"]')).toContainText(`${NAME}'s AI:`);

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test("when the home page's Talk button is pressed, then the chat opens", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: `Talk to ${NAME}'s AI` }).click();
    await expect(panel(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
  });
});
