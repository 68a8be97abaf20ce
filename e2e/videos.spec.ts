// The Video Library as a visitor uses it: category filters, the card grid and the modal player.
// Most tests answer GET /api/videos from fixtures in the browser, so they can rely on a YouTube video, a
// native one and one without any; the first three go through nginx to the real content service and the
// default library's files (made by the bootstrap, scripts/make-videos.mjs).
import { expect, test, type Page } from '@playwright/test';

const FIXTURES = [
  {
    id: 'e2e-ayurveda',
    title: 'The three doshas',
    description: 'Vata, Pitta and Kapha in everyday life.',
    category: 'ayurveda',
    thumbnailUrl: '/video-placeholder.svg',
    duration: '12:34',
    youtubeId: 'aaaaaaaaaaa',
  },
  {
    id: 'e2e-chiropractic',
    title: 'Alignment and the nervous system',
    description: 'How the spine and the nerves work together.',
    category: 'chiropractic',
    thumbnailUrl: '/video-placeholder.svg',
    duration: '8:10',
    videoUrl: '/e2e-sample.mp4',
    captionsUrl: '/e2e-sample.vtt',
  },
  {
    id: 'e2e-nutrition',
    title: 'Greens as medicine',
    description: 'Why leafy greens matter.',
    category: 'nutrition',
    thumbnailUrl: '/video-placeholder.svg',
    duration: '5:00',
  },
];

/** Answers /api/videos from the fixtures, filtered like the server, and records every category asked for. */
async function stubVideos(page: Page): Promise<(string | null)[]> {
  const asked: (string | null)[] = [];
  await page.route('**/api/videos*', async (route) => {
    const category = new URL(route.request().url()).searchParams.get('category');
    asked.push(category);
    const body = category ? FIXTURES.filter((video) => video.category === category) : FIXTURES;
    await route.fulfill({ json: body });
  });
  return asked;
}

const grid = (page: Page) => page.getByTestId('video-grid');
const openButton = (page: Page, title: string) => page.getByRole('button', { name: title, exact: true });

