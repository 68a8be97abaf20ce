// Chromium's fake microphone playing sentences that espeak-ng says: the voice specs' real calls, where the voice
// service's offline engine transcribes what it hears (Whisper) and asks ai-query.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readWav, writeWav } from '../../services/voice/src/audio/wav';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * A WAV file: three seconds of silence (the call is set up while the file already plays), then each sentence as
 * espeak-ng says it with `gap` seconds after it, then `tail` more seconds of silence before Chromium loops it.
 */
export function spokenWav(sentences: string[], { gap, tail }: { gap: number; tail: number }): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoken-'));
  const spoken = sentences.map((text, i) => {
    const raw = path.join(dir, `sentence-${i}.wav`);
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, text]);
    return readWav(readFileSync(raw));
  });
  const { sampleRate } = spoken[0]!;
  const length = spoken.reduce(
    (sum, speech) => sum + speech.samples.length + sampleRate * gap,
    sampleRate * (3 + tail),
  );
  const samples = new Int16Array(length);
  let at = sampleRate * 3;
  for (const speech of spoken) {
    samples.set(speech.samples, at);
    at += speech.samples.length + sampleRate * gap;
  }
  const file = path.join(dir, 'questions.wav');
  writeFileSync(file, writeWav({ sampleRate, samples }));
  return file;
}

/** Playwright's `test.use` options for a Chromium whose microphone plays `wav` (no permission prompt). */
export const fakeMicrophone = (wav: string) => ({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  },
});
