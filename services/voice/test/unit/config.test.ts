import { parseConfig, ConfigError } from '@hhp/kit';
import { VoiceConfig } from '../../src/config.js';

describe('VoiceConfig', () => {
  test('when nothing is set, then there are no ICE servers, ports 40000-40099, 10 calls of 10 minutes, 60 s idle, 10 sockets and 3 calls an address, 5 s to start and offer, 20 s to connect', () => {
    expect(parseConfig(VoiceConfig, {})).toMatchObject({
      PORT: 4006,
      PUBLIC_URL: 'http://localhost:8080',
      VOICE_ALLOWED_ORIGINS: [],
      VOICE_ICE_SERVERS: [],
      VOICE_RTC_PORT_MIN: 40000,
      VOICE_RTC_PORT_MAX: 40099,
      VOICE_MAX_SESSIONS: 10,
      VOICE_MAX_SESSION_SECONDS: 600,
      VOICE_IDLE_SECONDS: 60,
      VOICE_MAX_SOCKETS_PER_ADDRESS: 10,
      VOICE_MAX_CALLS_PER_ADDRESS: 3,
      VOICE_SETUP_SECONDS: 5,
      VOICE_CONNECT_SECONDS: 20,
    });
  });

  test('when the setup time is longer than the time to connect, or a per-address limit is 0, then each is named', () => {
    expect(() => parseConfig(VoiceConfig, { VOICE_SETUP_SECONDS: '30', VOICE_CONNECT_SECONDS: '10' })).toThrow(
      /VOICE_CONNECT_SECONDS/,
    );
    expect(() => parseConfig(VoiceConfig, { VOICE_MAX_CALLS_PER_ADDRESS: '0' })).toThrow(/VOICE_MAX_CALLS_PER_ADDRESS/);
    expect(() => parseConfig(VoiceConfig, { VOICE_MAX_SOCKETS_PER_ADDRESS: '0' })).toThrow(
      /VOICE_MAX_SOCKETS_PER_ADDRESS/,
    );
  });

  test('when ICE servers and origins are given, then they are read as the browser takes them', () => {
    const config = parseConfig(VoiceConfig, {
      VOICE_ICE_SERVERS: '[{"urls":["turn:turn.example:3478"],"username":"u","credential":"c"}]',
      VOICE_ALLOWED_ORIGINS: 'https://www.portal.example/, https://portal.example',
    });
    expect(config.VOICE_ICE_SERVERS).toEqual([{ urls: ['turn:turn.example:3478'], username: 'u', credential: 'c' }]);
    expect(config.VOICE_ALLOWED_ORIGINS).toEqual(['https://www.portal.example', 'https://portal.example']);
  });

  test('when ICE servers are not JSON, an origin is not a URL or the port range is upside down, then each is named', () => {
    let error: unknown;
    try {
      parseConfig(VoiceConfig, {
        VOICE_ICE_SERVERS: 'turn:turn.example',
        VOICE_ALLOWED_ORIGINS: 'portal',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(String((error as Error).message)).toMatch(/VOICE_ICE_SERVERS/);
    expect(String((error as Error).message)).toMatch(/VOICE_ALLOWED_ORIGINS/);
    expect(() => parseConfig(VoiceConfig, { VOICE_RTC_PORT_MIN: '41000', VOICE_RTC_PORT_MAX: '40000' })).toThrow(
      /VOICE_RTC_PORT_MAX/,
    );
  });

  test('when a TURN server shares a secret, then its addresses are read as a list; either without the other is named', () => {
    const config = parseConfig(VoiceConfig, {
      VOICE_TURN_URLS: 'turn:turn.example:3478?transport=udp, turns:turn.example:5349',
      VOICE_TURN_SECRET: 'a-long-random-secret',
    });
    expect(config.VOICE_TURN_URLS).toEqual(['turn:turn.example:3478?transport=udp', 'turns:turn.example:5349']);
    expect(parseConfig(VoiceConfig, {}).VOICE_TURN_URLS).toEqual([]);
    expect(() => parseConfig(VoiceConfig, { VOICE_TURN_URLS: 'turn:turn.example:3478' })).toThrow(/VOICE_TURN_SECRET/);
    expect(() => parseConfig(VoiceConfig, { VOICE_TURN_SECRET: 'a-long-random-secret' })).toThrow(/VOICE_TURN_SECRET/);
    expect(() =>
      parseConfig(VoiceConfig, { VOICE_TURN_URLS: 'stun:turn.example', VOICE_TURN_SECRET: 'a-long-random-secret' }),
    ).toThrow(/VOICE_TURN_URLS/);
    expect(() =>
      parseConfig(VoiceConfig, { VOICE_TURN_URLS: 'turn:turn.example:3478', VOICE_TURN_SECRET: 'short' }),
    ).toThrow(/VOICE_TURN_SECRET/);
  });
});
