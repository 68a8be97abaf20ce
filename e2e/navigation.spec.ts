// The sticky navigation, deep links, the not-found screen, and an axe-core scan of the built screens.
import { expectNoAxeViolations } from './support/axe';
import { expect, test, type Page } from '@playwright/test';

/**
 * Opens a page and waits until React has taken over its prerendered HTML: a click or a key before that is the
 * static page's (a link is a full page load, which leaves focus where the browser puts it; a button does nothing).
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

test.describe('navigation on a wide screen', () => {
  test('when a link is chosen, then it is marked current and focus moves to the main content', async ({ page }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(nav.getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main')).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video Library');
  });

  test('when the Conditions dropdown is opened from the keyboard, then it lists the eight condition pages', async ({
    page,
  }) => {
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const conditions = nav.getByRole('button', { name: 'Conditions' });
    await conditions.focus();
    await page.keyboard.press('Enter');
    await expect(conditions).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('listitem').getByRole('link')).toHaveText([
      'Home',
      'Symptoms',
      'Treatments',
      'Videos',
      'Insomnia',
      'Constipation & Anxiety',
      'Acid Reflux',
      'Rashes',
      'Irritability',
      'Nervous Overeating',
      'Weight Gain',
      'Lethargy & Depression',
    ]);

    await page.keyboard.press('Escape');
    await expect(conditions).toHaveAttribute('aria-expanded', 'false');
    await expect(conditions).toBeFocused();

    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Acid Reflux' }).click();
    await expect(page).toHaveURL(/\/conditions\/acid-reflux$/);
    await expect(conditions).toHaveAttribute('aria-expanded', 'false');
  });

  test('when the header buttons are chosen, then they lead to booking and the subscription', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Book Session' }).click();
    await expect(page).toHaveURL(/\/book$/);
    await page.getByRole('link', { name: 'Subscribe $19/mo' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });
});

test.describe('navigation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('when the menu is opened and a link chosen, then the drawer navigates and closes', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Health Conditions' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Book Session' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Subscribe $19/mo' })).toBeVisible();

    await drawer.getByRole('link', { name: 'Videos' }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video Library');
    await expect(page.locator('main')).toBeFocused();
  });

  test('when a condition is chosen in the drawer, then its page opens and the drawer closes', async ({ page }) => {
    await open(page, '/videos');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Insomnia' }).click();
    await expect(page).toHaveURL(/\/conditions\/insomnia$/);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer.getByRole('link', { name: 'Insomnia' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('when the link of the page already shown is chosen, then the drawer closes and focus goes to the page', async ({
    page,
  }) => {
    await open(page, '/videos');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Videos' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('deep links and unknown paths', () => {
  test('when /videos is opened directly and reloaded, then the Video Library shows, not the 404 screen', async ({
    page,
  }) => {
    const first = await page.goto('/videos');
    expect(first?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video Library');

    const again = await page.reload();
    expect(again?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Video Library');
    await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
  });

  test('when an unknown path is opened, then "404 Page Not Found" shows with a link home', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('when an unknown condition is opened, then the 404 screen shows too', async ({ page }) => {
    await open(page, '/conditions/no-such-condition');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });
});

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test('when the home page is scanned, then axe finds no violations', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('when the video library is scanned after loading, then axe finds no violations', async ({ page }) => {
    await open(page, '/videos');
    await expect(page.locator('section[aria-busy="false"], [role="alert"]').first()).toBeAttached();
    await expectNoAxeViolations(page);
  });

  test('when the 404 page is scanned, then axe finds no violations', async ({ page }) => {
    await open(page, '/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expectNoAxeViolations(page);
  });

  test('when the phone menu is open, then axe finds no violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
