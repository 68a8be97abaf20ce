// The welcome e-mail of a subscription that has become active (or trialing), with its "Manage subscription"
// link. Payments learns of it in several ways (its own calls, a hosted Checkout's return, webhooks), and all
// of them end in one subscription.v1.changed event written with the record: this durable consumer of its own
// (payments-welcome) sends once per subscription through the inbox, keyed by the subscription rather than the
// event, so a later renewal or another "active" view sends nothing. The Message-ID comes from the same key,
// so a send repeated after a crash between sending and the inbox's done mark carries the same id.
import type { EventBus, Inbox, Subscription } from '@hhp/kit';
import { ACTIVE_SUBSCRIPTION_STATUSES, Subjects, SubscriptionChangedEvent } from '@hhp/proto';
import { callStripe } from '../stripe/errors.js';
import type { SignInDeps } from './deps.js';
import { manageUrl, welcomeEmail } from './emails.js';
import { manageToken } from './manage-token.js';

/**
 * A new consumer reads the stream from its start: subscriptions older than this (which began before the
 * welcome e-mail existed, or during a long outage) are not welcomed weeks late.
 */
const WELCOME_WITHIN_MS = 24 * 60 * 60 * 1000;

type WelcomeDeps = Pick<
  SignInDeps,
  'stripe' | 'customers' | 'mailer' | 'cookieSecret' | 'publicBaseUrl' | 'logger' | 'metrics'
>;

/** The customer's address: the one it subscribed with here, else the one Stripe has (a hosted Checkout's). */
async function addressOf(deps: WelcomeDeps, customerId: string): Promise<string | undefined> {
  const known = await deps.customers.findById(customerId).lean();
  if (known) return known.email;
  const customer = await callStripe(deps.logger, () => deps.stripe.customers.retrieve(customerId));
  return 'deleted' in customer && customer.deleted ? undefined : (customer.email ?? undefined);
}

async function sendWelcome(deps: WelcomeDeps, event: SubscriptionChangedEvent): Promise<void> {
  const { customerId, subscriptionId } = event.data;
  const email = await addressOf(deps, customerId);
  if (!email) {
    deps.logger.warn({ customerId, subscriptionId }, 'no e-mail address for a new subscription; no welcome e-mail');
    return;
  }
  const manage = manageUrl(deps.publicBaseUrl, manageToken(customerId, deps.cookieSecret));
  await deps.mailer.send({ ...welcomeEmail(email, manage), idempotencyKey: `welcome:${subscriptionId}` });
  deps.metrics.welcomeEmails.inc();
}

export function consumeWelcomes(deps: WelcomeDeps, bus: EventBus, inbox: Inbox): Promise<Subscription> {
  return bus.subscribe(
    Subjects.subscriptionChanged,
    'payments-welcome',
    async (event, { lease }) => {
      if (!ACTIVE_SUBSCRIPTION_STATUSES.includes(event.data.status)) return;
      if (Date.now() - Date.parse(event.occurredAt) > WELCOME_WITHIN_MS) return;
      await inbox.once(`welcome:${event.data.subscriptionId}`, () => sendWelcome(deps, event), lease);
    },
    { schema: SubscriptionChangedEvent },
  );
}
