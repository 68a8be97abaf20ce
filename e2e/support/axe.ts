// axe-core against the WCAG 2.1 A and AA rules, with a readable failure: each violation's rule, its
// help text and the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A prerendered page changes as React takes it over (fields enable, styles settle): scan after that.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}
