import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from './config.js';

export type { Logger } from 'pino';

/**
 * One JSON logger per process, at the level of the service's LOG_LEVEL (its config, the one place it is read); requests and consumers log through `child()`, whose bindings carry the
 * request id and, when the service traces, the trace_id and span_id (tracing/log.ts).
 */
export function createLogger(name: string, level: LogLevel, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // Standard output unless told otherwise (a test reads the lines it writes).
  return destination ? pino(options, destination) : pino(options);
}
