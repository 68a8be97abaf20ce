// email.v1.subscribed → the double opt-in's confirmation e-mail, for the address's live sign-up. The event is
// durable (content-optin), so a sign-up whose e-mail was not sent yet is sent after a restart; the inbox applies
// each event once, and the Message-ID comes from the address and the sign-up, so a send repeated after a crash
// between sending and the inbox's done mark carries the same id, and a sign-up after an unsubscribe a new one.
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { consumeOnce, type EventBus, type Inbox, type Mailer, type Subscription } from '@hhp/kit';
import { EmailSubscribedEvent, Subjects } from '@hhp/proto';
import type { SubscriberModel } from './subscriber.model.js';
import { confirmationEmail, type ListLinks } from './optin-email.js';

export interface OptInDeps {
  subscribers: SubscriberModel;
  mailer: Mailer;
  links: ListLinks;
  logger: Logger;
}

/** Per address and sign-up (an address stored before sign-ups had ids: per address). */
const optInKey = (email: string, signupId?: string) =>
  `optin:${createHash('sha256').update(email).digest('hex')}${signupId ? `:${signupId}` : ''}`;

export async function sendConfirmation(deps: OptInDeps, event: EmailSubscribedEvent): Promise<void> {
  const subscriber = await deps.subscribers.findOne({ email: event.data.email }).lean();
  if (!subscriber) {
    deps.logger.warn({ eventId: event.id }, 'subscribed address not found; no confirmation e-mail');
    return;
  }
  // On the list already, or left since (no live sign-up): nothing to confirm.
  const { signupId } = subscriber;
  if (subscriber.unsubscribedAt ? !signupId : subscriber.confirmedAt) return;
  const message = confirmationEmail(deps.links, { id: String(subscriber._id), email: subscriber.email, signupId });
  await deps.mailer.send({ ...message, idempotencyKey: optInKey(subscriber.email, signupId) });
}

export function consumeEmailSubscribed(deps: OptInDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return consumeOnce(
    { bus, inbox },
    { subject: Subjects.emailSubscribed, durable: 'content-optin', schema: EmailSubscribedEvent },
    (event) => sendConfirmation(deps, event),
  );
}
