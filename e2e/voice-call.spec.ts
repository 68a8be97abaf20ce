// A real voice call in Debian's Chromium against the stack as `npm start` runs it: the page's microphone is
// Chromium's fake device fed from a WAV that espeak-ng made ("I have trouble sleeping at night", then
// silence, looped), the peer connection is the browser's own, and the voice service answers with its offline
// engine (Whisper, the chat's assistant, espeak-ng). The captions show what was said and the answer, the
// answer's audio arrives on the remote track with energy, and the call ends cleanly.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PRACTITIONER_NAME as NAME } from '@hhp/proto/catalogue/practitioner';
import { expect, test, type Page } from '@playwright/test';
import { readWav, writeWav } from '../services/voice/src/audio/wav';
import { fakeMicrophone } from './support/fake-microphone';
import { toast } from './support/toast';

/**
 * espeak-ng's words followed by 25 seconds of silence: Chromium loops the file, and the answer must have time
 * to play before the question comes again (speaking over the assistant stops it: barge-in).
 */
function spokenWav(text: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-call-'));
  const raw = path.join(dir, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
  const speech = readWav(readFileSync(raw));
  const samples = new Int16Array(speech.samples.length + speech.sampleRate * 25);
  samples.set(speech.samples);
  const file = path.join(dir, 'question.wav');
  writeFileSync(file, writeWav({ sampleRate: speech.sampleRate, samples }));
  return file;
}

const question = spokenWav('I have trouble sleeping at night');

test.use(fakeMicrophone(question));

const panel = (page: Page) => page.getByRole('dialog', { name: `Talk with ${NAME}'s AI` });
const captions = (page: Page) => panel(page).getByRole('log', { name: 'Captions' });

/** The loudest RMS (0–1) of the remote audio the page plays, over `ms`. */
const remoteLoudness = (page: Page, ms: number) =>
  page.evaluate(async (ms) => {
    const audio = [...document.querySelectorAll('audio')].find((a) => a.srcObject instanceof MediaStream);
    if (!audio) return -1;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(audio.srcObject as MediaStream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    let loudest = 0;
    const until = performance.now() + ms;
    while (performance.now() < until) {
      analyser.getFloatTimeDomainData(data);
      loudest = Math.max(loudest, Math.sqrt(data.reduce((sum, x) => sum + x * x, 0) / data.length));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await context.close();
    return loudest;
  }, ms);

test('when a visitor speaks into a real call, then the captions show the words and the answer, the answer is heard, and the call ends', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.locator('[data-voice-open]').click();
  await panel(page).getByRole('button', { name: 'Start voice chat' }).click();
  await expect(toast(page)).toContainText('Voice chat connected', { timeout: 20_000 });
  await expect(captions(page)).toContainText(/sleep/i, { timeout: 60_000 });
  await expect(
    captions(page)
      .getByText(/insomnia|sleep/i)
      .nth(1),
  ).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => remoteLoudness(page, 1500), { timeout: 30_000 }).toBeGreaterThan(0.01);
  await panel(page).getByRole('button', { name: 'End voice chat' }).click();
  await expect(panel(page).getByText('Voice chat ended')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Start voice chat' })).toBeVisible();
});
