import { context, isSpanContextValid, trace } from '@opentelemetry/api';

/**
 * pino's mixin: the active span's ids on every log line written inside it (a request's, a consumer's), in
 * OpenTelemetry's log field names, so a log search and a trace find each other. Nothing when no span is active.
 */
export function traceLogFields(): { trace_id?: string; span_id?: string; trace_flags?: string } {
  const spanContext = trace.getSpan(context.active())?.spanContext();
  // A new object each time: pino assigns the line's own fields into what the mixin returns.
  if (!spanContext || !isSpanContextValid(spanContext)) return {};
  return {
    trace_id: spanContext.traceId,
    span_id: spanContext.spanId,
    trace_flags: spanContext.traceFlags.toString(16).padStart(2, '0'),
  };
}
