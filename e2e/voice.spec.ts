// The voice-chat widget (specification, sections 2, 4, 7 and 8) in Chromium, its call answered by a stand-in of
// the voice service on /ws (support/voice.ts), with a stand-in microphone and peer connection; and the
// treatment cards' Listen buttons, with a stand-in of the browser's speech synthesis.
import { CRISIS_BANNER_TEXT } from '@hhp/proto/catalogue/crisis';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { errorToast, toast } from './support/toast';
import { fakeMedia, fakeVoiceService, SESSION } from './support/voice';

const launcher = (page: Page) => page.locator('[data-voice-open]');
const panel = (page: Page) => page.getByRole('dialog', { name: `Talk with ${NAME}'s AI` });
const startButton = (page: Page) => panel(page).getByRole('button', { name: 'Start voice chat' });
const endButton = (page: Page) => panel(page).getByRole('button', { name: 'End voice chat' });
const captions = (page: Page) => panel(page).getByRole('log', { name: 'Captions' });

async function openVoice(page: Page) {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
}

async function startCall(page: Page) {
  await openVoice(page);
  await startButton(page).click();
  await expect(toast(page)).toContainText('Voice chat connected');
  await expect(panel(page).getByText('Connected and listening')).toBeVisible();
}

const microphoneStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __voice: { microphones: MediaStreamTrack[] } }).__voice.microphones.map(
      (track) => track.readyState,
    ),
  );

