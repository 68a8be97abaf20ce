import { isIP } from 'node:net';
import { DEFAULT_PRACTITIONER_NAME, PRACTITIONER_NAME_MAX_LENGTH } from '@hhp/proto/catalogue/practitioner';
import { z } from 'zod';
import { formatZodError, friendlyErrors } from './errors.js';
import { DEFAULT_ACK_WAIT_MS, MIN_ACK_WAIT_MS } from './events/redelivery.js';
import { allowlistEntryProblem, NO_ALLOWLIST, parseAddressAllowlist } from './http/client-key.js';
import { MIN_SECRET_LENGTH, secretsOf } from './signing/keys.js';

export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof LogLevel>;

/**
 * PRACTITIONER_NAME, the one setting of the practitioner the persona, the e-mails and the pages name: every service
 * that names her reads it through this schema (the frontend's build holds it to the same bounds).
 */
export const practitionerName = z
  .string()
  .trim()
  .min(1)
  .max(PRACTITIONER_NAME_MAX_LENGTH)
  .default(DEFAULT_PRACTITIONER_NAME);

const natsUrls = z
  .string()
  .refine(
    (value) => value.split(',').every((url) => /^(nats|tls|ws|wss):\/\/\S+$/.test(url.trim())),
    'must be one or more nats:// URLs, separated by commas',
  );

/** express's names for address ranges (proxy-addr): 127.0.0.0/8 and ::1; 169.254.0.0/16 and fe80::/10; private ranges. */
export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

function isProxyEntry(entry: string): boolean {
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For a service believes: addresses, CIDR ranges or express's range names,
 * separated by commas. express walks X-Forwarded-For from the right, past every trusted address, and the
 * first untrusted one is `req.ip`; a request from an untrusted peer is its own socket address, whatever it
 * claims. Hop counts are not accepted: they believe whoever connects.
 */
export const trustedProxies = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .superRefine((entries, ctx) => {
    const wrong = entries.filter((entry) => !isProxyEntry(entry));
    if (wrong.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `each entry must be an IP address, a CIDR range (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')} (not ${wrong.map((entry) => JSON.stringify(entry)).join(', ')})`,
      });
    }
  });

/**
 * LOAD_TEST_ALLOWLIST: addresses and CIDR ranges (IPv4 and IPv6, comma-separated) that no per-address limit
 * counts, for a load test run from a few machines (http/client-key.ts). Empty by default: nobody.
 */
export const addressAllowlist = z
  .string()
  .superRefine((value, ctx) => {
    const problems = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map(allowlistEntryProblem)
      .filter((problem) => problem !== undefined);
    if (problems.length > 0) ctx.addIssue({ code: 'custom', message: problems.join(', ') });
  })
  .transform(parseAddressAllowlist);

/**
 * A secret that signs values (signing/keys.ts): one secret of at least 32 characters, or several separated by
 * commas, the newest first (it signs; all verify), to rotate it without breaking what the older one signed.
 */
export const signingSecrets = z
  .string()
  .refine(
    (value) => secretsOf(value).length > 0 && secretsOf(value).every((secret) => secret.length >= MIN_SECRET_LENGTH),
    `must be at least ${MIN_SECRET_LENGTH} characters (several secrets: separated by commas, the newest first, each at least ${MIN_SECRET_LENGTH})`,
  );

/** The sender of the portal's e-mails when MAIL_FROM is not set (mail/mailer.ts). */
export const DEFAULT_MAIL_FROM = '"Holistic Health Portal" <no-reply@holistichealth.example>';

/** The variables every service reads; extend it with the service's own. */
export function serviceConfig(name: string, defaultPort: number) {
  return z.object({
    PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort),
    HOST: z.string().min(1).default('127.0.0.1'),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// URI')
      .default('mongodb://127.0.0.1:27017'),
    MONGODB_DB: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be 1-63 letters, digits, dashes or underscores')
      .default(`hhp-${name}`),
    NATS_URL: natsUrls.default('nats://127.0.0.1:4222'),
    /** The service's own NATS user (nats-server refuses anonymous connections; infra/src/nats-auth.ts). */
    NATS_USER: z.string().min(1).optional(),
    NATS_PASSWORD: z.string().min(1).optional(),
    /**
     * How long JetStream waits for a durable consumer's answer before it redelivers the message (the handler's
     * heartbeat and its inbox lease derive from it: events/redelivery.ts). Short only in tests.
     */
    EVENT_ACK_WAIT_MS: z.coerce.number().int().min(MIN_ACK_WAIT_MS).max(600_000).default(DEFAULT_ACK_WAIT_MS),
    LOG_LEVEL: LogLevel.default('info'),
    /** Who may say, in X-Forwarded-For, which address a request came from (see `trustedProxies`). */
    TRUSTED_PROXIES: trustedProxies.default(['loopback']),
    /** Who is let past every per-address limit (load generators only; see `addressAllowlist`). */
    LOAD_TEST_ALLOWLIST: addressAllowlist.default(NO_ALLOWLIST),
    /** Where e-mail goes (createMailer); unset: e-mails are logged, not sent. `npm start` points it at Mailpit. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s/]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^(.*<[^<>\s]+@[^<>\s]+\.[^<>\s]+>|[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+)$/,
        'must be "Name" <address> or an address',
      )
      .default(DEFAULT_MAIL_FROM),
    /** Where traces go over OTLP (HTTP, protobuf; `<endpoint>/v1/traces`); unset or empty: none are recorded. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    /** The traces' `service.name` instead of the service's own (OpenTelemetry's standard variable). */
    OTEL_SERVICE_NAME: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional()),
  });
}
export type ServiceConfig = z.infer<ReturnType<typeof serviceConfig>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment; empty variables count as unset. Throws a ConfigError listing every problem. */
export function parseConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.output<T> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present, { error: friendlyErrors });
  if (result.success) return result.data;
  throw new ConfigError(formatZodError(result.error).split('; '));
}

/** parseConfig, or print what is wrong to stderr and exit with status 1. */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv = process.env): z.output<T> {
  try {
    return parseConfig(schema, env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
