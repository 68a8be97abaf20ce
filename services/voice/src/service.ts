import type { ServiceContext, ServiceParts } from '@hhp/kit';
import { MAX_VOICE_FRAME_BYTES } from '@hhp/proto';
import type { VoiceConfig } from './config.js';
import type { VoiceEngine } from './engine/engine.js';
import type { VoiceCall } from './calls/call.js';
import { callEvents } from './calls/call-events.js';
import { SessionSlots, type CallLimits } from './calls/limits.js';
import { PerAddress } from './calls/per-address.js';
import { iceServersFor } from './rtc/ice-servers.js';
import { allowedOrigins, originAllowed } from './signalling/origin.js';
import { voiceSocket } from './signalling/voice-socket.js';
import { readAloud } from './read-aloud/read-aloud.js';

/** Makes the engine that answers calls; undefined: none is configured, and calls are told voice is unavailable. */
export type EngineFactory = (context: ServiceContext<VoiceConfig>) => VoiceEngine | undefined;

/**
 * /ws (the call's signalling, checked Origin, its limits) with the engine the factory gives, and read aloud
 * (GET /api/voice/speech: the portal's published texts in the server's voice).
 */
export function voiceService(engineFactory: EngineFactory) {
  return (context: ServiceContext<VoiceConfig>): ServiceParts => {
    const { config, logger, bus, metrics } = context;
    const engine = engineFactory(context);
    if (!engine) logger.warn('no voice engine is configured: every call is told voice is unavailable');
    const limits: CallLimits = {
      maxSessions: config.VOICE_MAX_SESSIONS,
      setupSeconds: config.VOICE_SETUP_SECONDS,
      connectSeconds: config.VOICE_CONNECT_SECONDS,
      maxSeconds: config.VOICE_MAX_SESSION_SECONDS,
      idleSeconds: config.VOICE_IDLE_SECONDS,
      maxPacketsPerSecond: config.VOICE_MAX_PACKETS_PER_SECOND,
    };
    const origins = allowedOrigins(config.PUBLIC_URL, config.VOICE_ALLOWED_ORIGINS);
    const events = callEvents({ bus, logger, registry: metrics.registry });
    const calls = new Set<VoiceCall>();
    return {
      routers: [readAloud(context)],
      websocket: {
        path: '/ws',
        maxPayloadBytes: MAX_VOICE_FRAME_BYTES,
        accept: (req) => originAllowed(req.headers.origin, origins),
        onConnection: voiceSocket({
          engine,
          slots: new SessionSlots(limits.maxSessions),
          perAddress: {
            sockets: new PerAddress(config.VOICE_MAX_SOCKETS_PER_ADDRESS, config.LOAD_TEST_ALLOWLIST),
            calls: new PerAddress(config.VOICE_MAX_CALLS_PER_ADDRESS, config.LOAD_TEST_ALLOWLIST),
          },
          limits,
          serviceIceServers: config.VOICE_ICE_SERVERS,
          iceServers: iceServersFor(
            config.VOICE_ICE_SERVERS,
            config.VOICE_TURN_SECRET === undefined
              ? undefined
              : {
                  urls: config.VOICE_TURN_URLS,
                  secret: config.VOICE_TURN_SECRET,
                  // Good for the longest call, with a margin for the connection to form.
                  ttlSeconds: config.VOICE_MAX_SESSION_SECONDS + 300,
                },
          ),
          portRange: [config.VOICE_RTC_PORT_MIN, config.VOICE_RTC_PORT_MAX],
          pingIntervalMs: config.VOICE_PING_INTERVAL_MS,
          events,
          calls,
        }),
        // Each call says `ended` (shutdown) before the kit closes its socket with 1001.
        beforeDrain: async () => {
          await Promise.all([...calls].map((call) => call.end('shutdown')));
        },
      },
      stop: [
        ['voice engine', async () => engine?.close?.()],
        ['voice events', () => events.close()],
      ],
    };
  };
}
