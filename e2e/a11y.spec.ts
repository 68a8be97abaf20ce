// Keyboard only: the navigation, the phone drawer, the symptom categories, the modality cards and the crisis
// banner's close button all work from the keyboard and show where focus is; and axe finds nothing in the
// states those controls open.
import { expectNoAxeViolations } from './support/axe';
import { keepStore, withoutChatWidget } from './support/chat-widget';
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';
import { expect, test, type Locator, type Page } from '@playwright/test';

const NAME = 'Dr. Helen';

/** Presses Tab until the locator has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Focus is visible: the focused element draws an outline (the site's one focus ring) or a box-shadow ring. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
  });
  expect(ring.outline !== 'none' && ring.width >= 2 ? 'visible' : ring.shadow !== 'none' ? 'visible' : ring).toBe(
    'visible',
  );
}

test.describe('keyboard only', () => {
  test('when the navigation is used from the keyboard, then links work and show focus', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const symptoms = nav.getByRole('link', { name: 'Symptoms' });
    await tabTo(page, symptoms);
    await expectVisibleFocus(symptoms);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/symptoms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Symptom Explorer');

    const conditions = nav.getByRole('button', { name: 'Conditions' });
    await tabTo(page, conditions);
    await expectVisibleFocus(conditions);
    await page.keyboard.press('Enter');
    const rashes = nav.getByRole('link', { name: 'Rashes' });
    await tabTo(page, rashes, 10);
    await expectVisibleFocus(rashes);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/conditions\/rashes$/);
  });

  test('when the phone drawer is used from the keyboard, then it opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, menu);
    await expectVisibleFocus(menu);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const treatments = drawer.getByRole('link', { name: 'Treatments' });
    await tabTo(page, treatments, 20);
    await expectVisibleFocus(treatments);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/treatments$/);
    await expect(drawer).toBeHidden();
  });

  test('when a symptom category is toggled from the keyboard, then it opens and closes and shows focus', async ({
    page,
  }) => {
    await page.goto('/symptoms');
    const skin = page.getByRole('button', { name: /Skin & Allergies/ });
    await tabTo(page, skin);
    await expectVisibleFocus(skin);
    await expect(skin).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(skin).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await skin.getAttribute('aria-controls')}`);
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('Rashes or hives');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Space');
    await expect(skin).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('when a modality card is toggled from the keyboard, then it opens and closes and shows focus', async ({
    page,
  }) => {
    await page.goto('/treatments');
    const readMore = page.getByRole('button', { name: 'Read More: LifeVessel' });
    await tabTo(page, readMore);
    await expectVisibleFocus(readMore);
    await page.keyboard.press('Enter');
    const showLess = page.getByRole('button', { name: 'Show Less: LifeVessel' });
    await expect(showLess).toHaveAttribute('aria-expanded', 'true');
    await expect(showLess).toBeFocused();
    const panel = page.locator(`#${await showLess.getAttribute('aria-controls')}`);
    await expect(panel.getByRole('link', { name: 'Book Consultation for LifeVessel' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(readMore).toHaveAttribute('aria-expanded', 'false');
  });

  test("when the crisis banner's close button is used from the keyboard, then the banner goes", async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('textbox', { name: `Ask ${NAME}'s AI a question` });
    await expect(box).toBeEditable(); // disabled until React has taken the prerendered page over
    await box.focus();
    await page.keyboard.type('I want to die');
    const banner = page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);

    const close = banner.getByRole('button', { name: 'Close crisis resources' });
    // The banner comes before the query bar: Shift+Tab walks back to it.
    for (let i = 0; i < 40 && !(await close.evaluate((element) => element === document.activeElement)); i += 1) {
      await page.keyboard.press('Shift+Tab');
    }
    await expectVisibleFocus(close);
    await page.keyboard.press('Enter');
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);
  });
});

test.describe('keyboard only: toasts', () => {
  test('when a toast shows, then F8 reaches it, its close button closes it and focus goes back', async ({ page }) => {
    await keepStore(page);
    await page.goto('/');
    // Without the chat widget, "Talk to the AI" answers with a toast.
    await withoutChatWidget(page);
    const talk = page.getByRole('button', { name: `Talk to ${NAME}'s AI` });
    await tabTo(page, talk);
    await page.keyboard.press('Enter');
    const notifications = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(notifications.getByRole('status')).toContainText('Chat widget loading');

    await page.keyboard.press('F8');
    await expect(notifications).toBeFocused();
    await expectNoAxeViolations(page);
    const close = notifications.getByRole('button', { name: 'Close notification' });
    await tabTo(page, close, 3);
    await expectVisibleFocus(close);
    await page.keyboard.press('Enter');
    await expect(notifications.getByRole('status')).toHaveCount(0);
    await expect(talk).toBeFocused();
  });
});

test.describe('accessibility of opened states (axe-core, WCAG 2.1 A and AA)', () => {
  test('when the condition page shows the banner on a phone, then axe finds no violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/conditions/nervous-overeating');
    await page.getByRole('textbox', { name: `Ask ${NAME}'s AI about this condition` }).fill('self harm');
    await expect(page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
