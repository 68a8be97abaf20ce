// A crisis is never behind a limit (issue 26, point 4), in the voice widget too: wherever the panel says a limit
// refused the call or ended it, the 988 and 741741 lines show with the words, in whatever state the call is;
// the upgrade offer carries them itself (e2e/voice.spec.ts). The service is the stand-in of support/voice.ts,
// saying the voice service's own words for each limit.
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { limitMessage } from '../services/voice/src/calls/limits';
import { expectNoAxeViolations } from './support/axe';
import { errorToast, toast } from './support/toast';
import { fakeMedia, fakeVoiceService, SESSION } from './support/voice';

const LIMITS = { maxSeconds: SESSION.maxSeconds, idleSeconds: SESSION.idleSeconds };

const panel = (page: Page) => page.getByRole('dialog', { name: `Talk with ${NAME}'s AI` });
const startButton = (page: Page) => panel(page).getByRole('button', { name: 'Start voice chat' });
const callLine = (scope: Locator) => scope.getByRole('link', { name: /Call 988/ });

/** The 988 and 741741 lines, as links a phone can act on. */
async function expectCrisisLines(scope: Locator) {
  await expect(callLine(scope)).toHaveAttribute('href', 'tel:988');
  await expect(scope.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
}

async function startCall(page: Page) {
  await page.locator('[data-voice-open]').click();
  await startButton(page).click();
  await expect(toast(page)).toContainText('Voice chat connected');
  await expect(panel(page).getByText('Connected and listening')).toBeVisible();
}

test.describe("the voice widget's limits", () => {
  test('when every call slot is taken and the call cannot start, then the words and the crisis lines show', async ({
    page,
  }) => {
    const busy = limitMessage('sessions', LIMITS);
    await fakeMedia(page);
    // The voice service's refusal: `limit` instead of `session`, then the socket closes.
    await page.routeWebSocket('**/ws', (socket) => {
      socket.onMessage((frame) => {
        if ((JSON.parse(String(frame)) as { type: string }).type !== 'start') return;
        socket.send(JSON.stringify({ type: 'limit', reason: 'sessions', message: busy }));
        void socket.close({ code: 1000 });
      });
    });
    await page.goto('/');
    await page.locator('[data-voice-open]').click();
    await expect(startButton(page)).toBeVisible();
    await expect(callLine(panel(page))).toHaveCount(0);

    await startButton(page).click();
    await expect(panel(page).getByRole('alert')).toHaveText(busy);
    await expect(errorToast(page)).toContainText('Connection error');
    await expectCrisisLines(panel(page));
    await expect(startButton(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('when a limit ends the call, then the crisis lines show with its words while they are spoken and after', async ({
    page,
  }) => {
    const idle = limitMessage('idle', LIMITS);
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);
    // An ordinary call shows no crisis lines of its own.
    await expect(callLine(panel(page))).toHaveCount(0);

    await service.send({ type: 'limit', reason: 'idle', message: idle });
    await expect(panel(page).getByRole('alert')).toHaveText(idle);
    await expectCrisisLines(panel(page));
    await expect(panel(page).getByText('Connected and listening')).toBeVisible();

    await service.send({ type: 'ended', reason: 'idle' });
    await expect(toast(page)).toContainText('Voice chat ended');
    await expect(startButton(page)).toBeVisible();
    await expectCrisisLines(panel(page));
    await expectNoAxeViolations(page);

    // A new call starts without the last one's limit.
    await startButton(page).click();
    await expect(panel(page).getByRole('button', { name: 'End voice chat' })).toBeVisible();
    await expect(panel(page).getByRole('alert')).toHaveCount(0);
    await expect(callLine(panel(page))).toHaveCount(0);
  });

  test('when the free questions are used and then a limit ends the call, then the crisis lines show once, in the upgrade offer', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);

    await service.send({
      type: 'quota',
      quota: { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false },
      exceeded: true,
    });
    const upgrade = panel(page).getByRole('group', { name: '3 Free Questions Used' });
    await expectCrisisLines(upgrade);
    await service.send({ type: 'limit', reason: 'duration', message: limitMessage('duration', LIMITS) });
    await service.send({ type: 'ended', reason: 'duration' });
    await expect(startButton(page)).toBeVisible();
    await expect(panel(page).getByRole('alert')).toHaveText(limitMessage('duration', LIMITS));
    await expect(callLine(panel(page))).toHaveCount(1);
    await expectCrisisLines(upgrade);
  });
});
