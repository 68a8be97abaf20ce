import {
  SpanStatusCode,
  context,
  trace,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { ATTR_ERROR_TYPE } from '@opentelemetry/semantic-conventions';

// The messaging attributes are still "incubating" in the semantic conventions; their package asks users to
// copy such names rather than import them, as they may change between its minor versions.
export const ATTR_MESSAGING_SYSTEM = 'messaging.system';
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name';
export const ATTR_MESSAGING_OPERATION_TYPE = 'messaging.operation.type';
export const ATTR_MESSAGING_OPERATION_NAME = 'messaging.operation.name';
export const ATTR_MESSAGING_MESSAGE_ID = 'messaging.message.id';
export const ATTR_MESSAGING_CONSUMER_GROUP_NAME = 'messaging.consumer.group.name';
export const ATTR_MESSAGING_DELIVERY_COUNT = 'messaging.nats.delivery_count';
export const MESSAGING_SYSTEM_NATS = 'nats';

/** The messaging attributes of a span on a NATS subject (`operationType`: send, receive, process). */
export function messagingAttributes(subject: string, operationType: string, operationName: string) {
  return {
    [ATTR_MESSAGING_SYSTEM]: MESSAGING_SYSTEM_NATS,
    [ATTR_MESSAGING_DESTINATION_NAME]: subject,
    [ATTR_MESSAGING_OPERATION_TYPE]: operationType,
    [ATTR_MESSAGING_OPERATION_NAME]: operationName,
  };
}

/** Marks a span failed with the error (its type and message; the stack only as the exception event). */
export function recordError(span: Span, err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err));
  span.recordException(error);
  span.setAttribute(ATTR_ERROR_TYPE, error.name);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

/**
 * Runs `work` in a new span, child of `parent` (default: the active context), with the span active inside;
 * a thrown error marks the span failed and goes on. The span ends when `work` settles.
 */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: SpanOptions,
  work: (span: Span, ctx: Context) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  const span = tracer.startSpan(name, options, parent);
  const ctx = trace.setSpan(parent, span);
  try {
    return await context.with(ctx, () => work(span, ctx));
  } catch (err) {
    recordError(span, err);
    throw err;
  } finally {
    span.end();
  }
}
