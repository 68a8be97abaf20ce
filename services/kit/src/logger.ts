import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/**
 * One JSON logger per process; requests and consumers log through `child()`, whose bindings carry the
 * request id and, when the service traces, the trace_id and span_id (tracing/log.ts).
 */
export function createLogger(
  name: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: DestinationStream,
): Logger {
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
