import type { ServiceContext } from '@hhp/kit';
import { Counter } from 'prom-client';
import type { Router } from 'express';
import type { VoiceConfig } from '../config.js';
import { EspeakSynthesizer } from '../speech/espeak-synthesizer.js';
import { speechSettings } from '../speech/settings.js';
import { PerMinute } from './per-minute.js';
import { readAloudRouter } from './read-aloud.router.js';
import { SpeechCache } from './speech-cache.js';

/** Read aloud's route, with espeak-ng (VOICE_ESPEAK), its cache and its per-address limit. */
export function readAloud({ config, metrics }: ServiceContext<VoiceConfig>): Router {
  const synthesizer = new EspeakSynthesizer({ binary: speechSettings().espeak });
  const synthesised = new Counter({
    name: 'voice_read_aloud_synthesised_total',
    help: 'Texts espeak-ng was run for by read aloud (the rest were served from its cache)',
    registers: [metrics.registry],
  });
  const cache = new SpeechCache({
    voice: synthesizer.voice,
    maxBytes: config.VOICE_READ_ALOUD_CACHE_MB * 1024 * 1024,
    // Two at a time at most, on a machine of two cores: calls' own speech goes on meanwhile.
    concurrency: 2,
    synthesize: (text) => synthesizer.synthesizeWav(text),
    onSynthesis: () => synthesised.inc(),
  });
  return readAloudRouter({
    cache,
    perMinute: new PerMinute(config.VOICE_READ_ALOUD_PER_MINUTE, config.LOAD_TEST_ALLOWLIST),
  });
}
