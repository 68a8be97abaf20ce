// The voice service: /ws, the voice call's signalling, and its end of the WebRTC call. No engine is wired
// yet (the offline and OpenAI engines plug in through the factory): calls are told voice is unavailable.
import { loadConfig, runService } from '@hhp/kit';
import { VoiceConfig } from './config.js';
import { voiceService } from './service.js';

const config = loadConfig(VoiceConfig);

await runService({ name: 'voice', config, setup: voiceService(() => undefined) });
