// Where the recogniser's worker, Python and model live, from the environment, with defaults that work in a
// checkout after scripts/bootstrap.sh (which installs .tools/voice-venv and .tools/models/whisper-base). The
// paths are resolved from this file, so they hold from src/ under jest and from dist/ under node alike.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const WORKER_SCRIPT = fileURLToPath(new URL('../../worker/transcribe.py', import.meta.url));

const schema = z.object({
  VOICE_PYTHON: z.string().min(1).default(`${repoRoot}.tools/voice-venv/bin/python`),
  VOICE_WHISPER_MODEL_DIR: z.string().min(1).default(`${repoRoot}.tools/models/whisper-base`),
  VOICE_STT_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  VOICE_ESPEAK: z.string().min(1).default('espeak-ng'),
});

export interface SpeechSettings {
  python: string;
  modelDir: string;
  threads: number;
  workerScript: string;
  espeak: string;
}

/** Reads the speech settings; throws zod's error, with every bad variable named, on a bad value. */
export function speechSettings(env: NodeJS.ProcessEnv = process.env): SpeechSettings {
  const parsed = schema.parse(env);
  return {
    python: parsed.VOICE_PYTHON,
    modelDir: parsed.VOICE_WHISPER_MODEL_DIR,
    threads: parsed.VOICE_STT_THREADS,
    workerScript: WORKER_SCRIPT,
    espeak: parsed.VOICE_ESPEAK,
  };
}
