// email.v1.subscribed → the double opt-in's confirmation e-mail. The event is durable (content-optin), so a
// sign-up whose e-mail was not sent yet is sent after a restart; the inbox applies each event once, and the
// Message-ID comes from the address, so a send repeated after a crash between sending and the inbox's done
// mark carries the same id.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { EventBus, Inbox, Mailer, Subscription } from '@hhp/kit';
import { EmailSubscribedEvent, Subjects } from '@hhp/proto';
import type { SubscriberModel } from './subscriber.model.js';
import { confirmationEmail, type ListLinks } from './optin-email.js';

export interface OptInDeps {
  subscribers: SubscriberModel;
  mailer: Mailer;
  links: ListLinks;
  logger: Logger;
}

export const optInKey = (email: string) => `optin:${createHash('sha256').update(email).digest('hex')}`;

export async function sendConfirmation(deps: OptInDeps, event: EmailSubscribedEvent): Promise<void> {
  const subscriber = await deps.subscribers.findOne({ email: event.data.email }).lean();
  if (!subscriber) {
    deps.logger.warn({ eventId: event.id }, 'subscribed address not found; no confirmation e-mail');
    return;
  }
  if (subscriber.confirmedAt || subscriber.unsubscribedAt) return;
  const message = confirmationEmail(deps.links, { id: String(subscriber._id), email: subscriber.email });
  await deps.mailer.send({ ...message, idempotencyKey: optInKey(subscriber.email) });
}

export function consumeEmailSubscribed(deps: OptInDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return bus.subscribe(
    Subjects.emailSubscribed,
    'content-optin',
    async (event, { lease }) => {
      await inbox.once(`content-optin:${event.id}`, () => sendConfirmation(deps, event), lease);
    },
    { schema: EmailSubscribedEvent },
  );
}
