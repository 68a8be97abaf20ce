import { z } from 'zod';
import { ConfigError, afterFailure, parseConfig, practitionerName, serviceConfig } from '../../src/index.js';

describe('service config', () => {
  const schema = serviceConfig('content', 4005).extend({
    SECRET: z.string().min(32, 'must be at least 32 characters'),
  });

  test('when only the required values are set, then the defaults fill the rest', () => {
    const config = parseConfig(schema, { SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({
      PORT: 4005,
      HOST: '127.0.0.1',
      MONGODB_DB: 'hhp-content',
      NATS_URL: 'nats://127.0.0.1:4222',
      LOG_LEVEL: 'info',
      TRUSTED_PROXIES: ['loopback'],
    });
  });

  test('when values are wrong, then one error lists every problem by name', () => {
    const attempt = () =>
      parseConfig(schema, { PORT: 'eighty', MONGODB_URI: 'postgres://x', NATS_URL: 'http://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const { problems } = err as ConfigError;
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^PORT: /),
          'MONGODB_URI: must be a mongodb:// URI',
          'NATS_URL: must be one or more nats:// URLs, separated by commas',
          expect.stringMatching(/^LOG_LEVEL: must be one of fatal, error/),
          'SECRET: is required',
        ]),
      );
    }
  });

  test('when a variable is empty, then it counts as unset', () => {
    expect(parseConfig(schema, { SECRET: 'y'.repeat(40), PORT: '' }).PORT).toBe(4005);
  });

  test('when the mail settings are unset, then there is no SMTP server and the portal is the sender; wrong ones are named', () => {
    const secret = { SECRET: 'y'.repeat(40) };
    const config = parseConfig(schema, secret);
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('"Holistic Health Portal" <no-reply@holistichealth.example>');
    expect(
      parseConfig(schema, { ...secret, SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'a@clinic.example' }),
    ).toMatchObject({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'a@clinic.example' });
    expect(() => parseConfig(schema, { ...secret, SMTP_URL: 'mail.example:25', MAIL_FROM: 'Clinic' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL\n.*MAIL_FROM: must be "Name" <address> or an address/,
    );
  });
});

describe('TRUSTED_PROXIES', () => {
  const schema = serviceConfig('content', 4005);

  test('when it lists addresses, ranges and express names, then each is kept, trimmed', () => {
    const config = parseConfig(schema, {
      TRUSTED_PROXIES: '172.30.0.10, 10.0.0.0/8,uniquelocal , fd00::/8, ::1, linklocal,loopback',
    });
    expect(config.TRUSTED_PROXIES).toEqual([
      '172.30.0.10',
      '10.0.0.0/8',
      'uniquelocal',
      'fd00::/8',
      '::1',
      'linklocal',
      'loopback',
    ]);
  });

  test.each([
    ['a host name', 'nginx', '(not "nginx")'],
    ['a hop count', '1', '(not "1")'],
    ['a prefix too long', '10.0.0.0/33', '"10.0.0.0/33"'],
    ['an address out of range', '300.1.1.1', '"300.1.1.1"'],
    ['an empty entry', 'loopback,,10.0.0.1', '""'],
    ['two slashes', '10.0.0.0/8/8', '"10.0.0.0/8/8"'],
  ])('when it holds %s, then the configuration is refused naming the entry', (_what, value, problem) => {
    let error: unknown;
    try {
      parseConfig(schema, { TRUSTED_PROXIES: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const [line] = (error as ConfigError).problems;
    expect(line).toMatch(/^TRUSTED_PROXIES: /);
    expect(line).toContain(problem);
    expect(line).toContain(
      'must be an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal',
    );
  });
});

describe('redelivery', () => {
  test.each([
    [1, { action: 'retry', delayMs: 1000 }],
    [2, { action: 'retry', delayMs: 5000 }],
    [4, { action: 'retry', delayMs: 30_000 }],
    [5, { action: 'dead-letter' }],
  ])('after failed delivery %i, then %j', (deliveryCount, step) => {
    expect(afterFailure(deliveryCount)).toEqual(step);
  });
});

describe('PRACTITIONER_NAME, one setting for every service that names her', () => {
  const schema = z.object({ PRACTITIONER_NAME: practitionerName });

  test("when it is unset or empty, then the catalogue's name is used; when set, it is trimmed", () => {
    expect(parseConfig(schema, {}).PRACTITIONER_NAME).toBe('Dr. Helen');
    expect(parseConfig(schema, { PRACTITIONER_NAME: '' }).PRACTITIONER_NAME).toBe('Dr. Helen');
    expect(parseConfig(schema, { PRACTITIONER_NAME: '  Dr. Ada  ' }).PRACTITIONER_NAME).toBe('Dr. Ada');
  });

  test('when it is longer than the pages are laid out for (60), then the configuration is refused naming it', () => {
    expect(parseConfig(schema, { PRACTITIONER_NAME: 'x'.repeat(60) }).PRACTITIONER_NAME).toHaveLength(60);
    expect(() => parseConfig(schema, { PRACTITIONER_NAME: 'x'.repeat(61) })).toThrow(/PRACTITIONER_NAME/);
  });
});
