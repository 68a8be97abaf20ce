// A durable consumer that applies each event once: the inbox's key is the consumer's name and the event's id, so
// a redelivery (or a second replica's delivery) of the same event is acknowledged without applying it again.
import type { z } from 'zod';
import type { Inbox } from '../data/inbox.js';
import type { EventBus } from './bus.js';
import type { EventContext, Subscription } from './durable-consumer.js';

export function consumeOnce<S extends z.ZodType<{ id: string }>>(
  { bus, inbox }: { bus: Pick<EventBus, 'subscribe'>; inbox: Pick<Inbox, 'once'> },
  consumer: { subject: string; durable: string; schema: S },
  apply: (event: z.output<S>, context: EventContext) => Promise<unknown>,
): Promise<Subscription> {
  const { subject, durable, schema } = consumer;
  return bus.subscribe(
    subject,
    durable,
    async (event, context) => {
      await inbox.once(`${durable}:${event.id}`, () => apply(event, context), context.lease);
    },
    { schema },
  );
}