test.describe('the voice-chat widget', () => {
  test('when a call starts, then the guest starts it, the microphone is offered, candidates trickle both ways and the answer plays', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await expect(launcher(page)).toHaveAttribute('aria-label', 'Voice chat');
    await startCall(page);

    const guestId = await page.evaluate(() => localStorage.getItem('guestId'));
    expect(guestId).toHaveLength(21);
    await expect
      .poll(() => service.received.map((message) => message.type))
      .toEqual(['start', 'offer', 'candidate', 'candidate']);
    expect(service.received[0]).toEqual({ type: 'start', guestId });
    expect(service.received[1]).toEqual({ type: 'offer', sdp: 'v=0 fake offer' });
    expect(service.received[3]).toEqual({ type: 'candidate', candidate: null });
    const peer = await page.evaluate(() => (window as unknown as { __voice: { peers: unknown[] } }).__voice.peers[0]);
    expect(peer).toMatchObject({ iceServers: SESSION.iceServers, tracks: 1, remote: 'v=0 fake answer' });
    expect((peer as { candidates: unknown[] }).candidates).toHaveLength(1);
    // The assistant's voice is the remote track, playing in the panel's audio element.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')?.srcObject instanceof MediaStream))
      .toBe(true);

    await endButton(page).click();
    await expect(toast(page)).toContainText('Voice chat ended');
    await expect(panel(page).getByText('Voice chat ended')).toBeVisible();
    await expect.poll(() => service.received.at(-1)).toEqual({ type: 'end' });
    expect(await microphoneStates(page)).toEqual(['ended']);
    await expect(startButton(page)).toBeFocused();
  });

  test('when "Describe by voice" is pressed on the symptoms page, then the voice chat opens with a call started, and a second press starts no second call', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/symptoms');
    const describe = page.getByRole('button', { name: 'Describe by voice' });
    await describe.click();
    await expect(panel(page)).toBeVisible();
    await expect(toast(page)).toContainText('Voice chat connected');
    await expect(panel(page).getByText('Connected and listening')).toBeVisible();
    await expect(endButton(page)).toBeFocused();
    await expect.poll(() => service.received.map((message) => message.type)).toContain('offer');

    // Closed and asked again: the same call, shown again; no second start.
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await describe.click();
    await expect(panel(page)).toBeVisible();
    await expect(endButton(page)).toBeFocused();
    expect(service.received.filter((message) => message.type === 'start')).toHaveLength(1);
    await endButton(page).click();
    await expect(panel(page).getByText('Voice chat ended')).toBeVisible();
  });

  test('when the visitor leaves the page during a call, then the service is told the call has ended', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);
    // What the browser fires as the page goes (the stand-in's socket lives in the page, so it goes with it
    // before a real navigation's last frame could be seen here).
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
    await expect.poll(() => service.received.at(-1)).toEqual({ type: 'end' });
    expect(await microphoneStates(page)).toEqual(['ended']);
    // Brought back from the browser's cache, the page shows the call ended.
    await expect(startButton(page)).toBeVisible();
  });

  test('when both sides speak, then the captions grow in a polite live region and the indicator follows the service', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);

    await expect(captions(page)).toHaveAttribute('aria-live', 'polite');
    await service.send({ type: 'transcript', role: 'user', text: 'I have trouble sleeping at night', final: true });
    await service.send({ type: 'state', state: 'thinking' });
    await expect(panel(page).getByText('Connected and listening · Thinking')).toBeVisible();
    await service.send({ type: 'state', state: 'speaking' });
    await service.send({ type: 'transcript', role: 'assistant', text: 'Good sleep', final: false });
    await expect(captions(page)).toHaveAttribute('aria-busy', 'true');
    await service.send({
      type: 'transcript',
      role: 'assistant',
      text: 'Good sleep starts with a routine.',
      final: true,
    });
    await expect(panel(page).getByText('Connected and listening · Speaking')).toBeVisible();
    await expect(captions(page).locator('p')).toHaveText([
      'You: I have trouble sleeping at night',
      `${NAME}'s AI: Good sleep starts with a routine.`,
    ]);
    await expect(captions(page)).toHaveAttribute('aria-busy', 'false');
  });

  test('when the service signals a crisis, then the page shows its crisis banner, and the 911 notice for an emergency', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/treatments');
    await startCall(page);
    await expect(page.getByText(CRISIS_BANNER_TEXT)).toHaveCount(0);

    await service.send({ type: 'crisis', isEmergency: false });
    await expect(page.getByRole('alert').filter({ hasText: CRISIS_BANNER_TEXT })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: /Call 911/ })).toHaveCount(0);
    await service.send({ type: 'crisis', isEmergency: true });
    await expect(panel(page).getByRole('link', { name: /Call 911/ })).toHaveAttribute('href', 'tel:911');
  });

  test('when the free questions are used up or a limit ends the call, then the widget shows the upgrade options and the words', async ({
    page,
  }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);

    const quota = { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false };
    await service.send({ type: 'quota', quota, exceeded: true });
    const upgrade = panel(page).getByRole('group', { name: '3 Free Questions Used' });
    await expect(upgrade.getByRole('link', { name: /One Hour AI Session/ })).toHaveAttribute('href', '/book');
    await expect(upgrade.getByRole('link', { name: /Monthly Subscription/ })).toHaveAttribute('href', '/subscribe');
    // The crisis lines are never behind the limit (issue 26).
    await expect(upgrade.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(upgrade.getByRole('link', { name: /741741/ })).toHaveAttribute('href', /^sms:741741/);
    // The chat's counters follow: its button says no free question is left.
    await expect(page.locator('[data-chat-open]')).toHaveAccessibleDescription('0 free questions left');
    await expectNoAxeViolations(page);

    await service.send({ type: 'limit', reason: 'duration', message: 'Voice calls last at most 10 minutes.' });
    await service.send({ type: 'ended', reason: 'duration' });
    await expect(panel(page).getByText('Voice calls last at most 10 minutes.')).toBeVisible();
    await expect(toast(page)).toContainText('Voice chat ended');
    expect(await microphoneStates(page)).toEqual(['ended']);
  });

  test('when the microphone is refused, then "Voice chat failed" says so and no socket is opened', async ({ page }) => {
    await fakeMedia(page, { microphoneDenied: true });
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await openVoice(page);
    await startButton(page).click();
    await expect(errorToast(page)).toContainText('Voice chat failed');
    await expect(errorToast(page)).toContainText('Unable to access microphone or connect to service.');
    await expect(startButton(page)).toBeVisible();
    expect(service.received).toEqual([]);
  });

  for (const [name, mode] of [
    ['the socket is refused', { refuse: true }],
    ['the service is unavailable', { unavailable: true }],
  ] as const) {
    test(`when ${name}, then "Connection error" says so and the microphone is released`, async ({ page }) => {
      await fakeMedia(page);
      await fakeVoiceService(page, mode);
      await page.goto('/');
      await openVoice(page);
      await startButton(page).click();
      await expect(errorToast(page)).toContainText('Connection error');
      await expect(errorToast(page)).toContainText('Failed to connect to voice chat service.');
      await expect(startButton(page)).toBeVisible();
      expect(await microphoneStates(page)).toEqual(['ended']);
    });
  }

  test('when the keyboard is used, then Enter opens the widget on its start button, Escape closes it and focus returns', async ({
    page,
  }) => {
    await fakeMedia(page);
    await fakeVoiceService(page);
    await page.goto('/');
    await expect(launcher(page)).toBeEnabled();
    await launcher(page).focus();
    await page.keyboard.press('Enter');
    await expect(startButton(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(panel(page).getByRole('navigation').getByRole('link')).toHaveText([
      'Symptoms',
      'Treatments',
      'Book a session',
    ]);
    await page.keyboard.press('Enter');
    await expect(toast(page)).toContainText('Voice chat connected');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    // The call goes on while the panel is closed, and the button says so.
    await expect(launcher(page)).toHaveAttribute('aria-label', 'Voice chat (call in progress)');
    await page.keyboard.press('Enter');
    await expect(endButton(page)).toBeFocused();

    // A link of the panel's leaves for its page; the panel closes, the call goes on.
    await panel(page).getByRole('link', { name: 'Treatments' }).click();
    await expect(page).toHaveURL(/\/treatments$/);
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toHaveAttribute('aria-label', 'Voice chat (call in progress)');
  });

  test('when the widget is open, then axe finds no violations', async ({ page }) => {
    await fakeMedia(page);
    const service = await fakeVoiceService(page);
    await page.goto('/');
    await startCall(page);
    await service.send({ type: 'transcript', role: 'user', text: 'How can I calm anxiety?', final: true });
    await service.send({ type: 'transcript', role: 'assistant', text: 'Slow breathing helps.', final: false });
    await expect(captions(page).locator('p')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });

  test.describe('on a 375 px phone', () => {
    test.use({ viewport: { width: 375, height: 667 } });

    for (const path of ['/', '/treatments']) {
      test(`when ${path} is opened, then the voice and chat buttons sit apart and nothing is wider than the screen`, async ({
        page,
      }) => {
        await page.goto(path);
        const chat = await page.locator('[data-chat-open]').boundingBox();
        const voice = await launcher(page).boundingBox();
        expect(chat && voice).toBeTruthy();
        // Side by side on the same line: the chat's right edge is left of the voice button's left edge.
        expect(chat!.x + chat!.width).toBeLessThan(voice!.x);
        expect(voice!.x + voice!.width).toBeLessThanOrEqual(375);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        await openVoice(page);
        // The panel's last control is not under the chat's button.
        await panel(page).getByRole('link', { name: 'Symptoms' }).click({ trial: true });
        const box = await panel(page).boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      });
    }
  });
});

test.describe("the treatment cards' Listen buttons", () => {
  /**
   * The browser's speech synthesis, observed: what was spoken, how often it was cancelled; `__speechNext()` ends
   * the part being spoken (the next one starts), as the browser does when a part has been read.
   */
  async function fakeSpeech(page: Page) {
    await page.addInitScript(() => {
      const record = { spoken: [] as string[], cancels: 0, queue: [] as SpeechSynthesisUtterance[] };
      // As the browser does: an utterance's end arrives after the call that ended it.
      const fire = (utterance: SpeechSynthesisUtterance | undefined, type: string) => {
        if (utterance) setTimeout(() => utterance.dispatchEvent(new Event(type)), 0);
      };
      const synthesis = {
        // A voice is installed: the browser's voice reads (without one, the portal's does: listen.spec.ts).
        getVoices: () => [{ name: 'Stand-in', lang: 'en-US', default: true }],
        addEventListener() {},
        removeEventListener() {},
        speak(utterance: SpeechSynthesisUtterance) {
          record.spoken.push(utterance.text);
          record.queue.push(utterance);
          // The first part begins at once, as the browser's voice does.
          if (record.queue.length === 1) fire(utterance, 'start');
        },
        cancel() {
          record.cancels += 1;
          for (const utterance of record.queue.splice(0)) fire(utterance, 'error');
        },
      };
      Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
      const w = window as unknown as Record<string, unknown>;
      w.__speech = record;
      w.__speechNext = () => {
        fire(record.queue.shift(), 'end');
        fire(record.queue[0], 'start');
      };
    });
  }
  const speech = (page: Page) =>
    page.evaluate(() => {
      const { spoken, cancels, queue } = (
        window as unknown as { __speech: { spoken: string[]; cancels: number; queue: unknown[] } }
      ).__speech;
      return { spoken, cancels, queued: queue.length };
    });
  const next = (page: Page) => page.evaluate(() => (window as unknown as { __speechNext: () => void }).__speechNext());

  test('when Listen is pressed, then the card is read aloud part by part, the button stops it, and one card reads at a time', async ({
    page,
  }) => {
    await fakeSpeech(page);
    await page.goto('/treatments');
    await page.getByRole('button', { name: 'Listen to Ayurveda' }).click();
    await expect(page.getByRole('button', { name: 'Stop reading Ayurveda' })).toHaveText('Stop');
    const ayurveda = await speech(page);
    expect(ayurveda.spoken.slice(0, 2)).toEqual(['Ayurveda', expect.stringMatching(/^The 5,000-year-old science/)]);
    // The overview, then the benefits: one part each.
    expect(ayurveda.queued).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Listen to Chiropractic' }).click();
    await expect(page.getByRole('button', { name: 'Stop reading Chiropractic' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Listen to Ayurveda' })).toHaveText('Listen');
    const chiropractic = await speech(page);
    expect(chiropractic.cancels).toBe(ayurveda.cancels + 1);
    expect(chiropractic.spoken[ayurveda.spoken.length]).toBe('Chiropractic');

    await page.getByRole('button', { name: 'Stop reading Chiropractic' }).click();
    await expect(page.getByRole('button', { name: 'Listen to Chiropractic' })).toBeVisible();
    expect(await speech(page)).toMatchObject({ spoken: chiropractic.spoken, queued: 0 });

    // Read to its end: Stop until the last part has been read, then Listen again.
    await page.getByRole('button', { name: 'Listen to NAET' }).click();
    const { queued } = await speech(page);
    for (let part = 1; part < queued; part += 1) await next(page);
    await page.waitForTimeout(50);
    await expect(page.getByRole('button', { name: 'Stop reading NAET' })).toBeVisible();
    await next(page);
    await expect(page.getByRole('button', { name: 'Listen to NAET' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Stop reading/ })).toHaveCount(0);
  });
});
