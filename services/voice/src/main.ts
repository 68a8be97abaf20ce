// The voice service: /ws, the voice call's signalling, and its end of the WebRTC call, answered by the engine
// VOICE_ENGINE names (`auto` by default: OpenAI's Realtime API with OPENAI_API_KEY, else the offline engine;
// `none`: calls are told voice is unavailable).
import { loadConfig, runService } from '@hhp/kit';
import { VoiceConfig, engineName } from './config.js';
import { offlineEngine } from './offline/offline-engine.js';
import { realtimeEngine } from './realtime/realtime-engine.js';
import { voiceService, type EngineFactory } from './service.js';

const config = loadConfig(VoiceConfig);

const engines: Record<ReturnType<typeof engineName>, EngineFactory> = {
  openai: realtimeEngine,
  offline: offlineEngine,
  none: () => undefined,
};

await runService({ name: 'voice', config, setup: voiceService(engines[engineName(config)]) });
