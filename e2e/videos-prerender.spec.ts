// /videos is prerendered with the default library's grid (the content service's seed,
// services/content/data/videos.json), so that its largest paint, the first card's poster, needs neither the
// app's code nor GET /api/videos; the app then hydrates that grid and shows the live answer in its place
// (issue 28, point 5).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

interface SeedVideo {
  id: string;
  title: string;
  thumbnailUrl?: string;
  publishedAt: string;
}
const SEED = JSON.parse(
  readFileSync(new URL('../services/content/data/videos.json', import.meta.url), 'utf8'),
) as SeedVideo[];
// GET /api/videos' order: newest first (the seed's dates are all different).
const NEWEST_FIRST = [...SEED].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

const grid = (page: Page) => page.getByTestId('video-grid');
const titles = (page: Page) => grid(page).getByRole('listitem').getByRole('heading').allInnerTexts();

test.describe('the prerendered video library, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('when /videos is loaded, then the default library is in the page, newest first, the first poster fetched first and with its size', async ({
    page,
  }) => {
    await page.goto('/videos');
    await expect(grid(page).getByRole('listitem')).toHaveCount(SEED.length);
    expect(await titles(page)).toEqual(NEWEST_FIRST.map((video) => video.title));
    await expect(page.getByRole('status').filter({ hasText: `Showing ${SEED.length} videos` })).toBeAttached();

    // The largest paint: in the document, so the browser fetches it while it parses; the others wait for it.
    const poster = grid(page).getByRole('listitem').first().locator('img');
    await expect(poster).toHaveAttribute('src', NEWEST_FIRST[0]!.thumbnailUrl!);
    await expect(poster).toHaveAttribute('fetchpriority', 'high');
    await expect(poster).toHaveAttribute('width', '320');
    await expect(poster).toHaveAttribute('height', '180');
    await expect(poster).not.toHaveAttribute('loading', 'lazy');
    await expect(grid(page).locator('img')).toHaveCount(1);
  });
});

test.describe('the prerendered video library, once the app runs', () => {
  test('when the content service answers the default library, then the app keeps the prerendered grid as it is: the same elements, no layout shift, no error', async ({
    page,
    request,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      const seen = window as unknown as { shifts: number; items: Element[]; poster: Element | null };
      seen.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.shifts += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The parser's elements, before the app's code has run (it starts after the first paint).
      document.addEventListener('DOMContentLoaded', () => {
        seen.items = [...document.querySelectorAll('[data-testid="video-grid"] > li')];
        seen.poster = document.querySelector('[data-testid="video-grid"] img');
      });
    });
    const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/videos');
    await page.goto('/videos');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect((await live).status()).toBe(200);

    // The other cards' posters follow the first one's, even when it had loaded before the app started.
    await expect(grid(page).locator('img')).toHaveCount(SEED.length);
    await expect(grid(page).locator('img').first()).toHaveJSProperty('complete', true);
    const answer = (await (await request.get('/api/videos')).json()) as { title: string }[];
    expect(answer.map((video) => video.title)).toEqual(NEWEST_FIRST.map((video) => video.title));
    expect(await titles(page)).toEqual(NEWEST_FIRST.map((video) => video.title));

    const kept = await page.evaluate(() => {
      const seen = window as unknown as { items: Element[]; poster: Element | null };
      const items = [...document.querySelectorAll('[data-testid="video-grid"] > li')];
      return {
        prerendered: seen.items.length,
        sameItems: items.every((item, index) => item === seen.items[index]),
        samePoster: seen.poster !== null && document.querySelector('[data-testid="video-grid"] img') === seen.poster,
      };
    });
    expect(kept).toEqual({ prerendered: SEED.length, sameItems: true, samePoster: true });
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('when the content service holds another list, then the grid shows that list once it is in', async ({ page }) => {
    const other = [
      { id: 'e2e-one', title: 'An ingested lesson', category: 'naet', thumbnailUrl: '/video-placeholder.svg' },
      { id: 'e2e-two', title: 'Another ingested lesson', category: 'lifewave', thumbnailUrl: '/video-placeholder.svg' },
    ];
    await page.route('**/api/videos*', (route) => route.fulfill({ json: other }));
    await page.goto('/videos');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(grid(page).getByRole('listitem')).toHaveCount(2);
    expect(await titles(page)).toEqual(['An ingested lesson', 'Another ingested lesson']);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 2 videos' })).toBeAttached();
  });
});
