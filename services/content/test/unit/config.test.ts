import { ConfigError, parseConfig } from '@hhp/kit';
import { ContentConfig } from '../../src/config.js';

const secret = 'x'.repeat(32);

describe('ContentConfig', () => {
  test('when only the ingest secret is set, then the defaults are port 4005, database hhp-content, 300 s of skew and 2 s for the database', () => {
    expect(parseConfig(ContentConfig, { CONTENT_INGEST_SECRET: secret })).toMatchObject({
      PORT: 4005,
      MONGODB_DB: 'hhp-content',
      CONTENT_INGEST_SECRET: secret,
      INGEST_MAX_SKEW_SECONDS: 300,
      DB_TIMEOUT_MS: 2000,
    });
  });

  test('when the database timeout is out of range, then the configuration is refused naming it', () => {
    expect(() => parseConfig(ContentConfig, { CONTENT_INGEST_SECRET: secret, DB_TIMEOUT_MS: '10' })).toThrow(
      /DB_TIMEOUT_MS/,
    );
  });

  test.each([
    ['missing', {}, 'CONTENT_INGEST_SECRET: is required'],
    ['empty', { CONTENT_INGEST_SECRET: '' }, 'CONTENT_INGEST_SECRET: is required'],
    ['too short', { CONTENT_INGEST_SECRET: 'short' }, 'CONTENT_INGEST_SECRET: must be at least 32 characters'],
  ])('when the ingest secret is %s, then the configuration is refused naming it', (_what, env, problem) => {
    let error: unknown;
    try {
      parseConfig(ContentConfig, env);
    } catch (err) {
      error = err;
    }

    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(problem);
  });

  test('when the skew is not a number, then the configuration is refused naming it', () => {
    expect(() =>
      parseConfig(ContentConfig, { CONTENT_INGEST_SECRET: secret, INGEST_MAX_SKEW_SECONDS: 'soon' }),
    ).toThrow(/INGEST_MAX_SKEW_SECONDS/);
  });
});
