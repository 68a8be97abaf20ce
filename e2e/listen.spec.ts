// A treatment card's Listen in Debian's Chromium, whose speech synthesis fails (`synthesis-failed`, or no voice
// at all): the card is read with the portal's voice (GET /api/voice/speech, espeak-ng on the server), the button
// says Stop while that plays and Listen when it has ended; when the browser's voice fails part of the way, the
// portal's takes over from that part; and when nothing can speak, the card says so in words (issue 27, point 7).
import { MODALITIES, readAloudParts } from '@hhp/proto';
import { expect, test, type Page, type Response } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

const ayurveda = MODALITIES.find((modality) => modality.id === 'ayurveda')!;
const card = (page: Page) => page.locator('article#ayurveda');
const listen = (page: Page) => page.getByRole('button', { name: 'Listen to Ayurveda' });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop reading Ayurveda' });
const player = (page: Page) => page.locator('audio[data-read-aloud]');
const isSpeech = (response: Response) => new URL(response.url()).pathname === '/api/voice/speech';
const spokenText = (response: Response) => new URL(response.url()).searchParams.get('text');

/** The portal's voice plays 16 times as fast: a card is read to its end in a few seconds. */
async function fastPlayer(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await player(page).evaluate((audio: HTMLAudioElement) => {
    audio.defaultPlaybackRate = 16;
    audio.muted = true;
  });
}

test.describe("the treatment cards' Listen, when the browser cannot speak", () => {
  test('when Listen is pressed in Chromium, then the portal’s voice reads the card from the server, Stop while it plays, Listen when it ends', async ({
    page,
  }) => {
    const spoken: string[] = [];
    page.on('response', (response) => {
      if (isSpeech(response) && response.status() === 200) spoken.push(spokenText(response)!);
    });
    await page.goto('/treatments');
    await fastPlayer(page);
    const first = page.waitForResponse(isSpeech);
    await listen(page).click();

    const response = await first;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');
    await expect(stop(page)).toHaveText('Stop');
    await expect(stop(page)).toHaveAttribute('data-listening', 'true');
    // The audio element plays what came from the server.
    await expect
      .poll(() => player(page).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0))
      .toBe(true);

    // Read to its end: every part, in order, then the button is Listen again and nothing was said to be wrong.
    await expect(listen(page)).toHaveText('Listen', { timeout: 25_000 });
    expect(spoken).toEqual(readAloudParts(ayurveda));
    await expect(card(page).getByRole('status')).toHaveText('');
  });

  test('when Stop is pressed while the portal’s voice plays, then it stops at once and the button is Listen', async ({
    page,
  }) => {
    await page.goto('/treatments');
    await player(page).waitFor({ state: 'attached' });
    const first = page.waitForResponse(isSpeech);
    await listen(page).click();
    await first;
    await expect
      .poll(() => player(page).evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0))
      .toBe(true);
    await stop(page).click();
    await expect(listen(page)).toHaveText('Listen');
    expect(await player(page).evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
  });

  test('when the browser’s voice fails part of the way (synthesis-failed), then the portal’s voice reads on from that part', async ({
    page,
  }) => {
    // A browser with a voice that speaks the card's name, then fails as Debian's Chromium does.
    await page.addInitScript(() => {
      const fire = (utterance: SpeechSynthesisUtterance, type: string, error?: string) =>
        setTimeout(() => {
          const event = new Event(type) as Event & { error?: string };
          if (error) event.error = error;
          utterance.dispatchEvent(event);
        }, 10);
      let spoken = 0;
      const synthesis = Object.assign(new EventTarget(), {
        getVoices: () => [{ name: 'Stand-in', lang: 'en-US', default: true }],
        speak(utterance: SpeechSynthesisUtterance) {
          spoken += 1;
          if (spoken === 1) {
            fire(utterance, 'start');
            fire(utterance, 'end');
          } else fire(utterance, 'error', 'synthesis-failed');
        },
        cancel() {},
      });
      Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
    });
    await page.goto('/treatments');
    await fastPlayer(page);
    const first = page.waitForResponse(isSpeech);
    await listen(page).click();
    // The name was said by the browser: the server reads from the description on.
    expect(spokenText(await first)).toBe(ayurveda.description);
    await expect(stop(page)).toHaveText('Stop');
    await expect(listen(page)).toHaveText('Listen', { timeout: 25_000 });
    await expect(card(page).getByRole('status')).toHaveText('');
  });

  test('when neither the browser nor the server can speak, then the card says so in words and the button is Listen again', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      delete (Window.prototype as unknown as Record<string, unknown>).speechSynthesis;
      delete (window as unknown as Record<string, unknown>).speechSynthesis;
    });
    let answer = { status: 503, message: "The portal's voice is not available right now." };
    await page.route('**/api/voice/speech?**', (route) =>
      route.fulfill({ status: answer.status, json: { message: answer.message } }),
    );
    await page.goto('/treatments');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

    await listen(page).click();
    const said = card(page).getByRole('status');
    await expect(said).toHaveText(
      "This card could not be read aloud: this browser has no voice that works here, and the portal's voice did not answer. The text is on the page to read; please try Listen again later.",
    );
    await expect(listen(page)).toHaveText('Listen');
    await expectNoAxeViolations(page);

    // Too many requests: the service's own sentence, which says what to do.
    answer = {
      status: 429,
      message: 'Too many read-aloud requests from your network. Please wait a minute and try again.',
    };
    await listen(page).click();
    await expect(said).toHaveText(answer.message);
    await expect(listen(page)).toHaveText('Listen');

    // Listen again clears what was said while it tries.
    await page.unroute('**/api/voice/speech?**');
    await page.route('**/api/voice/speech?**', () => undefined); // never answers
    await listen(page).click();
    await expect(said).toHaveText('');
    await expect(stop(page)).toHaveText('Stop');
  });
});
