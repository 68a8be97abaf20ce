import { z } from 'zod';
import { practitionerName, serviceConfig } from '@hhp/kit';
import { IceServer } from '@hhp/proto';
import { servicePort } from '@hhp/proto/services';

/** A comma-separated list of origins (`https://portal.example,https://www.portal.example`). */
const origins = z
  .string()
  .default('')
  .transform((text, ctx) => {
    const list: string[] = [];
    for (const item of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      try {
        list.push(new URL(item).origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://portal.example` });
      }
    }
    return list;
  });

const iceServers = z
  .string()
  .default('[]')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: [{"urls":"turn:turn.example:3478","username":…}]' });
      return z.NEVER;
    }
  })
  .pipe(z.array(IceServer).max(10));

/** TURN addresses, comma-separated. */
const turnUrls = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^turns?:[^\s]+$/, 'must be turn: or turns: addresses')).max(10));

const port = z.coerce.number().int().min(1024).max(65535);
const seconds = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 3600);

export const VoiceConfig = serviceConfig('voice', servicePort('voice'))
  .extend({
    /** The portal's address: a page from its origin may open /ws (`npm start` sets it to where nginx listens). */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /** Other origins whose pages may open a call (comma-separated), e.g. the site's www. alias. */
    VOICE_ALLOWED_ORIGINS: origins,
    /**
     * The ICE servers the browser and the service use (JSON, RTCIceServer[]): a TURN server for visitors
     * behind strict NATs. Default none: no public STUN server is assumed reachable.
     */
    VOICE_ICE_SERVERS: iceServers,
    /**
     * A TURN server that shares a secret with the service (coturn's `use-auth-secret`): its addresses,
     * comma-separated (`turn:turn.example:3478?transport=udp,turns:turn.example:5349`), and the secret
     * (`static-auth-secret`). Each call is then given a credential of its own that expires with the call.
     */
    VOICE_TURN_URLS: turnUrls,
    VOICE_TURN_SECRET: z.string().min(16, 'must be at least 16 characters (a random secret)').optional(),
    /** The UDP ports the service's peer connections take (one per call), so a firewall can open exactly them. */
    VOICE_RTC_PORT_MIN: port.default(40000),
    VOICE_RTC_PORT_MAX: port.default(40099),
    /** Calls at once; one more is told the service is busy. */
    VOICE_MAX_SESSIONS: z.coerce.number().int().min(1).max(1000).default(10),
    /**
     * What one client address (as the trusted proxies report it; an IPv6 /64 as one; LOAD_TEST_ALLOWLIST's not
     * counted) may hold at once: sockets, and calls. Enough for a family behind one NAT.
     */
    VOICE_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(10),
    VOICE_MAX_CALLS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(3),
    /**
     * A socket that sends no `start`, or a call no `offer`, this long after it opened is closed (the page sends
     * both at once); a call not connected VOICE_CONNECT_SECONDS after its `start` is ended.
     */
    VOICE_SETUP_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
    VOICE_CONNECT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
    /** The longest call. */
    VOICE_MAX_SESSION_SECONDS: seconds.default(600),
    /** A call in which nothing happens this long is ended. */
    VOICE_IDLE_SECONDS: seconds.default(60),
    /** Inbound RTP packets per second beyond which a call is a flood (a microphone sends 50). */
    VOICE_MAX_PACKETS_PER_SECOND: z.coerce.number().int().min(60).max(10_000).default(200),
    /** How often the socket is pinged; a peer that has not answered the previous ping by then is closed. */
    VOICE_PING_INTERVAL_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    /**
     * What answers calls: `openai` (OpenAI's Realtime API, bridged by this service; needs OPENAI_API_KEY),
     * `offline` (the local recogniser, the chat's assistant over NATS, espeak-ng; needs what
     * scripts/bootstrap.sh installs), `auto` (openai when OPENAI_API_KEY is set, else offline) or `none`
     * (every call is told voice is unavailable).
     */
    VOICE_ENGINE: z.enum(['auto', 'openai', 'offline', 'none']).default('auto'),
    /** The OpenAI key, the chat's: used by this service's Realtime sockets only, never sent to the browser. */
    OPENAI_API_KEY: z.string().min(1).optional(),
    /** The chat's OpenAI-compatible server; its ws(s) form + /realtime is the Realtime socket's unless set below. */
    OPENAI_BASE_URL: z.url().optional(),
    /** The Realtime socket's address (ws:// or wss://), e.g. a stand-in; default from OPENAI_BASE_URL, else OpenAI's. */
    OPENAI_REALTIME_URL: z.url({ protocol: /^wss?$/ }).optional(),
    OPENAI_REALTIME_MODEL: z.string().min(1).default('gpt-realtime'),
    /** The Realtime model's voice. */
    OPENAI_REALTIME_VOICE: z.string().min(1).default('marin'),
    /** Transcribes the visitor's turns: the words the crisis check and the captions read. */
    OPENAI_REALTIME_TRANSCRIPTION_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
    /** The practitioner the assistant's persona names (ai-query's PRACTITIONER_NAME: set both alike). */
    PRACTITIONER_NAME: practitionerName,
    /**
     * Read aloud (GET /api/voice/speech): requests per client address and minute (a treatment card is about 7,
     * one per part), and the memory its spoken audio is kept in (every published text takes about 6 MB).
     */
    VOICE_READ_ALOUD_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
    VOICE_READ_ALOUD_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(16),
    /** How long a spoken question waits for the assistant (ai-query) before the visitor hears it failed. */
    VOICE_ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  })
  .refine((c) => c.VOICE_RTC_PORT_MIN <= c.VOICE_RTC_PORT_MAX, {
    message: 'VOICE_RTC_PORT_MIN must not be above VOICE_RTC_PORT_MAX',
    path: ['VOICE_RTC_PORT_MAX'],
  })
  .refine((c) => c.VOICE_SETUP_SECONDS <= c.VOICE_CONNECT_SECONDS, {
    message: 'VOICE_SETUP_SECONDS must not be above VOICE_CONNECT_SECONDS',
    path: ['VOICE_CONNECT_SECONDS'],
  })
  .refine((c) => c.VOICE_TURN_URLS.length > 0 === (c.VOICE_TURN_SECRET !== undefined), {
    message: 'VOICE_TURN_URLS and VOICE_TURN_SECRET go together: set both or neither',
    path: ['VOICE_TURN_SECRET'],
  })
  .refine((c) => c.VOICE_ENGINE !== 'openai' || c.OPENAI_API_KEY, {
    message: 'VOICE_ENGINE=openai needs OPENAI_API_KEY',
    path: ['OPENAI_API_KEY'],
  });

/** The engine VOICE_ENGINE names, `auto` decided: openai with a key, else offline. */
export function engineName(
  config: Pick<VoiceConfig, 'VOICE_ENGINE' | 'OPENAI_API_KEY'>,
): 'openai' | 'offline' | 'none' {
  if (config.VOICE_ENGINE !== 'auto') return config.VOICE_ENGINE;
  return config.OPENAI_API_KEY ? 'openai' : 'offline';
}
export type VoiceConfig = z.infer<typeof VoiceConfig>;
