import { isSpanContextValid, type Span } from '@opentelemetry/api';

export interface TraceLogFields {
  trace_id: string;
  span_id: string;
  trace_flags: string;
}

/**
 * A span's ids in OpenTelemetry's log field names, for a logger's bindings: the request's logger (pino-http)
 * and a consumer's or a responder's carry them on every line, so a log search and a trace find each other.
 * Bindings are computed once per request or message, not once per line. Undefined for no span or a no-op one.
 */
export function traceLogFields(span: Span | undefined): TraceLogFields | undefined {
  const spanContext = span?.spanContext();
  if (!spanContext || !isSpanContextValid(spanContext)) return undefined;
  return {
    trace_id: spanContext.traceId,
    span_id: spanContext.spanId,
    trace_flags: spanContext.traceFlags.toString(16).padStart(2, '0'),
  };
}
