// The voice service: /ws, the voice call's signalling, and its end of the WebRTC call, answered by the engine
// VOICE_ENGINE names (the offline engine by default; `none`: calls are told voice is unavailable).
import { loadConfig, runService } from '@hhp/kit';
import { VoiceConfig } from './config.js';
import { offlineEngine } from './offline/offline-engine.js';
import { voiceService } from './service.js';

const config = loadConfig(VoiceConfig);

await runService({
  name: 'voice',
  config,
  setup: voiceService((context) => (context.config.VOICE_ENGINE === 'offline' ? offlineEngine(context) : undefined)),
});
