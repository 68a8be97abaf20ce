// At 390 px wide (a phone): the video dialog's title does not run under its close button, and the voice panel's
// captions keep a readable height while the upgrade offer is shown (issue 27, point 8).
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fakeMedia, fakeVoiceService } from './support/voice';

test.use({ viewport: { width: 390, height: 844 } });

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test.describe('at 390 px wide', () => {
  test('when a video with a long title is opened, then its title does not run under the close button', async ({
    page,
  }) => {
    await page.goto('/videos');
    const grid = page.getByTestId('video-grid');
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    // The longest title of the library, the one most likely to reach the close button.
    const titles = await grid.getByRole('listitem').getByRole('heading').allInnerTexts();
    const title = titles.reduce((longest, t) => (t.length > longest.length ? t : longest));
    await page.getByRole('button', { name: title, exact: true }).click();

    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    // The dialog zooms in: measure once its opening animation has finished, or the boxes are of different frames.
    await dialog.evaluate((element) =>
      Promise.all(
        element
          .getAnimations({ subtree: true })
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    const close = await box(dialog.getByRole('button', { name: 'Close' }));
    const heading = dialog.locator('.ant-modal-title');
    // Each line of the title, not only its box: a line's text must end before the button begins.
    const lines = await heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return [...range.getClientRects()].map(({ x, y, width, height }) => ({ x, y, width, height }));
    });
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(overlap(line, close)).toBe(false);
    // Whatever the title: the box its text wraps in ends before the button begins.
    const textBox = await heading.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const padding = (side: string) => parseFloat(style.getPropertyValue(`padding-${side}`));
      return {
        x: x + padding('left'),
        y: y + padding('top'),
        width: width - padding('left') - padding('right'),
        height: height - padding('top') - padding('bottom'),
      };
    });
    expect(overlap(textBox, close)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  test('when the upgrade offer shows in the voice panel, then the captions keep a readable height', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await page.locator('[data-voice-open]').click();
    const panel = page.getByRole('dialog', { name: `Talk with ${NAME}'s AI` });
    await panel.getByRole('button', { name: 'Start voice chat' }).click();
    await expect(panel.getByText('Connected and listening')).toBeVisible();

    const captions = panel.getByRole('log', { name: 'Captions' });
    await service.send({ type: 'transcript', role: 'user', text: 'What helps with poor sleep?', final: true });
    await service.send({
      type: 'transcript',
      role: 'assistant',
      text: 'A steady bedtime, a dark and cool room, and no screens in the hour before sleep help most people fall asleep sooner.',
      final: true,
    });
    await service.send({ type: 'transcript', role: 'user', text: 'And what about herbal teas?', final: true });
    await expect(captions.locator('p')).toHaveCount(3);
    const before = (await box(captions)).height;

    const quota = { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false };
    await service.send({ type: 'quota', quota, exceeded: true });
    await expect(panel.getByRole('group', { name: '3 Free Questions Used' })).toBeVisible();

    // The captions keep the height they had (at most their own 200 px): the panel scrolls, they are not squeezed.
    const after = (await box(captions)).height;
    expect(before).toBeGreaterThan(100);
    expect(after).toBeGreaterThanOrEqual(Math.min(before, 200) - 1);
    // What the log holds is in view within it: no caption is cut to a sliver.
    const { scrollHeight, clientHeight } = await captions.evaluate((log) => ({
      scrollHeight: log.scrollHeight,
      clientHeight: log.clientHeight,
    }));
    expect(clientHeight).toBeGreaterThanOrEqual(Math.min(scrollHeight, 200) - 1);
    // And the panel stays within the screen, its upgrade links reachable by scrolling.
    const panelBox = await box(panel);
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(390);
    await panel.getByRole('link', { name: /Monthly Subscription/ }).scrollIntoViewIfNeeded();
    await expect(panel.getByRole('link', { name: /Monthly Subscription/ })).toBeInViewport();
    await expectNoAxeViolations(page);
  });
});
