import { z } from 'zod';
import { formatZodError, friendlyErrors } from './errors.js';

export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

const natsUrls = z
  .string()
  .refine(
    (value) => value.split(',').every((url) => /^(nats|tls|ws|wss):\/\/\S+$/.test(url.trim())),
    'must be one or more nats:// URLs, separated by commas',
  );

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
    LOG_LEVEL: LogLevel.default('info'),
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