test.describe('the video library', () => {
  test('when a category is chosen, then the list is fetched again with ?category= and shows only that category', async ({
    page,
  }) => {
    await page.goto('/videos');
    await expect(page.getByRole('heading', { level: 1, name: 'Video Library' })).toBeVisible();
    const filters = page.getByRole('group', { name: 'Filter videos by category' });
    await expect(filters.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    // The page is prerendered: the first list (all categories) arrives once the app has taken over.
    await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ videos?$/ })).toBeAttached();

    const request = page.waitForRequest(
      (req) => new URL(req.url()).pathname === '/api/videos' && new URL(req.url()).searchParams.has('category'),
    );
    const response = page.waitForResponse((res) => new URL(res.url()).search === '?category=chiropractic');
    await filters.getByRole('button', { name: 'Chiropractic' }).click();
    expect(new URL((await request).url()).searchParams.get('category')).toBe('chiropractic');
    expect((await response).status()).toBe(200);

    await expect(filters.getByRole('button', { name: 'Chiropractic' })).toHaveAttribute('aria-pressed', 'true');
    // Whatever the content service holds: every card shown is a chiropractic one (or the list is empty).
    await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ videos?$/ })).toBeAttached();
    const categories = await page
      .locator('[data-testid="video-grid"] > li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-category')));
    expect(categories.every((category) => category === 'chiropractic')).toBe(true);
  });

  test('when a video of the default library is opened, then it plays from /media/ with its captions showing', async ({
    page,
  }) => {
    await page.goto('/videos');
    await expect(page.getByRole('status').filter({ hasText: /^Showing \d+ videos?$/ })).toBeAttached();
    const title = await grid(page).getByRole('listitem').first().getByRole('heading').innerText();
    await openButton(page, title).click();

    const video = page.getByRole('dialog', { name: title }).locator('video');
    await expect(video).toHaveAttribute('src', /^\/media\/videos\/[a-z0-9-]+\.mp4$/);
    await expect(video).toHaveAttribute('poster', /^\/media\/videos\/[a-z0-9-]+\.jpg$/);
    const track = video.locator('track[kind="captions"][srclang="en"][default]');
    await expect(track).toHaveAttribute('src', /^\/media\/videos\/[a-z0-9-]+\.vtt$/);

    // Muted, so that the browser lets it start without a gesture: 'loadeddata' has fired and it plays.
    const loaded = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      if (element.readyState < 2) await new Promise((resolve) => element.addEventListener('loadeddata', resolve));
      await element.play();
      return { readyState: element.readyState, duration: element.duration };
    });
    expect(loaded.readyState).toBeGreaterThanOrEqual(2);
    expect(loaded.duration).toBeGreaterThan(15);
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.5);

    // The captions file loaded (HTMLTrackElement.LOADED) and its first cue is the title.
    await expect.poll(() => track.evaluate((element: HTMLTrackElement) => element.readyState)).toBe(2);
    const captions = await video.evaluate((element: HTMLVideoElement) => {
      const textTrack = element.textTracks[0]!;
      return { mode: textTrack.mode, cues: textTrack.cues?.length ?? 0, first: (textTrack.cues?.[0] as VTTCue)?.text };
    });
    expect(captions.mode).toBe('showing');
    expect(captions.cues).toBeGreaterThanOrEqual(4);
    expect(captions.first?.replace(/\s+/g, ' ')).toBe(title);
  });

  test('when a player asks nginx for part of a video, then it gets 206 with that range; captions are text/vtt', async ({
    request,
  }) => {
    const videos = (await (await request.get('/api/videos')).json()) as { videoUrl?: string; captionsUrl?: string }[];
    const local = videos.find((video) => video.videoUrl?.startsWith('/media/videos/'))!;

    const part = await request.get(local.videoUrl!, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect(part.headers()['content-range']).toMatch(/^bytes 1000-1999\/\d+$/);
    expect(part.headers()['cache-control']).toBe('public, max-age=3600');
    expect((await part.body()).length).toBe(1000);

    const captions = await request.get(local.captionsUrl!);
    expect(captions.status()).toBe(200);
    expect(captions.headers()['content-type']).toBe('text/vtt');
    expect(await captions.text()).toMatch(/^WEBVTT\n/);

    // Only the library's own files: not the generator's manifest, and never the SPA's page.
    expect((await request.get('/media/videos/manifest.json')).status()).toBe(404);
    expect((await request.get('/media/anything')).status()).toBe(404);
  });

  test('when a category is chosen, then the grid shows only its videos, and All brings the rest back', async ({
    page,
  }) => {
    const asked = await stubVideos(page);
    await page.goto('/videos');
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Ayurveda', exact: true }).click();
    await expect(grid(page).getByRole('listitem')).toHaveCount(1);
    await expect(openButton(page, 'The three doshas')).toBeVisible();
    await expect(openButton(page, 'Greens as medicine')).toHaveCount(0);
    expect(asked).toEqual([null, 'ayurveda']);

    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
  });

  // /videos itself is prerendered with the default library, which stands in until the list is in
  // (videos-prerender.spec.ts): the skeletons show where the app renders the library without one.
  test('when the library is opened from another page and its list is loading, then six skeleton cards stand in for it', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/videos*', async (route) => {
      await held;
      await route.fulfill({ json: FIXTURES });
    });
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Videos' }).click();
    await expect(page.locator('section[aria-busy="true"] > ul > li')).toHaveCount(6);
    release();
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
  });

  test('when a category is chosen and its list is loading, then six skeleton cards stand in for it', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/videos*', async (route) => {
      if (new URL(route.request().url()).searchParams.has('category')) await held;
      await route.fulfill({ json: FIXTURES });
    });
    await page.goto('/videos');
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'NAET', exact: true }).click();
    await expect(page.locator('section[aria-busy="true"] > ul > li')).toHaveCount(6);
    release();
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
  });

  test('when a card is clicked, then a dialog plays the YouTube video, and Escape closes it', async ({ page }) => {
    await stubVideos(page);
    await page.goto('/videos');
    await openButton(page, 'The three doshas').click();

    const dialog = page.getByRole('dialog', { name: 'The three doshas' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/aaaaaaaaaaa');
    await expect(dialog.getByText('Vata, Pitta and Kapha in everyday life.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('when a video has a file instead, then the native player shows, and the close button closes it', async ({
    page,
  }) => {
    await stubVideos(page);
    await page.goto('/videos');
    await openButton(page, 'Alignment and the nervous system').click();

    const dialog = page.getByRole('dialog', { name: 'Alignment and the nervous system' });
    await expect(dialog.locator('video[controls]')).toHaveAttribute('src', '/e2e-sample.mp4');
    await expect(dialog.locator('video > track[kind="captions"][srclang="en"][default]')).toHaveAttribute(
      'src',
      '/e2e-sample.vtt',
    );
    await expect(dialog.locator('iframe')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('when a video has neither a YouTube id nor a file, then the dialog says "No video available"', async ({
    page,
  }) => {
    await stubVideos(page);
    await page.goto('/videos');
    await openButton(page, 'Greens as medicine').click();

    const dialog = page.getByRole('dialog', { name: 'Greens as medicine' });
    await expect(dialog.getByText('No video available', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Why leafy greens matter.')).toBeVisible();
    await expect(dialog.locator('iframe, video')).toHaveCount(0);
  });

  test('when a category has no videos, then the page says so and offers all videos', async ({ page }) => {
    await stubVideos(page);
    await page.goto('/videos');
    await page.getByRole('button', { name: 'LifeVessel', exact: true }).click();
    await expect(page.getByText('No videos in this category yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Show all videos' }).click();
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
  });

  test('when the list cannot be loaded, then the server message is shown with a way to try again', async ({ page }) => {
    let fail = true;
    await page.route('**/api/videos*', async (route) => {
      if (fail) await route.fulfill({ status: 503, json: { message: 'Content service unavailable' } });
      else await route.fulfill({ json: FIXTURES });
    });
    await page.goto('/videos');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Videos could not be loaded');
    await expect(alert).toContainText('Content service unavailable');
    await expect(alert).not.toContainText('503');

    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(grid(page).getByRole('listitem')).toHaveCount(3);
  });
});
