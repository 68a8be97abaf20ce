import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/** One JSON logger per process; requests and consumers log through `child()`. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
