import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** The shape every event shares (proto's `envelope()` narrows `type` and `data` per subject). */
export const EventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = { id: string; type: string; occurredAt: string; data: T };

/** A new event; pass `id` when it must be deterministic (so a re-publish is de-duplicated by msgID). */
export function createEnvelope<T>(
  type: string,
  data: T,
  { id = randomUUID(), occurredAt = new Date() }: { id?: string; occurredAt?: Date } = {},
): EventEnvelope<T> {
  return { id, type, occurredAt: occurredAt.toISOString(), data };
}

export function encodeEnvelope(envelope: EventEnvelope): string {
  return JSON.stringify(EventEnvelope.parse(envelope));
}

/** Decode bytes from the wire; with a schema, the event's own (proto) schema. */
export function decodeEnvelope<T extends z.ZodType = typeof EventEnvelope>(bytes: Uint8Array, schema?: T): z.output<T> {
  const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
  return (schema ?? EventEnvelope).parse(json) as z.output<T>;
}
