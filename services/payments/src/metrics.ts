// The payments service's own counters, beside the kit's request durations.
import { Counter, type Registry } from 'prom-client';

export interface PaymentsMetrics {
  intentsCreated: Counter;
  subscriptionsCreated: Counter<'status'>;
  checkoutSessions: Counter;
  webhooks: Counter<'type' | 'outcome'>;
  refunds: Counter<'outcome'>;
  signInLinks: Counter<'outcome'>;
  welcomeEmails: Counter;
  alreadySubscribedEmails: Counter<'outcome'>;
}

export function paymentsMetrics(registry: Registry): PaymentsMetrics {
  return {
    intentsCreated: new Counter({
      name: 'payments_intents_created_total',
      help: 'PaymentIntents created for sessions (a repeated ask for a session is not counted again)',
      registers: [registry],
    }),
    subscriptionsCreated: new Counter({
      name: 'payments_subscriptions_created_total',
      help: 'Subscriptions created, by the status Stripe gave them',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    checkoutSessions: new Counter({
      name: 'payments_checkout_sessions_total',
      help: 'Hosted Checkout sessions created',
      registers: [registry],
    }),
    webhooks: new Counter({
      name: 'payments_webhooks_total',
      help: 'Stripe webhook deliveries, by event type and outcome (applied, duplicate, ignored, rejected, failed)',
      labelNames: ['type', 'outcome'] as const,
      registers: [registry],
    }),
    refunds: new Counter({
      name: 'payments_refunds_total',
      help: 'Refunds for booking conflicts, by outcome (refunded, duplicate, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    signInLinks: new Counter({
      name: 'payments_sign_in_links_total',
      help: 'Sign-in link requests, by outcome (sent, not-subscribed, email-limit, address-limit, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    welcomeEmails: new Counter({
      name: 'payments_welcome_emails_total',
      help: 'Welcome e-mails sent to new subscribers',
      registers: [registry],
    }),
    alreadySubscribedEmails: new Counter({
      name: 'payments_already_subscribed_emails_total',
      help: 'E-mails to a subscriber whose address started another subscription, by outcome (sent, email-limit, failed)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
}
