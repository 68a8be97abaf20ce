// Starts the voice service in-process (port 0, its own database, its own NATS user) with a given engine.
// Its peer connections take UDP ports 41000-41499 (chromium.test.ts, which runs alongside, takes the next 500).
import { randomUUID } from 'node:crypto';
import { parseConfig, startService, type RunningService } from '@hhp/kit';
import { VoiceConfig } from '../../src/config.js';
import { voiceService } from '../../src/service.js';
import type { VoiceEngine } from '../../src/engine/engine.js';
import { natsEnvFor } from '../../../../infra/src/testing/nats-users.js';

export type VoiceService = RunningService<VoiceConfig>;

export async function startVoice(
  engine: VoiceEngine | undefined,
  env: Record<string, string> = {},
): Promise<VoiceService> {
  const config = parseConfig(VoiceConfig, {
    MONGODB_URI: process.env.MONGODB_URI,
    NATS_URL: process.env.NATS_URL,
    ...natsEnvFor('voice'),
    PORT: '0',
    HOST: '127.0.0.1',
    MONGODB_DB: `it-voice-${randomUUID().slice(0, 8)}`,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    VOICE_RTC_PORT_MIN: '41000',
    VOICE_RTC_PORT_MAX: '41499',
    ...env,
  });
  return startService({ name: 'voice', config, setup: voiceService(() => engine) });
}

export const wsUrl = (service: VoiceService): string => service.url.replace(/^http/, 'ws') + '/ws';

export async function healthy(service: VoiceService): Promise<number> {
  return (await fetch(`${service.url}/healthz`)).status;
}
